-- The upload content check as a per-bucket setting (decision 0841). storage-api trusts the
-- declared content type; a bucket with content_check on refuses an upload whose first bytes
-- do not match it (a text file declared image/png). Off by default, as upstream behaves; the
-- product's image buckets switch it on in their app migration.
alter table storage.buckets add column content_check boolean not null default false;

drop function storage.upload_limits(text);
create function storage.upload_limits(p_bucket_id text)
returns table (file_size_limit bigint, allowed_mime_types text[], content_check boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select b.file_size_limit, b.allowed_mime_types, b.content_check from storage.buckets b where b.id = p_bucket_id
$$;

revoke all on function storage.upload_limits(text) from public;
grant execute on function storage.upload_limits(text) to anon, authenticated, service_role;
