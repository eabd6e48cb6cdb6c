-- News (posts, comments, mailings): tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.news_mailings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    post_id uuid,
    requested_by uuid DEFAULT auth.uid(),
    status public.news_mailing_status DEFAULT 'queued'::public.news_mailing_status NOT NULL,
    total integer DEFAULT 0 NOT NULL,
    sent integer DEFAULT 0 NOT NULL,
    failed integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    subject text,
    body text,
    CONSTRAINT news_mailings_check CHECK (((sent + failed) <= total)),
    CONSTRAINT news_mailings_failed_check CHECK ((failed >= 0)),
    CONSTRAINT news_mailings_post_or_message CHECK (((post_id IS NOT NULL) OR ((subject IS NOT NULL) AND (body IS NOT NULL)))),
    CONSTRAINT news_mailings_sent_check CHECK ((sent >= 0)),
    CONSTRAINT news_mailings_total_check CHECK ((total >= 0))
);

ALTER TABLE ONLY public.news_mailings
    ADD CONSTRAINT news_mailings_pkey PRIMARY KEY (id);

ALTER TABLE public.news_mailings ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_mailings;

REVOKE ALL ON TABLE public.news_mailings FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mailings TO anon;
GRANT ALL ON TABLE public.news_mailings TO authenticated;
GRANT ALL ON TABLE public.news_mailings TO service_role;

CREATE TABLE public.news_comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    post_id uuid NOT NULL,
    author_id uuid,
    member_id uuid,
    author_name text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    CONSTRAINT news_comments_body_check CHECK (((length(TRIM(BOTH FROM body)) >= 1) AND (length(TRIM(BOTH FROM body)) <= 4000)))
);

ALTER TABLE ONLY public.news_comments
    ADD CONSTRAINT news_comments_pkey PRIMARY KEY (id);

ALTER TABLE public.news_comments ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_comments;

REVOKE ALL ON TABLE public.news_comments FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_comments TO anon;
GRANT ALL ON TABLE public.news_comments TO authenticated;
GRANT ALL ON TABLE public.news_comments TO service_role;

CREATE TABLE public.news_mail_unsubscribes (
    community_id uuid NOT NULL,
    email text NOT NULL,
    member_id uuid,
    mailing_id uuid,
    unsubscribed_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT news_mail_unsubscribes_email_check CHECK ((email = lower(email)))
);

ALTER TABLE ONLY public.news_mail_unsubscribes
    ADD CONSTRAINT news_mail_unsubscribes_pkey PRIMARY KEY (community_id, email);

ALTER TABLE public.news_mail_unsubscribes ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.news_mail_unsubscribes FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO anon;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO authenticated;
GRANT ALL ON TABLE public.news_mail_unsubscribes TO service_role;

CREATE TABLE public.news_mailing_recipients (
    mailing_id uuid NOT NULL,
    email text NOT NULL,
    member_id uuid,
    full_name text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    error text,
    claimed_at timestamp with time zone,
    finished_at timestamp with time zone,
    unsubscribe_token text DEFAULT (replace((gen_random_uuid())::text, '-'::text, ''::text) || replace((gen_random_uuid())::text, '-'::text, ''::text)) NOT NULL,
    CONSTRAINT news_mailing_recipients_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sent'::text, 'failed'::text])))
);

ALTER TABLE ONLY public.news_mailing_recipients
    ADD CONSTRAINT news_mailing_recipients_pkey PRIMARY KEY (mailing_id, email);

ALTER TABLE public.news_mailing_recipients ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.news_mailing_recipients FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_mailing_recipients TO anon;
GRANT ALL ON TABLE public.news_mailing_recipients TO authenticated;
GRANT ALL ON TABLE public.news_mailing_recipients TO service_role;

CREATE TABLE public.news_posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    club_id uuid,
    title text NOT NULL,
    content jsonb DEFAULT app_private.empty_rich_text() NOT NULL,
    author_id uuid DEFAULT auth.uid(),
    author_name text,
    image_path text,
    status public.event_status DEFAULT 'draft'::public.event_status NOT NULL,
    release_at timestamp with time zone,
    published_at timestamp with time zone,
    visibility public.news_visibility DEFAULT 'members'::public.news_visibility NOT NULL,
    allow_comments boolean DEFAULT true NOT NULL,
    link_url text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT news_posts_check CHECK (((status <> 'scheduled'::public.event_status) OR (release_at IS NOT NULL))),
    CONSTRAINT news_posts_content_rich_text CHECK (app_private.check_rich_text(content)),
    CONSTRAINT news_posts_link_url_check CHECK (((link_url IS NULL) OR (link_url ~* '^https?://[^\s/$.?#][^\s]*$'::text))),
    CONSTRAINT news_posts_status_kind CHECK ((status = ANY (ARRAY['draft'::public.event_status, 'scheduled'::public.event_status, 'published'::public.event_status]))),
    CONSTRAINT news_posts_title_check CHECK ((length(TRIM(BOTH FROM title)) > 0))
);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.news_posts
    ADD CONSTRAINT news_posts_pkey PRIMARY KEY (id);

ALTER TABLE public.news_posts ENABLE ROW LEVEL SECURITY;

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.news_posts;

REVOKE ALL ON TABLE public.news_posts FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_posts TO anon;
GRANT ALL ON TABLE public.news_posts TO authenticated;
GRANT ALL ON TABLE public.news_posts TO service_role;
