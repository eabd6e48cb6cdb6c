-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.admin_area AS ENUM (
    'analytics',
    'billing',
    'booking',
    'event',
    'group',
    'knowledge_base',
    'member',
    'news'
);

CREATE TYPE public.membership_role AS ENUM (
    'member',
    'admin',
    'owner'
);
