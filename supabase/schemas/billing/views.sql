-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.billing_account_summaries WITH (security_invoker='true') AS
 SELECT a.id,
    a.community_id,
    a.name,
    a.kind,
    a.member_id,
    a.email,
    a.cvr,
    a.ean,
    a.language,
    a.plan_id,
    a.payment_terms_id,
    a.created_at,
    COALESCE(t.outstanding_ore, (0)::bigint) AS outstanding_ore,
    (
        CASE
            WHEN ((t.first_due_on IS NULL) OR (t.first_due_on >= CURRENT_DATE)) THEN (0)::numeric
            WHEN (t.last_due_on < CURRENT_DATE) THEN (t.outstanding_ore)::numeric
            ELSE ( SELECT COALESCE(sum(((i.total_ore + i.fees_ore) - i.paid_ore)), (0)::numeric) AS "coalesce"
               FROM public.invoices i
              WHERE ((i.account_id = a.id) AND (i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text) AND (i.due_on < CURRENT_DATE)))
        END)::bigint AS overdue_ore,
    COALESCE(t.credit_ore, (0)::bigint) AS credit_ore,
    (COALESCE(t.outstanding_ore, (0)::bigint) - COALESCE(t.credit_ore, (0)::bigint)) AS balance_ore
   FROM (public.billing_accounts a
     LEFT JOIN public.billing_account_totals t ON ((t.account_id = a.id)));

REVOKE ALL ON TABLE public.billing_account_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_account_summaries TO anon;
GRANT ALL ON TABLE public.billing_account_summaries TO authenticated;
GRANT ALL ON TABLE public.billing_account_summaries TO service_role;

CREATE VIEW public.billing_account_balances WITH (security_invoker='true') AS
 SELECT s.id AS account_id,
    s.community_id,
    s.outstanding_ore,
    s.overdue_ore,
    s.credit_ore,
    s.balance_ore
   FROM public.billing_account_summaries s;

REVOKE ALL ON TABLE public.billing_account_balances FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_account_balances TO anon;
GRANT ALL ON TABLE public.billing_account_balances TO authenticated;
GRANT ALL ON TABLE public.billing_account_balances TO service_role;

CREATE VIEW public.invoice_summaries WITH (security_invoker='true') AS
 SELECT i.id,
    i.community_id,
    i.account_id,
    a.name AS account_name,
    a.kind AS account_kind,
    i.number,
    i.kind,
    i.status,
        CASE
            WHEN ((i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text) AND (i.due_on < CURRENT_DATE)) THEN 'overdue'::text
            ELSE (i.status)::text
        END AS list_status,
    i.issued_on,
    i.due_on,
    i.subtotal_ore,
    i.vat_ore,
    i.total_ore,
    i.fees_ore,
    i.paid_ore,
        CASE
            WHEN ((i.status = 'issued'::public.invoice_status) AND (i.kind = 'invoice'::text)) THEN ((i.total_ore + i.fees_ore) - i.paid_ore)
            ELSE (0)::bigint
        END AS outstanding_ore,
    i.currency,
    i.credited_invoice_id,
    i.emailed_at,
    i.note,
    i.created_at
   FROM (public.invoices i
     JOIN public.billing_accounts a ON ((a.id = i.account_id)));

REVOKE ALL ON TABLE public.invoice_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoice_summaries TO anon;
GRANT ALL ON TABLE public.invoice_summaries TO authenticated;
GRANT ALL ON TABLE public.invoice_summaries TO service_role;

CREATE VIEW public.payer_balances WITH (security_invoker='true') AS
 SELECT a.id AS account_id,
    a.community_id,
    (COALESCE(sum(e.amount_ore), (0)::numeric))::bigint AS balance_ore,
    (COALESCE(sum(e.amount_ore) FILTER (WHERE (e.side = 'receivable'::text)), (0)::numeric))::bigint AS outstanding_ore,
    (- COALESCE(sum(e.amount_ore) FILTER (WHERE (e.side = 'credit'::text)), (0)::numeric))::bigint AS credit_ore
   FROM (public.billing_accounts a
     LEFT JOIN public.ledger_entries e ON ((e.account_id = a.id)))
  GROUP BY a.id, a.community_id;

COMMENT ON VIEW public.payer_balances IS 'The one balance of a payer account: the sum of its ledger entries (decision 1041). outstanding_ore and credit_ore are its two sides.';

REVOKE ALL ON TABLE public.payer_balances FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.payer_balances TO authenticated;
GRANT SELECT ON TABLE public.payer_balances TO service_role;
