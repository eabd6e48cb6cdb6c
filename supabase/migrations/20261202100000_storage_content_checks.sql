-- The buckets whose uploads must start with the bytes of their declared type (decision 0841),
-- declared in a table the project owns instead of a column added to storage.buckets, which a
-- Supabase project's migrations cannot alter (decision 0980).
create table public.storage_content_checks (
  bucket_id text primary key
);
comment on table public.storage_content_checks is 'Buckets whose uploads the platform checks byte by byte against their declared type (decision 0841).';
alter table public.storage_content_checks enable row level security;
revoke all on table public.storage_content_checks from anon, authenticated, service_role;
grant select on table public.storage_content_checks to service_role;

insert into public.storage_content_checks (bucket_id)
values ('event-images'), ('group-covers'), ('product-images'), ('community-logos'), ('news-images'),
  ('member-documents')
on conflict (bucket_id) do nothing;
