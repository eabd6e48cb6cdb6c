-- Image buckets. Objects live under "<community id>/…"; admins of the matching area write,
-- everyone reads (the buckets are public: images appear on public events and sign-in pages).
-- PNG and JPEG only, at most 5 MB.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('event-images', 'event-images', true, 5242880, array['image/png', 'image/jpeg']),
  ('group-covers', 'group-covers', true, 5242880, array['image/png', 'image/jpeg']),
  ('product-images', 'product-images', true, 5242880, array['image/png', 'image/jpeg']),
  ('community-logos', 'community-logos', true, 5242880, array['image/png', 'image/jpeg'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- The community an object path belongs to (its first folder), or null when it is not a uuid.
create or replace function app_private.community_of_path(p_name text) returns uuid
language plpgsql immutable as $$
declare first text := split_part(coalesce(p_name, ''), '/', 1);
begin
  if first ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return first::uuid;
  end if;
  return null;
end
$$;
grant execute on function app_private.community_of_path(text) to anon, authenticated, service_role;

-- Which admin area may write each bucket; community logos belong to community owners.
create or replace function app_private.may_write_image(p_bucket text, p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case p_bucket
    when 'event-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('event'))
    when 'group-covers' then app_private.community_of_path(p_name) = any (app_private.area_communities('group'))
    when 'product-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('booking'))
    when 'community-logos' then app_private.community_of_path(p_name) = any (app_private.owner_communities())
    else false end
    and lower(storage.extension(p_name)) in ('png', 'jpg', 'jpeg')
$$;
grant execute on function app_private.may_write_image(text, text) to anon, authenticated, service_role;

create policy club_images_read on storage.objects for select
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos'));
create policy club_images_insert on storage.objects for insert
  with check (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos')
              and app_private.may_write_image(bucket_id, name));
create policy club_images_update on storage.objects for update
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos')
         and app_private.may_write_image(bucket_id, name))
  with check (app_private.may_write_image(bucket_id, name));
create policy club_images_delete on storage.objects for delete
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos')
         and app_private.may_write_image(bucket_id, name));
