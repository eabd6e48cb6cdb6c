-- News images (issue #18): a public `news-images` bucket like the other image buckets, PNG and
-- JPEG up to 5 MB under "<community id>/…", written by news administrators of that community
-- and listed by its members (decision 0822). Like the other image buckets it checks that an
-- upload's first bytes match its declared type (content_check, decision 0841).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, content_check)
values ('news-images', 'news-images', true, 5242880, array['image/png', 'image/jpeg'], true)
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types, content_check = excluded.content_check;

create or replace function app_private.may_write_image(p_bucket text, p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case p_bucket
    when 'event-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('event'))
    when 'group-covers' then app_private.community_of_path(p_name) = any (app_private.area_communities('group'))
    when 'product-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('booking'))
    when 'news-images' then app_private.community_of_path(p_name) = any (app_private.area_communities('news'))
    when 'community-logos' then app_private.community_of_path(p_name) = any (app_private.owner_communities())
    else false end
    and lower(storage.extension(p_name)) in ('png', 'jpg', 'jpeg')
$$;

drop policy club_images_read on storage.objects;
create policy club_images_read on storage.objects for select
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos', 'news-images')
         and app_private.community_of_path(name) = any ((select app_private.member_communities())::uuid[]));
drop policy club_images_insert on storage.objects;
create policy club_images_insert on storage.objects for insert
  with check (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos', 'news-images')
              and app_private.may_write_image(bucket_id, name));
drop policy club_images_update on storage.objects;
create policy club_images_update on storage.objects for update
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos', 'news-images')
         and app_private.may_write_image(bucket_id, name))
  with check (app_private.may_write_image(bucket_id, name));
drop policy club_images_delete on storage.objects;
create policy club_images_delete on storage.objects for delete
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos', 'news-images')
         and app_private.may_write_image(bucket_id, name));
