-- The knowledge base: enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.kb_article_status AS ENUM (
    'draft',
    'published',
    'archived'
);

CREATE TYPE public.kb_visibility AS ENUM (
    'public',
    'members',
    'admins'
);
