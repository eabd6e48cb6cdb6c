-- Groups (members of groups, join requests, fees, welcome mails): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.group_visibility AS ENUM (
    'public',
    'members',
    'invite_only'
);
