-- Events (tickets, add-ons, volunteers, invitations): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.event_admin_participants WITH (security_invoker='true') AS
 SELECT p.id,
    p.community_id,
    p.event_id,
    p.ticket_id,
    t.name AS ticket_name,
    p.member_id,
    TRIM(BOTH FROM ((COALESCE(m.first_name, ''::text) || ' '::text) || COALESCE(m.last_name, ''::text))) AS member_name,
    m.email AS member_email,
    p.quantity,
    p.status,
    p.unit_price_ore,
    p.total_ore,
    p.currency,
    p.purchased_at,
    p.cancelled_at,
    p.checked_in_at,
    COALESCE(( SELECT jsonb_agg(jsonb_build_object('option_id', pa.option_id, 'title', o.title, 'addon', a.name, 'quantity', pa.quantity, 'unit_price_ore', pa.unit_price_ore) ORDER BY a.sort_order, o.sort_order) AS jsonb_agg
           FROM ((public.purchase_addons pa
             JOIN public.addon_options o ON ((o.id = pa.option_id)))
             JOIN public.event_addons a ON ((a.id = o.addon_id)))
          WHERE (pa.purchase_id = p.id)), '[]'::jsonb) AS addons,
    p.guest_name,
    p.guest_email,
    p.added_by,
    p.payment
   FROM ((public.ticket_purchases p
     JOIN public.tickets t ON ((t.id = p.ticket_id)))
     LEFT JOIN public.member_directory m ON ((m.id = p.member_id)));

REVOKE ALL ON TABLE public.event_admin_participants FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_admin_participants TO anon;
GRANT ALL ON TABLE public.event_admin_participants TO authenticated;
GRANT ALL ON TABLE public.event_admin_participants TO service_role;

CREATE VIEW public.event_admin_summaries WITH (security_invoker='true') AS
 SELECT e.id,
    e.community_id,
    e.title,
    e.location,
    e.starts_at,
    e.ends_at,
    e.status,
        CASE
            WHEN ((e.status = 'scheduled'::public.event_status) AND (e.release_at <= now())) THEN 'published'::text
            ELSE (e.status)::text
        END AS effective_status,
    e.release_at,
    e.visibility,
    e.kind,
    e.repeat,
    e.series_id,
    e.image_path,
    e.created_at,
    e.updated_at,
    (( SELECT
                CASE
                    WHEN ((count(*) = 0) OR bool_or((t.participant_limit IS NULL))) THEN NULL::bigint
                    ELSE sum(t.participant_limit)
                END AS sum
           FROM public.tickets t
          WHERE (t.event_id = e.id)))::integer AS capacity,
    (COALESCE(( SELECT sum(p.quantity) AS sum
           FROM public.ticket_purchases p
          WHERE ((p.event_id = e.id) AND (p.status = 'active'::text))), (0)::bigint))::integer AS tickets_sold,
    COALESCE(( SELECT sum(p.total_ore) AS sum
           FROM public.ticket_purchases p
          WHERE ((p.event_id = e.id) AND (p.status = 'active'::text))), (0)::bigint) AS revenue_ore
   FROM public.events e;

REVOKE ALL ON TABLE public.event_admin_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.event_admin_summaries TO anon;
GRANT ALL ON TABLE public.event_admin_summaries TO authenticated;
GRANT ALL ON TABLE public.event_admin_summaries TO service_role;
