-- Events (tickets, add-ons, volunteers, invitations): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY addon_options_admin_delete ON public.addon_options FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_admin_insert ON public.addon_options FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_admin_update ON public.addon_options FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY addon_options_read ON public.addon_options FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.event_addons a
  WHERE (a.id = addon_options.addon_id)))));

CREATE POLICY event_addons_admin_delete ON public.event_addons FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_admin_insert ON public.event_addons FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_admin_update ON public.event_addons FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_addons_read ON public.event_addons FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = event_addons.event_id)))));

CREATE POLICY event_invitations_admin_delete ON public.event_invitations FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_admin_insert ON public.event_invitations FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_admin_update ON public.event_invitations FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY event_invitations_read ON public.event_invitations FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY events_admin_delete ON public.events FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_admin_insert ON public.events FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_admin_update ON public.events FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY events_read ON public.events FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR app_private.event_visible(id, community_id, status, release_at, published_at, visibility)));

CREATE POLICY purchase_addons_read ON public.purchase_addons FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.ticket_purchases p
  WHERE (p.id = purchase_addons.purchase_id)))));

CREATE POLICY ticket_purchases_read ON public.ticket_purchases FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY tickets_admin_delete ON public.tickets FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_admin_insert ON public.tickets FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_admin_update ON public.tickets FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY tickets_read ON public.tickets FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = tickets.event_id)))));

CREATE POLICY volunteer_jobs_admin_delete ON public.volunteer_jobs FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_admin_insert ON public.volunteer_jobs FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_admin_update ON public.volunteer_jobs FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_jobs_read ON public.volunteer_jobs FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.events e
  WHERE (e.id = volunteer_jobs.event_id)))));

CREATE POLICY volunteer_signups_admin_delete ON public.volunteer_signups FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_admin_insert ON public.volunteer_signups FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_admin_update ON public.volunteer_signups FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_signups_read ON public.volunteer_signups FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

CREATE POLICY volunteer_timeslots_admin_delete ON public.volunteer_timeslots FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_admin_insert ON public.volunteer_timeslots FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_admin_update ON public.volunteer_timeslots FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY volunteer_timeslots_read ON public.volunteer_timeslots FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.volunteer_jobs j
  WHERE (j.id = volunteer_timeslots.job_id)))));
