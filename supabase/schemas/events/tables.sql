-- Events (tickets, add-ons, volunteers, invitations): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    location text,
    description jsonb,
    image_path text,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone,
    status public.event_status DEFAULT 'draft'::public.event_status NOT NULL,
    release_at timestamp with time zone,
    published_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    visibility public.event_visibility DEFAULT 'members'::public.event_visibility NOT NULL,
    kind public.event_kind DEFAULT 'internal'::public.event_kind NOT NULL,
    repeat public.repeat_rule DEFAULT 'never'::public.repeat_rule NOT NULL,
    repeat_until date,
    series_id uuid,
    created_by uuid DEFAULT auth.uid(),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT events_check CHECK (((ends_at IS NULL) OR (ends_at >= starts_at))),
    CONSTRAINT events_check1 CHECK (((status <> 'scheduled'::public.event_status) OR (release_at IS NOT NULL))),
    CONSTRAINT events_check2 CHECK (((repeat = 'never'::public.repeat_rule) OR (repeat_until IS NOT NULL))),
    CONSTRAINT events_description_rich_text CHECK (app_private.check_rich_text(description)),
    CONSTRAINT events_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);

ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.events FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.events TO anon;
GRANT ALL ON TABLE public.events TO authenticated;
GRANT ALL ON TABLE public.events TO service_role;

CREATE TABLE public.event_invitations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    member_id uuid,
    group_id uuid,
    tag_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT event_invitations_check CHECK ((num_nonnulls(member_id, group_id, tag_id) = 1))
);

ALTER TABLE ONLY public.event_invitations
    ADD CONSTRAINT event_invitations_pkey PRIMARY KEY (id);

ALTER TABLE public.event_invitations ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_invitations FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_invitations TO anon;
GRANT ALL ON TABLE public.event_invitations TO authenticated;
GRANT ALL ON TABLE public.event_invitations TO service_role;

CREATE TABLE public.ticket_purchases (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    ticket_id uuid NOT NULL,
    member_id uuid,
    quantity integer DEFAULT 1 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    unit_price_ore integer DEFAULT 0 NOT NULL,
    total_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    purchased_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    checked_in_at timestamp with time zone,
    added_by uuid,
    guest_email text,
    guest_name text,
    payment text,
    CONSTRAINT ticket_purchases_guest_email_check CHECK (((guest_email IS NULL) OR (guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT ticket_purchases_holder_check CHECK ((((member_id IS NOT NULL) AND (guest_email IS NULL) AND (guest_name IS NULL)) OR ((member_id IS NULL) AND (guest_email IS NOT NULL) AND (length(TRIM(BOTH FROM guest_name)) > 0) AND (payment IS NOT NULL)))),
    CONSTRAINT ticket_purchases_payment_check CHECK (((payment IS NULL) OR (payment = ANY (ARRAY['complimentary'::text, 'to_pay'::text])))),
    CONSTRAINT ticket_purchases_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT ticket_purchases_status_check CHECK ((status = ANY (ARRAY['active'::text, 'cancelled'::text]))),
    CONSTRAINT ticket_purchases_total_ore_check CHECK ((total_ore >= 0)),
    CONSTRAINT ticket_purchases_unit_price_ore_check CHECK ((unit_price_ore >= 0))
);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.ticket_purchases
    ADD CONSTRAINT ticket_purchases_pkey PRIMARY KEY (id);

ALTER TABLE public.ticket_purchases ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.ticket_purchases;

REVOKE ALL ON TABLE public.ticket_purchases FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.ticket_purchases TO anon;
GRANT ALL ON TABLE public.ticket_purchases TO authenticated;
GRANT ALL ON TABLE public.ticket_purchases TO service_role;

CREATE TABLE public.volunteer_signups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    job_id uuid NOT NULL,
    timeslot_id uuid,
    member_id uuid,
    guest_email text,
    guest_name text,
    status text DEFAULT 'signed_up'::text NOT NULL,
    checked_in_at timestamp with time zone,
    checked_out_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT volunteer_signups_check CHECK ((((member_id IS NOT NULL) AND (guest_email IS NULL) AND (guest_name IS NULL)) OR ((member_id IS NULL) AND (guest_email IS NOT NULL) AND (length(TRIM(BOTH FROM guest_name)) > 0)))),
    CONSTRAINT volunteer_signups_check1 CHECK (((checked_out_at IS NULL) OR ((checked_in_at IS NOT NULL) AND (checked_out_at >= checked_in_at)))),
    CONSTRAINT volunteer_signups_guest_email_check CHECK (((guest_email IS NULL) OR (guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT volunteer_signups_status_check CHECK ((status = ANY (ARRAY['signed_up'::text, 'cancelled'::text])))
);

ALTER TABLE ONLY public.volunteer_signups
    ADD CONSTRAINT volunteer_signups_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_signups ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.volunteer_signups;

REVOKE ALL ON TABLE public.volunteer_signups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_signups TO anon;
GRANT ALL ON TABLE public.volunteer_signups TO authenticated;
GRANT ALL ON TABLE public.volunteer_signups TO service_role;

CREATE TABLE public.addon_options (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    addon_id uuid NOT NULL,
    title text NOT NULL,
    price_ore integer DEFAULT 0 NOT NULL,
    capacity integer,
    hint text,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT addon_options_capacity_check CHECK (((capacity IS NULL) OR (capacity >= 0))),
    CONSTRAINT addon_options_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT addon_options_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.addon_options
    ADD CONSTRAINT addon_options_pkey PRIMARY KEY (id);

ALTER TABLE public.addon_options ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.addon_options FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.addon_options TO anon;
GRANT ALL ON TABLE public.addon_options TO authenticated;
GRANT ALL ON TABLE public.addon_options TO service_role;

CREATE TABLE public.event_addons (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    name text NOT NULL,
    min_per_person integer DEFAULT 0 NOT NULL,
    max_per_person integer,
    sort_order integer DEFAULT 0 NOT NULL,
    CONSTRAINT event_addons_check CHECK (((max_per_person IS NULL) OR (max_per_person >= min_per_person))),
    CONSTRAINT event_addons_max_per_person_check CHECK (((max_per_person IS NULL) OR (max_per_person >= 1))),
    CONSTRAINT event_addons_min_per_person_check CHECK ((min_per_person >= 0)),
    CONSTRAINT event_addons_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.event_addons
    ADD CONSTRAINT event_addons_pkey PRIMARY KEY (id);

ALTER TABLE public.event_addons ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_addons FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_addons TO anon;
GRANT ALL ON TABLE public.event_addons TO authenticated;
GRANT ALL ON TABLE public.event_addons TO service_role;

CREATE TABLE public.purchase_addons (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    purchase_id uuid NOT NULL,
    option_id uuid NOT NULL,
    quantity integer NOT NULL,
    unit_price_ore integer NOT NULL,
    CONSTRAINT purchase_addons_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT purchase_addons_unit_price_ore_check CHECK ((unit_price_ore >= 0))
);

ALTER TABLE ONLY public.purchase_addons
    ADD CONSTRAINT purchase_addons_pkey PRIMARY KEY (id);

ALTER TABLE public.purchase_addons ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.purchase_addons FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.purchase_addons TO anon;
GRANT ALL ON TABLE public.purchase_addons TO authenticated;
GRANT ALL ON TABLE public.purchase_addons TO service_role;

CREATE TABLE public.tickets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    name text NOT NULL,
    participant_limit integer,
    join_opens_at timestamp with time zone,
    join_closes_at timestamp with time zone,
    refund_closes_at timestamp with time zone,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    is_free boolean GENERATED ALWAYS AS ((price_ore = 0)) STORED,
    max_per_purchase integer DEFAULT 10 NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tickets_check CHECK (((join_closes_at IS NULL) OR (join_opens_at IS NULL) OR (join_closes_at >= join_opens_at))),
    CONSTRAINT tickets_max_per_purchase_check CHECK (((max_per_purchase >= 1) AND (max_per_purchase <= 100))),
    CONSTRAINT tickets_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT tickets_participant_limit_check CHECK (((participant_limit IS NULL) OR ((participant_limit >= 1) AND (participant_limit <= 100000)))),
    CONSTRAINT tickets_price_ore_check CHECK ((price_ore >= 0))
);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_pkey PRIMARY KEY (id);

ALTER TABLE public.tickets ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.tickets FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.tickets TO anon;
GRANT ALL ON TABLE public.tickets TO authenticated;
GRANT ALL ON TABLE public.tickets TO service_role;

CREATE TABLE public.volunteer_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    title text NOT NULL,
    description text,
    relevant_roles text[] DEFAULT '{}'::text[] NOT NULL,
    compensation text,
    slots integer DEFAULT 1 NOT NULL,
    requires_child_certificate boolean DEFAULT false NOT NULL,
    CONSTRAINT volunteer_jobs_slots_check CHECK ((slots > 0)),
    CONSTRAINT volunteer_jobs_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_jobs
    ADD CONSTRAINT volunteer_jobs_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_jobs ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_jobs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_jobs TO anon;
GRANT ALL ON TABLE public.volunteer_jobs TO authenticated;
GRANT ALL ON TABLE public.volunteer_jobs TO service_role;

CREATE TABLE public.volunteer_timeslots (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    job_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    slots integer,
    CONSTRAINT volunteer_timeslots_check CHECK ((ends_at > starts_at)),
    CONSTRAINT volunteer_timeslots_slots_check CHECK (((slots IS NULL) OR (slots > 0)))
);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.volunteer_timeslots
    ADD CONSTRAINT volunteer_timeslots_pkey PRIMARY KEY (id);

ALTER TABLE public.volunteer_timeslots ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.volunteer_timeslots FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.volunteer_timeslots TO anon;
GRANT ALL ON TABLE public.volunteer_timeslots TO authenticated;
GRANT ALL ON TABLE public.volunteer_timeslots TO service_role;

-- The secret that signs a community's ticket codes (decision 1033): made the first time a code is
-- asked for, never readable through the API.
CREATE TABLE app_private.ticket_code_keys (
    community_id uuid NOT NULL,
    secret bytea DEFAULT extensions.gen_random_bytes(32) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

REVOKE ALL ON TABLE app_private.ticket_code_keys FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.ticket_code_keys
    ADD CONSTRAINT ticket_code_keys_pkey PRIMARY KEY (community_id);

-- A ticket type's free places, one row each (decision 1073): a purchase deletes as many rows as it
-- takes places, skipping rows other purchases in progress hold, so concurrent buyers do not queue
-- on one row. app_private.sync_ticket_stock keeps their number at the participant limit less the
-- places sold; a ticket without a limit has none.
CREATE TABLE app_private.ticket_stock (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    ticket_id uuid NOT NULL
);

REVOKE ALL ON TABLE app_private.ticket_stock FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.ticket_stock
    ADD CONSTRAINT ticket_stock_pkey PRIMARY KEY (id);
