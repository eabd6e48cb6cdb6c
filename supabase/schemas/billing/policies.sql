-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY account_credits_billing_admin_read ON public.account_credits FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_account_totals_billing_admin_read ON public.billing_account_totals FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_account_totals_own_read ON public.billing_account_totals FOR SELECT USING ((account_id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY billing_accounts_billing_admin_all ON public.billing_accounts USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_accounts_own_read ON public.billing_accounts FOR SELECT USING ((id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY billing_plans_billing_admin_all ON public.billing_plans USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY billing_plans_member_read ON public.billing_plans FOR SELECT USING ((active AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY billing_settings_billing_admin_all ON public.billing_settings USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_lines_billing_admin_all ON public.invoice_lines USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_lines_own_read ON public.invoice_lines FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.invoices i
  WHERE (i.id = invoice_lines.invoice_id))));

CREATE POLICY invoice_payments_billing_admin_all ON public.invoice_payments USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_reminders_billing_admin_insert ON public.invoice_reminders FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_reminders_billing_admin_read ON public.invoice_reminders FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoice_status_counts_billing_admin_read ON public.invoice_status_counts FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoices_billing_admin_all ON public.invoices USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY invoices_own_read ON public.invoices FOR SELECT USING ((account_id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY payment_terms_billing_admin_all ON public.payment_terms USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credit_rules_billing_admin_all ON public.volunteer_credit_rules USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credits_billing_admin_read ON public.volunteer_credits FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_credits_own_read ON public.volunteer_credits FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY ledger_entries_billing_admin_read ON public.ledger_entries FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY ledger_entries_own_read ON public.ledger_entries FOR SELECT USING ((account_id = ANY (( SELECT app_private.my_account_ids() AS my_account_ids)::uuid[])));

CREATE POLICY bank_statement_lines_billing_admin_read ON public.bank_statement_lines FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));
