-- Members (register, CPR, history, relations, certificates, import, GDPR): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.member_import_jobs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    requested_by uuid,
    file_name text NOT NULL,
    manager boolean DEFAULT false NOT NULL,
    status text DEFAULT 'uploading'::text NOT NULL,
    total integer NOT NULL,
    created integer DEFAULT 0 NOT NULL,
    merged integer DEFAULT 0 NOT NULL,
    skipped integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    CONSTRAINT member_import_jobs_check CHECK (((((created + merged) + skipped) + failed) <= total)),
    CONSTRAINT member_import_jobs_created_check CHECK ((created >= 0)),
    CONSTRAINT member_import_jobs_failed_check CHECK ((failed >= 0)),
    CONSTRAINT member_import_jobs_file_name_check CHECK (((length(file_name) >= 1) AND (length(file_name) <= 200))),
    CONSTRAINT member_import_jobs_merged_check CHECK ((merged >= 0)),
    CONSTRAINT member_import_jobs_skipped_check CHECK ((skipped >= 0)),
    CONSTRAINT member_import_jobs_status_check CHECK ((status = ANY (ARRAY['uploading'::text, 'queued'::text, 'running'::text, 'done'::text, 'cancelled'::text]))),
    CONSTRAINT member_import_jobs_total_check CHECK (((total >= 1) AND (total <= 50000)))
);

ALTER TABLE ONLY public.member_import_jobs
    ADD CONSTRAINT member_import_jobs_pkey PRIMARY KEY (id);

ALTER TABLE public.member_import_jobs ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.member_import_jobs;

REVOKE ALL ON TABLE public.member_import_jobs FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_import_jobs TO service_role;
GRANT SELECT ON TABLE public.member_import_jobs TO authenticated;

CREATE TABLE public.members (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    user_id uuid,
    mid bigint NOT NULL,
    membership_id text,
    first_name text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    full_name text GENERATED ALWAYS AS (TRIM(BOTH FROM ((first_name || ' '::text) || last_name))) STORED,
    email text,
    phone text,
    gender public.gender,
    birth_date date,
    street text,
    postal_code text,
    city text,
    country character(2) DEFAULT 'DK'::bpchar NOT NULL,
    status public.member_status DEFAULT 'active'::public.member_status NOT NULL,
    joined_on date DEFAULT CURRENT_DATE NOT NULL,
    left_on date,
    cpr_masked text,
    permissions text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    roles text[] DEFAULT '{}'::text[] NOT NULL,
    house_number text,
    floor text,
    door text,
    consent_note text,
    erased_at timestamp with time zone,
    CONSTRAINT members_check CHECK (((left_on IS NULL) OR (left_on >= joined_on))),
    CONSTRAINT members_consent_note_check CHECK (((consent_note IS NULL) OR (length(consent_note) <= 2000))),
    CONSTRAINT members_cpr_masked_check CHECK (((cpr_masked IS NULL) OR (cpr_masked ~ '^[0-9]{6}-xxxx$'::text))),
    CONSTRAINT members_door_check CHECK (((door IS NULL) OR (length(door) <= 10))),
    CONSTRAINT members_email_check CHECK (((email IS NULL) OR (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT members_first_name_check CHECK ((length(TRIM(BOTH FROM first_name)) > 0)),
    CONSTRAINT members_floor_check CHECK (((floor IS NULL) OR (length(floor) <= 10))),
    CONSTRAINT members_house_number_check CHECK (((house_number IS NULL) OR (length(house_number) <= 10))),
    CONSTRAINT members_phone_check CHECK (((phone IS NULL) OR (phone ~ '^\+?[0-9 ]{6,20}$'::text)))
);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_community_id_mid_key UNIQUE (community_id, mid);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (id);

ALTER TABLE public.members ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.members TO anon;
GRANT ALL ON TABLE public.members TO authenticated;
GRANT ALL ON TABLE public.members TO service_role;

CREATE TABLE public.cpr_audit (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid,
    viewer_user_id uuid,
    action text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    reason text,
    CONSTRAINT cpr_audit_action_check CHECK ((action = ANY (ARRAY['set'::text, 'reveal'::text, 'lookup'::text, 'export'::text, 'clear'::text, 'import'::text]))),
    CONSTRAINT cpr_audit_reason_check CHECK (((reason IS NULL) OR (length(reason) <= 500)))
);

ALTER TABLE ONLY public.cpr_audit
    ADD CONSTRAINT cpr_audit_pkey PRIMARY KEY (id);

ALTER TABLE public.cpr_audit ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.cpr_audit FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.cpr_audit TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.cpr_audit TO authenticated;
GRANT ALL ON TABLE public.cpr_audit TO service_role;

ALTER TABLE public.cpr_audit ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.cpr_audit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.cpr_audit_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO anon;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.cpr_audit_id_seq TO service_role;

CREATE TABLE public.dk_postcodes (
    code text NOT NULL,
    city text NOT NULL,
    CONSTRAINT dk_postcodes_city_check CHECK ((length(TRIM(BOTH FROM city)) > 0)),
    CONSTRAINT dk_postcodes_code_check CHECK ((code ~ '^[0-9]{4}$'::text))
);

ALTER TABLE ONLY public.dk_postcodes
    ADD CONSTRAINT dk_postcodes_pkey PRIMARY KEY (code);

ALTER TABLE public.dk_postcodes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.dk_postcodes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.dk_postcodes TO anon;
GRANT ALL ON TABLE public.dk_postcodes TO authenticated;
GRANT ALL ON TABLE public.dk_postcodes TO service_role;

CREATE TABLE public.member_arrears (
    member_id uuid NOT NULL,
    community_id uuid NOT NULL,
    since date NOT NULL
);

ALTER TABLE ONLY public.member_arrears
    ADD CONSTRAINT member_arrears_pkey PRIMARY KEY (member_id);

ALTER TABLE public.member_arrears ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_arrears FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_arrears TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_arrears TO authenticated;
GRANT ALL ON TABLE public.member_arrears TO service_role;

CREATE TABLE public.member_certificates (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    kind text NOT NULL,
    status text DEFAULT 'approved'::text NOT NULL,
    issued_on date,
    expires_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    document_path text,
    CONSTRAINT member_certificates_check CHECK (((expires_on IS NULL) OR (issued_on IS NULL) OR (expires_on >= issued_on))),
    CONSTRAINT member_certificates_document_in_member_folder CHECK (((document_path IS NULL) OR ((document_path ~~ ((((community_id)::text || '/'::text) || (member_id)::text) || '/%'::text)) AND (length(document_path) <= 300)))),
    CONSTRAINT member_certificates_kind_check CHECK ((kind ~ '^[a-z0-9_]{2,40}$'::text)),
    CONSTRAINT member_certificates_status_check CHECK ((status = ANY (ARRAY['requested'::text, 'consented'::text, 'approved'::text, 'rejected'::text])))
);

ALTER TABLE ONLY public.member_certificates
    ADD CONSTRAINT member_certificates_pkey PRIMARY KEY (id);

ALTER TABLE public.member_certificates ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_certificates FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_certificates TO anon;
GRANT ALL ON TABLE public.member_certificates TO authenticated;
GRANT ALL ON TABLE public.member_certificates TO service_role;

CREATE TABLE public.member_cpr (
    member_id uuid NOT NULL,
    community_id uuid NOT NULL,
    cpr_encrypted bytea NOT NULL,
    cpr_hash text NOT NULL,
    cpr_masked text NOT NULL,
    legal_basis text NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    recorded_by uuid,
    CONSTRAINT member_cpr_cpr_masked_check CHECK ((cpr_masked ~ '^[0-9]{6}-xxxx$'::text)),
    CONSTRAINT member_cpr_legal_basis_check CHECK ((legal_basis = ANY (ARRAY['consent'::text, 'legislation'::text, 'child_certificate'::text, 'grant_reporting'::text])))
);

ALTER TABLE ONLY public.member_cpr
    ADD CONSTRAINT member_cpr_pkey PRIMARY KEY (member_id);

ALTER TABLE public.member_cpr ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_cpr FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_cpr TO service_role;

CREATE TABLE public.member_history (
    id bigint NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_user_id uuid,
    action text NOT NULL,
    changes jsonb DEFAULT '{}'::jsonb NOT NULL,
    reason text,
    CONSTRAINT member_history_action_check CHECK ((action = ANY (ARRAY['created'::text, 'updated'::text, 'cpr_set'::text, 'cpr_cleared'::text, 'cpr_revealed'::text, 'access_changed'::text, 'exported'::text, 'erased'::text, 'merged'::text]))),
    CONSTRAINT member_history_reason_check CHECK (((reason IS NULL) OR (length(reason) <= 500)))
);

ALTER TABLE ONLY public.member_history
    ADD CONSTRAINT member_history_pkey PRIMARY KEY (id);

ALTER TABLE public.member_history ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.member_history;

REVOKE ALL ON TABLE public.member_history FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_history TO anon;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.member_history TO authenticated;
GRANT ALL ON TABLE public.member_history TO service_role;

ALTER TABLE public.member_history ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.member_history_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

REVOKE ALL ON SEQUENCE public.member_history_id_seq FROM anon, authenticated, service_role;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO anon;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO authenticated;
GRANT ALL ON SEQUENCE public.member_history_id_seq TO service_role;

CREATE TABLE public.member_import_rows (
    job_id uuid NOT NULL,
    line integer NOT NULL,
    choice text,
    member_id uuid,
    fields jsonb DEFAULT '{}'::jsonb NOT NULL,
    cpr_encrypted bytea,
    status text DEFAULT 'pending'::text NOT NULL,
    error_code text,
    error_field text,
    claimed_at timestamp with time zone,
    CONSTRAINT member_import_rows_check CHECK (((status = 'pending'::text) OR (cpr_encrypted IS NULL))),
    CONSTRAINT member_import_rows_choice_check CHECK ((choice = ANY (ARRAY['create'::text, 'merge'::text, 'skip'::text]))),
    CONSTRAINT member_import_rows_fields_check CHECK (((jsonb_typeof(fields) = 'object'::text) AND (NOT (fields ? 'cpr'::text)))),
    CONSTRAINT member_import_rows_line_check CHECK ((line > 0)),
    CONSTRAINT member_import_rows_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'created'::text, 'merged'::text, 'skipped'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.member_import_rows
    ADD CONSTRAINT member_import_rows_pkey PRIMARY KEY (job_id, line);

ALTER TABLE public.member_import_rows ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_import_rows FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_import_rows TO service_role;

GRANT SELECT(job_id) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(line) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(choice) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(member_id) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(fields) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(status) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(error_code) ON TABLE public.member_import_rows TO authenticated;

GRANT SELECT(error_field) ON TABLE public.member_import_rows TO authenticated;

CREATE TABLE public.member_relations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    member_id uuid NOT NULL,
    related_member_id uuid NOT NULL,
    kind text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT member_relations_check CHECK ((member_id <> related_member_id)),
    CONSTRAINT member_relations_kind_check CHECK ((kind = ANY (ARRAY['guardian'::text, 'family'::text])))
);

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_member_id_related_member_id_kind_key UNIQUE (member_id, related_member_id, kind);

ALTER TABLE ONLY public.member_relations
    ADD CONSTRAINT member_relations_pkey PRIMARY KEY (id);

ALTER TABLE public.member_relations ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.member_relations FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.member_relations TO anon;
GRANT ALL ON TABLE public.member_relations TO authenticated;
GRANT ALL ON TABLE public.member_relations TO service_role;
