-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY audit_log_owner_manager_read ON public.audit_log FOR SELECT USING (((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[]))));

CREATE POLICY clubs_owner_write ON public.clubs USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY clubs_read ON public.clubs FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY communities_owner_update ON public.communities FOR UPDATE USING ((id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY communities_read ON public.communities FOR SELECT USING (true);

CREATE POLICY community_settings_member_read ON public.community_settings FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY community_settings_owner_write ON public.community_settings USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY event_tags_admin_delete ON public.event_tags FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_admin_insert ON public.event_tags FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_admin_update ON public.event_tags FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_tags_read ON public.event_tags FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR false));

CREATE POLICY group_tags_admin_read ON public.group_tags FOR SELECT USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

CREATE POLICY group_tags_group_admin_write ON public.group_tags USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY member_tags_admin_read ON public.member_tags FOR SELECT USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

CREATE POLICY member_tags_member_admin_write ON public.member_tags USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY memberships_owner_write ON public.memberships USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY memberships_read ON public.memberships FOR SELECT USING (((user_id = ( SELECT auth.uid() AS uid)) OR (community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY redirects_owner_all ON public.redirects USING ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])));

CREATE POLICY tags_admin_read ON public.tags FOR SELECT USING ((community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])));

CREATE POLICY tags_classifier_write ON public.tags USING ((community_id = ANY (( SELECT app_private.tag_communities() AS tag_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.tag_communities() AS tag_communities)::uuid[])));
