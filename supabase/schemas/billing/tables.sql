-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.volunteer_credit_rules (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    min_hours numeric(6,2) NOT NULL,
    credit_ore integer NOT NULL,
    season_start date NOT NULL,
    season_end date NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_credit_rules_check CHECK ((season_end >= season_start)),
    CONSTRAINT volunteer_credit_rules_credit_ore_check CHECK ((credit_ore > 0)),
    CONSTRAINT volunteer_credit_rules_min_hours_check CHECK ((min_hours > (0)::numeric)),
    CONSTRAINT volunteer_credit_rules_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_credit_rules
    ADD CONSTRAINT volunteer_credit_rules_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_credit_rules ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_credit_rules FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_credit_rules TO anon;
GRANT ALL ON TABLE public.volunteer_credit_rules TO authenticated;
GRANT ALL ON TABLE public.volunteer_credit_rules TO service_role;

CREATE TABLE public.invoices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    account_id uuid NOT NULL,
    number bigint,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    issued_on date,
    due_on date,
    subtotal_ore bigint DEFAULT 0 NOT NULL,
    vat_ore bigint DEFAULT 0 NOT NULL,
    total_ore bigint DEFAULT 0 NOT NULL,
    paid_ore bigint DEFAULT 0 NOT NULL,
    note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    kind text DEFAULT 'invoice'::text NOT NULL,
    credited_invoice_id uuid,
    fees_ore bigint DEFAULT 0 NOT NULL,
    emailed_at timestamp with time zone,
    CONSTRAINT invoices_credit_note_refers CHECK (((kind = 'credit_note'::text) = (credited_invoice_id IS NOT NULL))),
    CONSTRAINT invoices_fees_ore_check CHECK ((fees_ore >= 0)),
    CONSTRAINT invoices_kind_check CHECK ((kind = ANY (ARRAY['invoice'::text, 'credit_note'::text])))
);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_community_id_number_key UNIQUE (community_id, number);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE public.invoices ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoices FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoices TO anon;
GRANT ALL ON TABLE public.invoices TO authenticated;
GRANT ALL ON TABLE public.invoices TO service_role;

CREATE TABLE public.payment_terms (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    days_due integer DEFAULT 14 NOT NULL,
    is_default boolean DEFAULT false NOT NULL,
    reminder_days integer[] DEFAULT '{}'::integer[] NOT NULL,
    reminder_fee_ore integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_terms_days_due_check CHECK (((days_due >= 0) AND (days_due <= 365))),
    CONSTRAINT payment_terms_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT payment_terms_reminder_fee_ore_check CHECK (((reminder_fee_ore >= 0) AND (reminder_fee_ore <= 10000)))
);

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.payment_terms
    ADD CONSTRAINT payment_terms_pkey PRIMARY KEY (id);

ALTER TABLE public.payment_terms ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payment_terms FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.payment_terms TO anon;
GRANT ALL ON TABLE public.payment_terms TO authenticated;
GRANT ALL ON TABLE public.payment_terms TO service_role;

CREATE TABLE app_private.invoice_numbers_ahead (
    invoice_id uuid NOT NULL,
    number bigint NOT NULL
);

REVOKE ALL ON TABLE app_private.invoice_numbers_ahead FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.invoice_numbers_ahead
    ADD CONSTRAINT invoice_numbers_ahead_pkey PRIMARY KEY (invoice_id);

CREATE TABLE public.account_credits (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    account_id uuid NOT NULL,
    amount_ore bigint NOT NULL,
    source text NOT NULL,
    invoice_id uuid,
    payment_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT account_credits_amount_ore_check CHECK ((amount_ore <> 0)),
    CONSTRAINT account_credits_source_check CHECK ((source = ANY (ARRAY['overpayment'::text, 'credited_payment'::text, 'applied'::text])))
);

ALTER TABLE ONLY public.account_credits
    ADD CONSTRAINT account_credits_pkey PRIMARY KEY (id);

ALTER TABLE public.account_credits ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.account_credits FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.account_credits TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.account_credits TO authenticated;
GRANT ALL ON TABLE public.account_credits TO service_role;

CREATE TABLE public.billing_account_totals (
    account_id uuid NOT NULL,
    community_id uuid NOT NULL,
    outstanding_ore bigint DEFAULT 0 NOT NULL,
    credit_ore bigint DEFAULT 0 NOT NULL,
    open_invoices integer DEFAULT 0 NOT NULL,
    first_due_on date,
    last_due_on date
);

ALTER TABLE ONLY public.billing_account_totals
    ADD CONSTRAINT billing_account_totals_pkey PRIMARY KEY (account_id);

ALTER TABLE public.billing_account_totals ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_account_totals FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.billing_account_totals TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.billing_account_totals TO authenticated;
GRANT ALL ON TABLE public.billing_account_totals TO service_role;

CREATE TABLE public.bank_statement_lines (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    line_key text NOT NULL,
    booked_on date NOT NULL,
    text text NOT NULL,
    amount_ore bigint NOT NULL,
    matched_by text,
    invoice_id uuid,
    payment_id uuid,
    exception_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT bank_statement_lines_matched_by_check CHECK (((matched_by IS NULL) OR (matched_by = ANY (ARRAY['fi'::text, 'invoice_number'::text, 'amount_and_name'::text]))))
);

COMMENT ON TABLE public.bank_statement_lines IS 'Each line of an imported bank statement once, with what it was booked as (decision 1062).';

ALTER TABLE ONLY public.bank_statement_lines
    ADD CONSTRAINT bank_statement_lines_community_id_line_key_key UNIQUE (community_id, line_key);

ALTER TABLE ONLY public.bank_statement_lines
    ADD CONSTRAINT bank_statement_lines_pkey PRIMARY KEY (id);

ALTER TABLE public.bank_statement_lines ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.bank_statement_lines FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.bank_statement_lines TO authenticated;
GRANT SELECT ON TABLE public.bank_statement_lines TO service_role;

CREATE TABLE public.billing_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    kind text DEFAULT 'member'::text NOT NULL,
    member_id uuid,
    email text,
    cvr text,
    ean text,
    street text,
    postal_code text,
    city text,
    plan_id uuid,
    payment_terms_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    language text DEFAULT 'da'::text NOT NULL,
    note text,
    order_reference text,
    contact_reference text,
    CONSTRAINT billing_accounts_contact_reference_check CHECK (((contact_reference IS NULL) OR (length(contact_reference) <= 40))),
    CONSTRAINT billing_accounts_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT billing_accounts_ean_check CHECK (((ean IS NULL) OR (ean ~ '^[0-9]{13}$'::text))),
    CONSTRAINT billing_accounts_email_check CHECK (((email IS NULL) OR (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT billing_accounts_kind_check CHECK ((kind = ANY (ARRAY['member'::text, 'household'::text, 'organisation'::text, 'public_body'::text]))),
    CONSTRAINT billing_accounts_language_check CHECK ((language = ANY (ARRAY['da'::text, 'en'::text]))),
    CONSTRAINT billing_accounts_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT billing_accounts_order_reference_check CHECK (((order_reference IS NULL) OR (length(order_reference) <= 35)))
);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.billing_accounts
    ADD CONSTRAINT billing_accounts_pkey PRIMARY KEY (id);

ALTER TABLE public.billing_accounts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_accounts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_accounts TO anon;
GRANT ALL ON TABLE public.billing_accounts TO authenticated;
GRANT ALL ON TABLE public.billing_accounts TO service_role;

CREATE TABLE public.billing_plans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    price_ore integer NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    billing_interval public.billing_interval DEFAULT 'annually'::public.billing_interval NOT NULL,
    vat_rate_bp integer DEFAULT 0 NOT NULL,
    vat_exempt boolean DEFAULT true NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    payment_terms_id uuid,
    grants text DEFAULT 'membership'::text NOT NULL,
    group_id uuid,
    CONSTRAINT billing_plans_grants_check CHECK ((grants = ANY (ARRAY['membership'::text, 'group'::text, 'nothing'::text]))),
    CONSTRAINT billing_plans_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT billing_plans_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT billing_plans_vat_rate_bp_check CHECK (((vat_rate_bp >= 0) AND (vat_rate_bp <= 10000)))
);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.billing_plans
    ADD CONSTRAINT billing_plans_pkey PRIMARY KEY (id);

ALTER TABLE public.billing_plans ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_plans FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_plans TO anon;
GRANT ALL ON TABLE public.billing_plans TO authenticated;
GRANT ALL ON TABLE public.billing_plans TO service_role;

CREATE TABLE public.billing_settings (
    community_id uuid NOT NULL,
    bank_reg_no text,
    bank_account_no text,
    mobilepay_number text,
    invoice_email text,
    debtor_account text DEFAULT '5600'::text NOT NULL,
    revenue_exempt_account text DEFAULT '1000'::text NOT NULL,
    revenue_taxable_account text DEFAULT '1010'::text NOT NULL,
    vat_account text DEFAULT '7700'::text NOT NULL,
    fee_income_account text DEFAULT '1090'::text NOT NULL,
    bank_account text DEFAULT '5820'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    street text,
    postal_code text,
    city text,
    iban text,
    fi_creditor_no text,
    CONSTRAINT billing_settings_bank_account_no_check CHECK (((bank_account_no IS NULL) OR (bank_account_no ~ '^[0-9]{6,10}$'::text))),
    CONSTRAINT billing_settings_bank_reg_no_check CHECK (((bank_reg_no IS NULL) OR (bank_reg_no ~ '^[0-9]{4}$'::text))),
    CONSTRAINT billing_settings_city_check CHECK (((city IS NULL) OR (length(city) <= 80))),
    CONSTRAINT billing_settings_fi_creditor_no_check CHECK (((fi_creditor_no IS NULL) OR (fi_creditor_no ~ '^[0-9]{8}$'::text))),
    CONSTRAINT billing_settings_iban_check CHECK (((iban IS NULL) OR (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'::text))),
    CONSTRAINT billing_settings_invoice_email_check CHECK (((invoice_email IS NULL) OR (invoice_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT billing_settings_mobilepay_number_check CHECK (((mobilepay_number IS NULL) OR (mobilepay_number ~ '^[0-9]{4,8}$'::text))),
    CONSTRAINT billing_settings_postal_code_check CHECK (((postal_code IS NULL) OR (postal_code ~ '^[0-9]{4}$'::text))),
    CONSTRAINT billing_settings_street_check CHECK (((street IS NULL) OR (length(street) <= 160)))
);

ALTER TABLE ONLY public.billing_settings
    ADD CONSTRAINT billing_settings_pkey PRIMARY KEY (community_id);

ALTER TABLE public.billing_settings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.billing_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.billing_settings TO anon;
GRANT ALL ON TABLE public.billing_settings TO authenticated;
GRANT ALL ON TABLE public.billing_settings TO service_role;

CREATE TABLE public.invoice_lines (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    description text NOT NULL,
    quantity integer DEFAULT 1 NOT NULL,
    unit_price_ore integer NOT NULL,
    vat_rate_bp integer DEFAULT 0 NOT NULL,
    vat_exempt boolean DEFAULT true NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    plan_id uuid,
    line_kind text DEFAULT 'charge'::text NOT NULL,
    net_ore bigint GENERATED ALWAYS AS (((
CASE
    WHEN (line_kind = 'credit'::text) THEN '-1'::integer
    ELSE 1
END * (quantity)::bigint) * unit_price_ore)) STORED,
    vat_ore bigint GENERATED ALWAYS AS (
CASE
    WHEN vat_exempt THEN (0)::bigint
    ELSE (
    CASE
        WHEN (line_kind = 'credit'::text) THEN '-1'::integer
        ELSE 1
    END * (round(((((quantity)::numeric * (unit_price_ore)::numeric) * (vat_rate_bp)::numeric) / (10000)::numeric)))::bigint)
END) STORED,
    CONSTRAINT invoice_lines_check CHECK (((NOT vat_exempt) OR (vat_rate_bp = 0))),
    CONSTRAINT invoice_lines_description_check CHECK ((length(TRIM(BOTH FROM description)) > 0)),
    CONSTRAINT invoice_lines_line_kind_check CHECK ((line_kind = ANY (ARRAY['charge'::text, 'credit'::text]))),
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT invoice_lines_unit_price_ore_check CHECK ((unit_price_ore >= 0)),
    CONSTRAINT invoice_lines_vat_rate_bp_check CHECK (((vat_rate_bp >= 0) AND (vat_rate_bp <= 10000)))
);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_lines ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_lines FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.invoice_lines TO anon;
GRANT ALL ON TABLE public.invoice_lines TO authenticated;
GRANT ALL ON TABLE public.invoice_lines TO service_role;

CREATE TABLE public.invoice_payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    amount_ore bigint NOT NULL,
    method public.payment_method NOT NULL,
    paid_at timestamp with time zone DEFAULT now() NOT NULL,
    reference text,
    CONSTRAINT invoice_payments_amount_ore_check CHECK ((amount_ore > 0))
);

ALTER TABLE ONLY public.invoice_payments
    ADD CONSTRAINT invoice_payments_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_payments ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_payments FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_payments TO anon;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_payments TO authenticated;
GRANT ALL ON TABLE public.invoice_payments TO service_role;

CREATE TABLE public.invoice_reminders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    invoice_id uuid NOT NULL,
    seq smallint NOT NULL,
    fee_ore integer NOT NULL,
    reminded_on date DEFAULT CURRENT_DATE NOT NULL,
    emailed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT invoice_reminders_fee_ore_check CHECK (((fee_ore >= 0) AND (fee_ore <= 10000))),
    CONSTRAINT invoice_reminders_seq_check CHECK (((seq >= 1) AND (seq <= 3)))
);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_invoice_id_seq_key UNIQUE (invoice_id, seq);

ALTER TABLE ONLY public.invoice_reminders
    ADD CONSTRAINT invoice_reminders_pkey PRIMARY KEY (id);

ALTER TABLE public.invoice_reminders ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_reminders FROM anon, authenticated, service_role;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_reminders TO anon;
GRANT SELECT,INSERT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.invoice_reminders TO authenticated;
GRANT ALL ON TABLE public.invoice_reminders TO service_role;

CREATE TABLE public.invoice_status_counts (
    community_id uuid NOT NULL,
    status public.invoice_status NOT NULL,
    invoices bigint DEFAULT 0 NOT NULL,
    CONSTRAINT invoice_status_counts_invoices_check CHECK ((invoices >= 0))
);

ALTER TABLE ONLY public.invoice_status_counts
    ADD CONSTRAINT invoice_status_counts_pkey PRIMARY KEY (community_id, status);

ALTER TABLE public.invoice_status_counts ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.invoice_status_counts FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.invoice_status_counts TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.invoice_status_counts TO authenticated;
GRANT ALL ON TABLE public.invoice_status_counts TO service_role;

CREATE TABLE public.volunteer_credits (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    rule_id uuid NOT NULL,
    member_id uuid NOT NULL,
    hours numeric(8,2) NOT NULL,
    credit_ore integer NOT NULL,
    invoice_id uuid,
    applied_ore integer,
    earned_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_credits_credit_ore_check CHECK ((credit_ore > 0))
);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.volunteer_credits
    ADD CONSTRAINT volunteer_credits_rule_id_member_id_key UNIQUE (rule_id, member_id);

ALTER TABLE public.volunteer_credits ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_credits FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.volunteer_credits TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.volunteer_credits TO authenticated;
GRANT ALL ON TABLE public.volunteer_credits TO service_role;

CREATE TABLE public.ledger_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    seq bigint GENERATED ALWAYS AS IDENTITY,
    community_id uuid NOT NULL,
    account_id uuid NOT NULL,
    kind text NOT NULL,
    side text NOT NULL,
    amount_ore bigint NOT NULL,
    ledger_account text NOT NULL,
    invoice_id uuid,
    order_id uuid,
    payment_id uuid,
    description text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_entries_amount_ore_check CHECK ((amount_ore <> 0)),
    CONSTRAINT ledger_entries_kind_check CHECK ((kind = ANY (ARRAY['charge'::text, 'payment'::text, 'refund'::text, 'credit'::text]))),
    CONSTRAINT ledger_entries_side_check CHECK ((side = ANY (ARRAY['receivable'::text, 'credit'::text])))
);

COMMENT ON TABLE public.ledger_entries IS 'Every amount that moves on a payer account, append-only (decision 1041). amount_ore > 0: the payer owes the club more; < 0: less. side receivable: what open invoices owe; side credit: the payer''s credit (its sum is minus the credit). A payer''s balance is the sum of its entries (public.payer_balances).';

ALTER TABLE ONLY public.ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id);

ALTER TABLE public.ledger_entries ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.ledger_entries FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.ledger_entries TO authenticated;
GRANT SELECT ON TABLE public.ledger_entries TO service_role;
