-- Booking (bookable products, bookings, series, feeds): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY booking_closed_days_booking_admin_all ON public.booking_closed_days USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY booking_closed_days_member_read ON public.booking_closed_days FOR SELECT USING ((community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])));

CREATE POLICY booking_products_booking_admin_all ON public.booking_products USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY booking_products_member_read ON public.booking_products FOR SELECT USING (((deleted_at IS NULL) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))));

CREATE POLICY booking_series_booking_admin_all ON public.booking_series USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY bookings_booking_admin_all ON public.bookings USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY bookings_own_read ON public.bookings FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY product_availability_booking_admin_all ON public.product_availability USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_availability_member_read ON public.product_availability FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_availability.product_id))));

CREATE POLICY product_required_certificates_booking_admin_all ON public.product_required_certificates USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_required_certificates_member_read ON public.product_required_certificates FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_required_certificates.product_id))));

CREATE POLICY product_required_groups_booking_admin_all ON public.product_required_groups USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY product_required_groups_member_read ON public.product_required_groups FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.booking_products p
  WHERE (p.id = product_required_groups.product_id))));
