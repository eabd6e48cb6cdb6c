-- The knowledge base: tables with their keys, row-level security switches, comments, grants and publication membership.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TABLE public.kb_articles (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    category_id uuid,
    title text NOT NULL,
    slug text NOT NULL,
    summary text,
    body jsonb DEFAULT app_private.empty_rich_text() NOT NULL,
    status public.kb_article_status DEFAULT 'draft'::public.kb_article_status NOT NULL,
    visibility public.kb_visibility DEFAULT 'members'::public.kb_visibility NOT NULL,
    pinned boolean DEFAULT false NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    author_id uuid DEFAULT auth.uid(),
    updated_by uuid,
    published_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    search_text text GENERATED ALWAYS AS (app_private.fold_name(((((title || ' '::text) || COALESCE(summary, ''::text)) || ' '::text) || app_private.rich_text_plain(body)))) STORED,
    CONSTRAINT kb_articles_body_rich_text CHECK (app_private.check_rich_text(body)),
    CONSTRAINT kb_articles_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 120))),
    CONSTRAINT kb_articles_summary_check CHECK (((summary IS NULL) OR (length(summary) <= 500))),
    CONSTRAINT kb_articles_title_check CHECK (((length(TRIM(BOTH FROM title)) >= 1) AND (length(TRIM(BOTH FROM title)) <= 200)))
);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.kb_articles
    ADD CONSTRAINT kb_articles_pkey PRIMARY KEY (id);

ALTER TABLE public.kb_articles ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.kb_articles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.kb_articles TO anon;
GRANT ALL ON TABLE public.kb_articles TO authenticated;
GRANT ALL ON TABLE public.kb_articles TO service_role;

CREATE TABLE public.kb_categories (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    community_id uuid NOT NULL,
    name text NOT NULL,
    description text,
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT kb_categories_name_check CHECK (((length(TRIM(BOTH FROM name)) >= 1) AND (length(TRIM(BOTH FROM name)) <= 120)))
);

ALTER TABLE ONLY public.kb_categories
    ADD CONSTRAINT kb_categories_id_community_id_key UNIQUE (id, community_id);

ALTER TABLE ONLY public.kb_categories
    ADD CONSTRAINT kb_categories_pkey PRIMARY KEY (id);

ALTER TABLE public.kb_categories ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.kb_categories FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.kb_categories TO anon;
GRANT ALL ON TABLE public.kb_categories TO authenticated;
GRANT ALL ON TABLE public.kb_categories TO service_role;
