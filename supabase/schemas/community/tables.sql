-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.memberships (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    user_id uuid NOT NULL,
    role public.membership_role DEFAULT 'member'::public.membership_role NOT NULL,
    areas public.admin_area[] DEFAULT '{}'::public.admin_area[] NOT NULL,
    membership_manager boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_community_id_user_id_key UNIQUE (community_id, user_id);

ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);

ALTER TABLE public.memberships ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.memberships FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.memberships TO anon;
GRANT ALL ON TABLE public.memberships TO authenticated;
GRANT ALL ON TABLE public.memberships TO service_role;

CREATE TABLE public.communities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    slug text NOT NULL,
    name text NOT NULL,
    logo_path text,
    time_zone text DEFAULT 'Europe/Copenhagen'::text NOT NULL,
    currency character(3) DEFAULT 'DKK'::bpchar NOT NULL,
    default_language text DEFAULT 'da'::text NOT NULL,
    cvr text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT communities_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT communities_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT communities_default_language_check CHECK ((default_language = ANY (ARRAY['da'::text, 'en'::text]))),
    CONSTRAINT communities_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0)),
    CONSTRAINT communities_slug_check CHECK ((slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'::text))
);

ALTER TABLE ONLY public.communities
    ADD CONSTRAINT communities_pkey PRIMARY KEY (id);

ALTER TABLE public.communities ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.communities FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.communities TO anon;
GRANT ALL ON TABLE public.communities TO authenticated;
GRANT ALL ON TABLE public.communities TO service_role;

CREATE TABLE app_private.counters (
    community_id uuid NOT NULL,
    kind text NOT NULL,
    last_value bigint DEFAULT 0 NOT NULL
);

REVOKE ALL ON TABLE app_private.counters FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.counters
    ADD CONSTRAINT counters_pkey PRIMARY KEY (community_id, kind);

CREATE TABLE app_private.setup_tokens (
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT setup_tokens_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

REVOKE ALL ON TABLE app_private.setup_tokens FROM anon, authenticated, service_role;

ALTER TABLE ONLY app_private.setup_tokens
    ADD CONSTRAINT setup_tokens_pkey PRIMARY KEY (token_hash);

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_user_id uuid,
    actor_email text,
    kind text NOT NULL,
    action text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    subject_id text,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, app_private.fold_name(((((((COALESCE(actor_email, ''::text) || ' '::text) || translate(COALESCE(actor_email, ''::text), '@.'::text, '  '::text)) || ' '::text) || replace(action, '_'::text, ' '::text)) || ' '::text) || subject)))) STORED,
    CONSTRAINT audit_log_kind_check CHECK ((kind = ANY (ARRAY['permission'::text, 'cpr'::text, 'export'::text, 'deletion'::text, 'status'::text, 'money'::text, 'settings'::text])))
);
ALTER TABLE ONLY public.audit_log ALTER COLUMN search_words SET STATISTICS 1000;

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE public.audit_log ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.audit_log FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.audit_log TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.audit_log TO authenticated;
GRANT ALL ON TABLE public.audit_log TO service_role;

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.audit_log_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO anon;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.audit_log_id_seq TO service_role;

CREATE TABLE public.clubs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    cvr text,
    logo_path text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    contact_name text,
    contact_email text,
    contact_phone text,
    CONSTRAINT clubs_contact_email_check CHECK (((contact_email IS NULL) OR (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT clubs_contact_name_check CHECK (((contact_name IS NULL) OR (length(contact_name) <= 120))),
    CONSTRAINT clubs_contact_phone_check CHECK (((contact_phone IS NULL) OR (contact_phone ~ '^\+?[0-9 ]{6,20}$'::text))),
    CONSTRAINT clubs_cvr_check CHECK (((cvr IS NULL) OR (cvr ~ '^[0-9]{8}$'::text))),
    CONSTRAINT clubs_name_check CHECK ((length(TRIM(BOTH FROM name)) > 0))
);

ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_pkey PRIMARY KEY (id);

ALTER TABLE public.clubs ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.clubs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.clubs TO anon;
GRANT ALL ON TABLE public.clubs TO authenticated;
GRANT ALL ON TABLE public.clubs TO service_role;

CREATE TABLE public.community_settings (
    community_id uuid NOT NULL,
    contact_email text,
    contact_phone text,
    address text,
    website text,
    welcome_text text,
    admin_welcome_text text,
    retention_months integer DEFAULT 60 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT community_settings_address_check CHECK (((address IS NULL) OR (length(address) <= 300))),
    CONSTRAINT community_settings_admin_welcome_text_check CHECK (((admin_welcome_text IS NULL) OR (length(admin_welcome_text) <= 5000))),
    CONSTRAINT community_settings_contact_email_check CHECK (((contact_email IS NULL) OR (contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT community_settings_contact_phone_check CHECK (((contact_phone IS NULL) OR (contact_phone ~ '^\+?[0-9 ]{6,20}$'::text))),
    CONSTRAINT community_settings_retention_months_check CHECK (((retention_months >= 12) AND (retention_months <= 120))),
    CONSTRAINT community_settings_website_check CHECK (((website IS NULL) OR (website ~ '^https?://[^\s]+$'::text))),
    CONSTRAINT community_settings_welcome_text_check CHECK (((welcome_text IS NULL) OR (length(welcome_text) <= 5000)))
);

ALTER TABLE ONLY public.community_settings
    ADD CONSTRAINT community_settings_pkey PRIMARY KEY (community_id);

ALTER TABLE public.community_settings ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.community_settings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.community_settings TO anon;
GRANT ALL ON TABLE public.community_settings TO authenticated;
GRANT ALL ON TABLE public.community_settings TO service_role;

CREATE TABLE public.event_tags (
    community_id uuid NOT NULL,
    event_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.event_tags
    ADD CONSTRAINT event_tags_pkey PRIMARY KEY (event_id, tag_id);

ALTER TABLE public.event_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.event_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_tags TO anon;
GRANT ALL ON TABLE public.event_tags TO authenticated;
GRANT ALL ON TABLE public.event_tags TO service_role;

CREATE TABLE public.group_tags (
    community_id uuid NOT NULL,
    group_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.group_tags
    ADD CONSTRAINT group_tags_pkey PRIMARY KEY (group_id, tag_id);

ALTER TABLE public.group_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.group_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_tags TO anon;
GRANT ALL ON TABLE public.group_tags TO authenticated;
GRANT ALL ON TABLE public.group_tags TO service_role;

CREATE TABLE public.member_tags (
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    tag_id uuid NOT NULL
);

ALTER TABLE ONLY public.member_tags
    ADD CONSTRAINT member_tags_pkey PRIMARY KEY (member_id, tag_id);

ALTER TABLE public.member_tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_tags TO anon;
GRANT ALL ON TABLE public.member_tags TO authenticated;
GRANT ALL ON TABLE public.member_tags TO service_role;

CREATE TABLE public.redirects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid,
    from_path text NOT NULL,
    to_url text NOT NULL,
    status_code smallint DEFAULT 302 NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT redirects_from_path_check CHECK ((from_path ~ '^/'::text)),
    CONSTRAINT redirects_status_code_check CHECK ((status_code = ANY (ARRAY[301, 302, 307, 308]))),
    CONSTRAINT redirects_to_url_check CHECK ((to_url ~ '^(/|https?://)'::text))
);

ALTER TABLE ONLY public.redirects
    ADD CONSTRAINT redirects_pkey PRIMARY KEY (id);

ALTER TABLE public.redirects ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.redirects FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.redirects TO anon;
GRANT ALL ON TABLE public.redirects TO authenticated;
GRANT ALL ON TABLE public.redirects TO service_role;

CREATE TABLE public.tags (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    color text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tags_color_check CHECK (((color IS NULL) OR (color ~ '^#[0-9a-fA-F]{6}$'::text))),
    CONSTRAINT tags_name_check CHECK (((length(TRIM(BOTH FROM name)) >= 1) AND (length(TRIM(BOTH FROM name)) <= 60)))
);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.tags
    ADD CONSTRAINT tags_pkey PRIMARY KEY (id);

ALTER TABLE public.tags ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.tags FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.tags TO anon;
GRANT ALL ON TABLE public.tags TO authenticated;
GRANT ALL ON TABLE public.tags TO service_role;
