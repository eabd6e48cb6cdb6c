-- Orders: views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.order_history WITH (security_invoker='true') AS
 SELECT h.id,
    h.community_id,
    h.order_id,
    h.from_status,
    h.to_status,
    h.changed_at,
    h.changed_by,
    app_private.user_name_in(h.community_id, h.changed_by) AS changed_by_name
   FROM public.order_status_changes h;

REVOKE ALL ON TABLE public.order_history FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.order_history TO anon;
GRANT ALL ON TABLE public.order_history TO authenticated;
GRANT ALL ON TABLE public.order_history TO service_role;

CREATE VIEW public.order_summaries WITH (security_invoker='true') AS
 SELECT o.id,
    o.community_id,
    o.product_id,
    o.product_name,
    o.member_id,
    app_private.member_name(o.member_id) AS member_name,
    o.status,
    o.amount_ore,
    o.currency,
    o.status_changed_at,
    o.created_at
   FROM public.orders o;

REVOKE ALL ON TABLE public.order_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.order_summaries TO anon;
GRANT ALL ON TABLE public.order_summaries TO authenticated;
GRANT ALL ON TABLE public.order_summaries TO service_role;
