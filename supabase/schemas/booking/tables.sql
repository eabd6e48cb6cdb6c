-- Booking (bookable products, bookings, series, feeds): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.booking_products (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    name text NOT NULL,
    description text,
    image_path text,
    account_id uuid,
    availability public.booking_availability DEFAULT 'weekly'::public.booking_availability NOT NULL,
    capacity integer DEFAULT 1 NOT NULL,
    price_mode public.booking_price_mode DEFAULT 'none'::public.booking_price_mode NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    require_contact_sharing boolean DEFAULT false NOT NULL,
    max_duration_minutes integer,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    min_duration_minutes integer,
    min_notice_minutes integer DEFAULT 0 NOT NULL,
    opens_days_ahead integer,
    cancel_deadline_hours integer DEFAULT 0 NOT NULL,
    CONSTRAINT booking_products_cancel_deadline_hours_check CHECK (((cancel_deadline_hours >= 0) AND (cancel_deadline_hours <= 8760))),
    CONSTRAINT booking_products_capacity_check CHECK ((capacity > 0)),
    CONSTRAINT booking_products_check CHECK (((price_mode = 'none'::public.booking_price_mode) = (price_ore = 0))),
    CONSTRAINT booking_products_duration_order CHECK (((min_duration_minutes IS NULL) OR (max_duration_minutes IS NULL) OR (min_duration_minutes <= max_duration_minutes))),
    CONSTRAINT booking_products_max_duration_minutes_check CHECK (((max_duration_minutes IS NULL) OR (max_duration_minutes > 0))),
    CONSTRAINT booking_products_min_duration_minutes_check CHECK (((min_duration_minutes IS NULL) OR (min_duration_minutes > 0))),
    CONSTRAINT booking_products_min_notice_minutes_check CHECK (((min_notice_minutes >= 0) AND (min_notice_minutes <= 525600))),
    CONSTRAINT booking_products_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT booking_products_opens_days_ahead_check CHECK (((opens_days_ahead IS NULL) OR ((opens_days_ahead >= 1) AND (opens_days_ahead <= 1000)))),
    CONSTRAINT booking_products_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.booking_products
    ADD CONSTRAINT booking_products_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_products ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_products FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_products TO anon;
GRANT ALL ON TABLE public.booking_products TO authenticated;
GRANT ALL ON TABLE public.booking_products TO service_role;

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    member_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    status public.booking_status DEFAULT 'booked'::public.booking_status NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    contact_shared boolean DEFAULT false NOT NULL,
    note text,
    checked_in_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    series_id uuid,
    requirements jsonb DEFAULT '[]'::jsonb NOT NULL,
    late_cancellation boolean DEFAULT false NOT NULL,
    cancel_reason text,
    booked_by uuid,
    CONSTRAINT bookings_cancel_reason_check CHECK (((cancel_reason IS NULL) OR (length(cancel_reason) <= 200))),
    CONSTRAINT bookings_check CHECK ((ends_at > starts_at)),
    CONSTRAINT bookings_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.bookings;

REVOKE ALL ON TABLE public.bookings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.bookings TO anon;
GRANT ALL ON TABLE public.bookings TO authenticated;
GRANT ALL ON TABLE public.bookings TO service_role;

CREATE TABLE public.booking_closed_days (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    on_date date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    CONSTRAINT booking_closed_days_reason_check CHECK ((length(reason) <= 200))
);

ALTER TABLE ONLY public.booking_closed_days
    ADD CONSTRAINT booking_closed_days_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_closed_days ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_closed_days FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_closed_days TO anon;
GRANT ALL ON TABLE public.booking_closed_days TO authenticated;
GRANT ALL ON TABLE public.booking_closed_days TO service_role;

CREATE TABLE public.booking_feed_tokens (
    token text NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid,
    member_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_feed_tokens_check CHECK ((num_nonnulls(product_id, member_id) = 1)),
    CONSTRAINT booking_feed_tokens_token_check CHECK ((token ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE ONLY public.booking_feed_tokens
    ADD CONSTRAINT booking_feed_tokens_pkey PRIMARY KEY (token);

ALTER TABLE public.booking_feed_tokens ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_feed_tokens FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_feed_tokens TO anon;
GRANT ALL ON TABLE public.booking_feed_tokens TO authenticated;
GRANT ALL ON TABLE public.booking_feed_tokens TO service_role;

CREATE TABLE public.booking_series (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    member_id uuid NOT NULL,
    weekday smallint NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    first_day date NOT NULL,
    last_day date NOT NULL,
    skip_holidays boolean DEFAULT true NOT NULL,
    note text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_series_check CHECK ((ends_at > starts_at)),
    CONSTRAINT booking_series_check1 CHECK (((last_day >= first_day) AND ((last_day - first_day) <= 550))),
    CONSTRAINT booking_series_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.booking_series
    ADD CONSTRAINT booking_series_pkey PRIMARY KEY (id);

ALTER TABLE public.booking_series ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.booking_series FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.booking_series TO anon;
GRANT ALL ON TABLE public.booking_series TO authenticated;
GRANT ALL ON TABLE public.booking_series TO service_role;

CREATE TABLE public.product_availability (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    weekday smallint,
    on_date date,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    CONSTRAINT product_availability_check CHECK ((num_nonnulls(weekday, on_date) = 1)),
    CONSTRAINT product_availability_check1 CHECK ((ends_at > starts_at)),
    CONSTRAINT product_availability_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);

ALTER TABLE ONLY public.product_availability
    ADD CONSTRAINT product_availability_pkey PRIMARY KEY (id);

ALTER TABLE public.product_availability ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_availability FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_availability TO anon;
GRANT ALL ON TABLE public.product_availability TO authenticated;
GRANT ALL ON TABLE public.product_availability TO service_role;

CREATE TABLE public.product_required_certificates (
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    kind text NOT NULL,
    CONSTRAINT product_required_certificates_kind_check CHECK ((kind ~ '^[a-z0-9_]{2,40}$'::text))
);

ALTER TABLE ONLY public.product_required_certificates
    ADD CONSTRAINT product_required_certificates_pkey PRIMARY KEY (product_id, kind);

ALTER TABLE public.product_required_certificates ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_required_certificates FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_required_certificates TO anon;
GRANT ALL ON TABLE public.product_required_certificates TO authenticated;
GRANT ALL ON TABLE public.product_required_certificates TO service_role;

CREATE TABLE public.product_required_groups (
    community_id uuid NOT NULL,
    product_id uuid NOT NULL,
    group_id uuid NOT NULL
);

ALTER TABLE ONLY public.product_required_groups
    ADD CONSTRAINT product_required_groups_pkey PRIMARY KEY (product_id, group_id);

ALTER TABLE public.product_required_groups ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.product_required_groups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.product_required_groups TO anon;
GRANT ALL ON TABLE public.product_required_groups TO authenticated;
GRANT ALL ON TABLE public.product_required_groups TO service_role;
