-- Orders: row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY order_status_changes_booking_admin_read ON public.order_status_changes FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY order_status_changes_own_read ON public.order_status_changes FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE (o.id = order_status_changes.order_id))));

CREATE POLICY orders_booking_admin_all ON public.orders USING ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY orders_own_read ON public.orders FOR SELECT USING ((member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[])));

CREATE POLICY orders_buyer_read ON public.orders FOR SELECT USING ((buyer_user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY order_lines_read ON public.order_lines FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE (o.id = order_lines.order_id))));
