-- Orders: tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.orders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    product_name text NOT NULL,
    member_id uuid NOT NULL,
    status public.order_status DEFAULT 'awaiting_payment'::public.order_status NOT NULL,
    amount_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    status_changed_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    account_id uuid,
    buyer_user_id uuid,
    expires_at timestamp with time zone,
    idempotency_key text,
    paid_at timestamp with time zone,
    payment_status text DEFAULT 'none'::text NOT NULL,
    CONSTRAINT orders_amount_ore_check CHECK ((amount_ore >= 0)),
    CONSTRAINT orders_payment_status_check CHECK ((payment_status = ANY (ARRAY['none'::text, 'pending'::text, 'authorized'::text, 'paid'::text, 'cancelled'::text, 'expired'::text]))),
    CONSTRAINT orders_idempotency_key_check CHECK (((idempotency_key IS NULL) OR ((length(idempotency_key) >= 1) AND (length(idempotency_key) <= 100)))),
    CONSTRAINT orders_product_name_check CHECK ((length(TRIM(BOTH FROM product_name)) > 0))
);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE public.orders ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.orders FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.orders TO anon;
GRANT ALL ON TABLE public.orders TO authenticated;
GRANT ALL ON TABLE public.orders TO service_role;

CREATE TABLE public.order_status_changes (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    order_id uuid NOT NULL,
    from_status public.order_status,
    to_status public.order_status NOT NULL,
    changed_by uuid,
    changed_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.order_status_changes
    ADD CONSTRAINT order_status_changes_pkey PRIMARY KEY (id);

ALTER TABLE public.order_status_changes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.order_status_changes FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.order_status_changes TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.order_status_changes TO authenticated;
GRANT ALL ON TABLE public.order_status_changes TO service_role;

ALTER TABLE public.order_status_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.order_status_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.order_status_changes_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO anon;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.order_status_changes_id_seq TO service_role;

CREATE TABLE public.order_lines (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    order_id uuid NOT NULL,
    kind text NOT NULL,
    invoice_id uuid,
    ticket_id uuid,
    purchase_id uuid,
    quantity integer DEFAULT 1 NOT NULL,
    description text NOT NULL,
    amount_ore bigint NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT order_lines_amount_ore_check CHECK ((amount_ore >= 0)),
    CONSTRAINT order_lines_kind_check CHECK ((kind = ANY (ARRAY['invoice'::text, 'ticket'::text]))),
    CONSTRAINT order_lines_refers CHECK ((((kind = 'invoice'::text) AND (invoice_id IS NOT NULL)) OR ((kind = 'ticket'::text) AND (ticket_id IS NOT NULL)))),
    CONSTRAINT order_lines_quantity_check CHECK ((quantity > 0))
);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_pkey PRIMARY KEY (id);

ALTER TABLE public.order_lines ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.order_lines FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.order_lines TO authenticated;
GRANT SELECT ON TABLE public.order_lines TO service_role;
