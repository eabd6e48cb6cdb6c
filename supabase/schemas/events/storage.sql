-- Events (tickets, add-ons, volunteers, invitations): storage policies for the buckets of this area.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY club_images_delete ON storage.objects FOR DELETE USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name)));

CREATE POLICY club_images_insert ON storage.objects FOR INSERT WITH CHECK (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name)));

CREATE POLICY club_images_read ON storage.objects FOR SELECT USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND (app_private.community_of_path(name) = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY club_images_update ON storage.objects FOR UPDATE USING (((bucket_id = ANY (ARRAY['event-images'::text, 'group-covers'::text, 'product-images'::text, 'community-logos'::text, 'news-images'::text])) AND app_private.may_write_image(bucket_id, name))) WITH CHECK (app_private.may_write_image(bucket_id, name));
