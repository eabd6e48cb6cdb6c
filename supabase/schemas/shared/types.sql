-- Shared building blocks (schemas, extensions, rich text, names, time, recurrence): enum and composite types.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE TYPE public.repeat_rule AS ENUM (
    'never',
    'weekly',
    'biweekly',
    'monthly',
    'yearly',
    'first_weekday',
    'last_weekday'
);
