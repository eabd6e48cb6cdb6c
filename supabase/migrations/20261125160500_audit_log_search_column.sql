-- The audit log's search through the data API (docs/decisions/0872): PostgREST filters on
-- columns, not expressions, so the searched text is a stored column with the trigram index.
drop index public.audit_log_search_idx;
alter table public.audit_log add column search_text text generated always as (
  lower(coalesce(actor_email, '') || ' ' || action || ' ' || subject)) stored;
create index audit_log_search_idx on public.audit_log using gin (search_text extensions.gin_trgm_ops);
