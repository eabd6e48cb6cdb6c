-- Events (tickets, add-ons, volunteers, invitations): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.event_kind AS ENUM (
    'internal',
    'external'
);

CREATE TYPE public.event_status AS ENUM (
    'draft',
    'scheduled',
    'published',
    'cancelled'
);

CREATE TYPE public.event_visibility AS ENUM (
    'public',
    'members',
    'invite_only',
    'hidden'
);
