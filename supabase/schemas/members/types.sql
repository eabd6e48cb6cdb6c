-- Members (register, CPR, history, relations, certificates, import, GDPR): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.gender AS ENUM (
    'female',
    'male',
    'other'
);

CREATE TYPE public.member_status AS ENUM (
    'active',
    'passive',
    'left'
);
