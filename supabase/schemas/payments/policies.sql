-- Payments: row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY payments_billing_admin_read ON public.payments FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY payments_buyer_read ON public.payments FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE ((o.id = payments.order_id) AND (o.buyer_user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY payment_events_billing_admin_read ON public.payment_events FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY payment_exceptions_billing_admin_read ON public.payment_exceptions FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY payment_refunds_billing_admin_read ON public.payment_refunds FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('billing'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY payment_refunds_buyer_read ON public.payment_refunds FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.orders o
  WHERE ((o.id = payment_refunds.order_id) AND (o.buyer_user_id = ( SELECT auth.uid() AS uid))))));
