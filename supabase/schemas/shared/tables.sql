-- Shared building blocks: tables with their keys, row-level security switches, comments and grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

-- The buckets whose uploads must start with the bytes of their declared type (decision 0841).
-- A table of the project's own, because a Supabase project cannot add a column to
-- storage.buckets (decision 0980); the rows are reference data, inserted by the migration.
CREATE TABLE public.storage_content_checks (
    bucket_id text NOT NULL
);

COMMENT ON TABLE public.storage_content_checks IS 'Buckets whose uploads the platform checks byte by byte against their declared type (decision 0841).';

ALTER TABLE ONLY public.storage_content_checks
    ADD CONSTRAINT storage_content_checks_pkey PRIMARY KEY (bucket_id);

ALTER TABLE public.storage_content_checks ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.storage_content_checks FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.storage_content_checks TO service_role;
