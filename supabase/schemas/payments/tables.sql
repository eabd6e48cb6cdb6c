-- Payments (provider credentials, online payments of orders, provider events, exceptions): tables with their keys, row-level security switches, comments and grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE app_private.payment_provider_credentials (
    community_id uuid NOT NULL,
    provider text DEFAULT 'vipps'::text NOT NULL,
    environment text DEFAULT 'test'::text NOT NULL,
    merchant_serial_number text NOT NULL,
    client_id_encrypted bytea NOT NULL,
    client_secret_encrypted bytea NOT NULL,
    subscription_key_encrypted bytea NOT NULL,
    webhook_secret_encrypted bytea,
    webhook_id text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_provider_credentials_environment_check CHECK ((environment = ANY (ARRAY['test'::text, 'production'::text]))),
    CONSTRAINT payment_provider_credentials_merchant_serial_number_check CHECK ((merchant_serial_number ~ '^[0-9]{4,6}$'::text)),
    CONSTRAINT payment_provider_credentials_provider_check CHECK ((provider = 'vipps'::text))
);

REVOKE ALL ON TABLE app_private.payment_provider_credentials FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.payment_provider_credentials
    ADD CONSTRAINT payment_provider_credentials_pkey PRIMARY KEY (community_id);

CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    order_id uuid NOT NULL,
    provider text DEFAULT 'vipps'::text NOT NULL,
    reference text NOT NULL,
    method text NOT NULL,
    amount_ore bigint NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    state text DEFAULT 'created'::text NOT NULL,
    redirect_url text,
    psp_reference text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_ore_check CHECK ((amount_ore > 0)),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['mobilepay'::text, 'card'::text]))),
    CONSTRAINT payments_reference_check CHECK ((reference ~ '^[a-zA-Z0-9-]{8,50}$'::text)),
    CONSTRAINT payments_state_check CHECK ((state = ANY (ARRAY['created'::text, 'authorized'::text, 'captured'::text, 'aborted'::text, 'expired'::text, 'cancelled'::text, 'terminated'::text])))
);

COMMENT ON TABLE public.payments IS 'One online payment of an order at the provider (decision 1042); reference is the provider''s reference.';

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_reference_key UNIQUE (reference);

ALTER TABLE public.payments ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payments FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.payments TO authenticated;
GRANT SELECT ON TABLE public.payments TO service_role;

CREATE TABLE public.payment_events (
    id bigint GENERATED ALWAYS AS IDENTITY,
    community_id uuid NOT NULL,
    event_key text NOT NULL,
    reference text NOT NULL,
    name text NOT NULL,
    amount_ore bigint NOT NULL,
    success boolean NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    payload jsonb NOT NULL,
    outcome text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.payment_events IS 'Each provider event once (event_key), with what it did (decision 1042).';

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_event_key_key UNIQUE (event_key);

ALTER TABLE public.payment_events ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payment_events FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.payment_events TO authenticated;
GRANT SELECT ON TABLE public.payment_events TO service_role;

CREATE TABLE public.payment_exceptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    kind text NOT NULL,
    reference text,
    order_id uuid,
    payment_id uuid,
    amount_ore bigint,
    expected_ore bigint,
    detail text NOT NULL,
    payload jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT payment_exceptions_kind_check CHECK ((kind = ANY (ARRAY['unknown_reference'::text, 'amount_mismatch'::text, 'late_authorization'::text, 'capture_failed'::text, 'invoice_not_payable'::text, 'cancel_failed'::text, 'refund_failed'::text])))
);

COMMENT ON TABLE public.payment_exceptions IS 'What the treasurer must look at: payments that did not fit an order (decision 1042).';

ALTER TABLE ONLY public.payment_exceptions
    ADD CONSTRAINT payment_exceptions_pkey PRIMARY KEY (id);

ALTER TABLE public.payment_exceptions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payment_exceptions FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.payment_exceptions TO authenticated;
GRANT SELECT ON TABLE public.payment_exceptions TO service_role;

CREATE TABLE public.payment_refunds (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    payment_id uuid NOT NULL,
    order_id uuid NOT NULL,
    purchase_id uuid,
    amount_ore bigint NOT NULL,
    state text DEFAULT 'requested'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payment_refunds_amount_ore_check CHECK ((amount_ore > 0)),
    CONSTRAINT payment_refunds_state_check CHECK ((state = ANY (ARRAY['requested'::text, 'refunded'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.payment_refunds
    ADD CONSTRAINT payment_refunds_pkey PRIMARY KEY (id);

ALTER TABLE public.payment_refunds ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.payment_refunds FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.payment_refunds TO authenticated;
GRANT SELECT ON TABLE public.payment_refunds TO service_role;
