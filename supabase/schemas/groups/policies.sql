-- Groups (members of groups, join requests, fees, welcome mails): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY group_fee_charges_billing_admin_delete ON public.group_fee_charges FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_fee_charges_billing_admin_read ON public.group_fee_charges FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY group_join_requests_admin_read ON public.group_join_requests FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_join_requests_own_read ON public.group_join_requests FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY group_members_admin_all ON public.group_members USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY group_members_own_read ON public.group_members FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY groups_admin_all ON public.groups USING ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY groups_visible ON public.groups FOR SELECT USING (((NOT archived) AND ((visibility = 'public'::public.group_visibility) OR ((visibility = 'members'::public.group_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))) OR (id = ANY (( SELECT app_private.my_group_ids() AS my_group_ids)::uuid[])))));
