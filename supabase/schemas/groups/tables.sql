-- Groups (members of groups, join requests, fees, welcome mails): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.group_members (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    role text DEFAULT 'member'::text NOT NULL,
    payment_status text DEFAULT 'not_required'::text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    left_at timestamp with time zone,
    welcome_sent_at timestamp with time zone,
    CONSTRAINT group_members_check CHECK (((left_at IS NULL) OR (left_at >= joined_at))),
    CONSTRAINT group_members_payment_status_check CHECK ((payment_status = ANY (ARRAY['not_required'::text, 'pending'::text, 'paid'::text, 'exempt'::text]))),
    CONSTRAINT group_members_role_check CHECK ((role = ANY (ARRAY['member'::text, 'coach'::text, 'leader'::text])))
);

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_pkey PRIMARY KEY (id);

ALTER TABLE public.group_members ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.group_members;

REVOKE ALL ON TABLE public.group_members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_members TO anon;
GRANT ALL ON TABLE public.group_members TO authenticated;
GRANT ALL ON TABLE public.group_members TO service_role;

CREATE TABLE app_private.group_welcome_outbox (
    group_member_id uuid NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    claimed_until timestamp with time zone,
    last_error text
);

REVOKE ALL ON TABLE app_private.group_welcome_outbox FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.group_welcome_outbox
    ADD CONSTRAINT group_welcome_outbox_pkey PRIMARY KEY (group_member_id);

CREATE TABLE public.groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    description jsonb,
    owner_member_id uuid,
    cover_image_path text,
    payment_frequency public.payment_frequency,
    price_ore integer DEFAULT 0 NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    visibility public.group_visibility DEFAULT 'members'::public.group_visibility NOT NULL,
    archived boolean DEFAULT false NOT NULL,
    archived_at timestamp with time zone,
    welcome_email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    charging_starts_on date,
    mid_period_join text DEFAULT 'full'::text NOT NULL,
    requires_approval boolean DEFAULT false NOT NULL,
    welcome_subject_da text,
    welcome_body_da text,
    welcome_subject_en text,
    welcome_body_en text,
    CONSTRAINT groups_check CHECK (((payment_frequency IS NULL) = (price_ore = 0))),
    CONSTRAINT groups_description_rich_text CHECK (app_private.check_rich_text(description)),
    CONSTRAINT groups_mid_period_join_check CHECK ((mid_period_join = ANY (ARRAY['full'::text, 'pro_rata'::text, 'free_until_next_period'::text]))),
    CONSTRAINT groups_price_limit CHECK ((price_ore <= 100000000)),
    CONSTRAINT groups_price_ore_check CHECK ((price_ore >= 0)),
    CONSTRAINT groups_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0)),
    CONSTRAINT groups_welcome_body_da_check CHECK ((length(welcome_body_da) <= 10000)),
    CONSTRAINT groups_welcome_body_en_check CHECK ((length(welcome_body_en) <= 10000)),
    CONSTRAINT groups_welcome_subject_da_check CHECK ((length(welcome_subject_da) <= 200)),
    CONSTRAINT groups_welcome_subject_en_check CHECK ((length(welcome_subject_en) <= 200))
);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);

ALTER TABLE public.groups ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.groups FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.groups TO anon;
GRANT ALL ON TABLE public.groups TO authenticated;
GRANT ALL ON TABLE public.groups TO service_role;

CREATE TABLE public.group_join_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    message text,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    CONSTRAINT group_join_requests_check CHECK (((status = 'pending'::text) = (decided_at IS NULL))),
    CONSTRAINT group_join_requests_message_check CHECK ((length(message) <= 500)),
    CONSTRAINT group_join_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'declined'::text])))
);

ALTER TABLE ONLY public.group_join_requests
    ADD CONSTRAINT group_join_requests_pkey PRIMARY KEY (id);

ALTER TABLE public.group_join_requests ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.group_join_requests;

REVOKE ALL ON TABLE public.group_join_requests FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.group_join_requests TO anon;
GRANT SELECT,REFERENCES,TRIGGER,TRUNCATE ON TABLE public.group_join_requests TO authenticated;
GRANT ALL ON TABLE public.group_join_requests TO service_role;

CREATE TABLE public.group_fee_charges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    member_id uuid NOT NULL,
    group_member_id uuid NOT NULL,
    period_start date NOT NULL,
    invoice_id uuid NOT NULL,
    amount_ore integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT group_fee_charges_amount_ore_check CHECK ((amount_ore >= 0))
);

ALTER TABLE ONLY public.group_fee_charges
    ADD CONSTRAINT group_fee_charges_pkey PRIMARY KEY (id);

ALTER TABLE public.group_fee_charges ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.group_fee_charges FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.group_fee_charges TO anon;
GRANT SELECT,REFERENCES,DELETE,TRIGGER,TRUNCATE ON TABLE public.group_fee_charges TO authenticated;
GRANT ALL ON TABLE public.group_fee_charges TO service_role;
