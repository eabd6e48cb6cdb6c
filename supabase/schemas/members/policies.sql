-- Members (register, CPR, history, relations, certificates, import, GDPR): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY certificates_admin_all ON public.member_certificates USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY certificates_own_read ON public.member_certificates FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY cpr_audit_manager_read ON public.cpr_audit FOR SELECT USING ((community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[])));

CREATE POLICY dk_postcodes_read ON public.dk_postcodes FOR SELECT USING (true);

CREATE POLICY member_arrears_register_read ON public.member_arrears FOR SELECT USING ((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])));

CREATE POLICY member_history_admin_read ON public.member_history FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.owner_communities() AS owner_communities)::uuid[])) OR (community_id = ANY (( SELECT app_private.manager_communities() AS manager_communities)::uuid[]))));

CREATE POLICY member_import_jobs_admin_read ON public.member_import_jobs FOR SELECT USING ((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])));

CREATE POLICY member_import_rows_admin_read ON public.member_import_rows FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.member_import_jobs j
  WHERE (j.id = member_import_rows.job_id))));

CREATE POLICY member_relations_admin_all ON public.member_relations USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_admin_delete ON public.members FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_admin_update ON public.members FOR UPDATE USING (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid)))) WITH CHECK (((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY members_admin_write ON public.members FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('member'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY members_register_read ON public.members FOR SELECT USING (((community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])) OR (user_id = ( SELECT auth.uid() AS uid))));
