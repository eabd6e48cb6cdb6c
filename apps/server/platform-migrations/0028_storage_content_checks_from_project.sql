-- The upload content check (decision 0841) no longer lives in a column of storage.buckets
-- (decision 0980). storage.buckets belongs to storage-api on a Supabase project, where the
-- project's migrations cannot add a column, so the project declares the buckets it wants
-- checked in a table of its own, public.storage_content_checks (bucket_id text primary key).
-- This platform reads it when it exists; without it no bucket is checked, as upstream.
drop function storage.upload_limits(text);
create function storage.upload_limits(p_bucket_id text)
returns table (file_size_limit bigint, allowed_mime_types text[], content_check boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  checked boolean := false;
begin
  if to_regclass('public.storage_content_checks') is not null then
    execute 'select exists (select 1 from public.storage_content_checks where bucket_id = $1)'
      into checked using p_bucket_id;
  end if;
  return query
    select b.file_size_limit, b.allowed_mime_types, checked from storage.buckets b where b.id = p_bucket_id;
end
$$;

revoke all on function storage.upload_limits(text) from public;
grant execute on function storage.upload_limits(text) to anon, authenticated, service_role;

alter table storage.buckets drop column content_check;
