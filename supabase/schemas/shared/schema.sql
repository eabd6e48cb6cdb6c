-- Shared building blocks (schemas, extensions, rich text, names, time, recurrence): schemas, extensions and event triggers.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE SCHEMA app_private;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

GRANT USAGE ON SCHEMA app_private TO anon;
GRANT USAGE ON SCHEMA app_private TO authenticated;
GRANT USAGE ON SCHEMA app_private TO service_role;
