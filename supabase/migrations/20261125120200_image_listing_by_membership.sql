-- Image buckets (issue 23, docs/decisions/0822): any signed-in user could list another
-- community's folder and copy its objects into their own, because the read policy of the
-- public image buckets let everyone select every object row. Public read by URL does not
-- need that policy (the storage service serves public objects itself), so reading object
-- rows (listing, info, signing, and the source of a copy or move) now follows membership of
-- the community whose folder the object is in. Writes stay with the admins of each area.

drop policy club_images_read on storage.objects;
create policy club_images_read on storage.objects for select
  using (bucket_id in ('event-images', 'group-covers', 'product-images', 'community-logos')
         and app_private.community_of_path(name) = any ((select app_private.member_communities())::uuid[]));
