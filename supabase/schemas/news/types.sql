-- News (posts, comments, mailings): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.news_mailing_status AS ENUM (
    'queued',
    'sending',
    'done'
);

CREATE TYPE public.news_visibility AS ENUM (
    'public',
    'members',
    'hidden'
);
