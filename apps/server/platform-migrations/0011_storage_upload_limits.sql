-- A bucket's upload limits for the single upload statement, which runs as the uploading
-- role: that role may not see the bucket row under row-level security, but storage-api
-- checks limits as its own superuser, so this reads them with the owner's rights. It
-- tells no more than the upload endpoint's own answers (no such bucket, too large, type).
create or replace function storage.upload_limits(p_bucket_id text)
returns table (file_size_limit bigint, allowed_mime_types text[])
language sql
stable
security definer
set search_path = ''
as $$
  select b.file_size_limit, b.allowed_mime_types from storage.buckets b where b.id = p_bucket_id
$$;

revoke all on function storage.upload_limits(text) from public;
grant execute on function storage.upload_limits(text) to anon, authenticated, service_role;
