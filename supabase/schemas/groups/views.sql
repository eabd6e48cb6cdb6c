-- Groups (members of groups, join requests, fees, welcome mails): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW app_private.group_roster_rows WITH (security_barrier='true') AS
 SELECT gm.id,
    gm.community_id,
    gm.group_id,
    gm.member_id,
    gm.role,
    gm.joined_at,
    gm.payment_status,
    gm.welcome_sent_at,
    m.mid,
    m.full_name,
    m.email
   FROM (public.group_members gm
     CROSS JOIN LATERAL ( SELECT m_1.mid,
            m_1.full_name,
            m_1.email
           FROM public.members m_1
          WHERE ((m_1.id = gm.member_id) AND (m_1.community_id = gm.community_id))
         OFFSET 0) m)
  WHERE ((gm.left_at IS NULL) AND (( SELECT app_private.is_trusted() AS is_trusted) OR (gm.community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])) OR (gm.member_id = ANY (( SELECT app_private.my_member_ids() AS my_member_ids)::uuid[]))));

REVOKE ALL ON TABLE app_private.group_roster_rows FROM anon, authenticated, service_role;

CREATE VIEW public.group_admin_summaries WITH (security_invoker='true') AS
 SELECT g.id,
    g.community_id,
    g.title,
    g.visibility,
    g.archived,
    g.archived_at,
    g.payment_frequency,
    g.price_ore,
    g.currency,
    (g.payment_frequency IS NOT NULL) AS paid,
    g.requires_approval,
    g.cover_image_path,
    g.owner_member_id,
    ( SELECT d.full_name
           FROM public.member_directory d
          WHERE (d.id = g.owner_member_id)) AS owner_name,
    (( SELECT count(*) AS count
           FROM public.group_members gm
          WHERE ((gm.group_id = g.id) AND (gm.left_at IS NULL))))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.group_join_requests r
          WHERE ((r.group_id = g.id) AND (r.status = 'pending'::text))))::integer AS pending_requests,
    COALESCE(( SELECT array_agg(t.tag_id ORDER BY t.tag_id) AS array_agg
           FROM public.group_tags t
          WHERE (t.group_id = g.id)), '{}'::uuid[]) AS tag_ids,
    (EXISTS ( SELECT 1
           FROM public.group_members gm
          WHERE (gm.group_id = g.id))) AS ever_had_members,
    g.created_at
   FROM public.groups g;

REVOKE ALL ON TABLE public.group_admin_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_admin_summaries TO service_role;
GRANT SELECT ON TABLE public.group_admin_summaries TO authenticated;

CREATE VIEW public.group_join_request_list WITH (security_invoker='true') AS
 SELECT r.id,
    r.community_id,
    r.group_id,
    r.member_id,
    r.message,
    r.created_at,
    d.full_name,
    d.email
   FROM (public.group_join_requests r
     JOIN public.member_directory d ON ((d.id = r.member_id)))
  WHERE (r.status = 'pending'::text);

REVOKE ALL ON TABLE public.group_join_request_list FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_join_request_list TO service_role;
GRANT SELECT ON TABLE public.group_join_request_list TO authenticated;

CREATE VIEW public.group_member_roster WITH (security_invoker='false') AS
 SELECT r.id,
    r.community_id,
    r.group_id,
    r.member_id,
    r.role,
    r.joined_at,
    r.payment_status,
    r.welcome_sent_at,
    r.mid,
    r.full_name,
    r.email,
    app_private.group_member_last_charged(r.id) AS last_charged_period
   FROM app_private.group_roster_rows r;

COMMENT ON VIEW public.group_member_roster IS 'Current members of groups with name and e-mail, for group admins (all of their community''s groups) and members (their own rows); docs/decisions/0965.';

REVOKE ALL ON TABLE public.group_member_roster FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.group_member_roster TO service_role;
GRANT SELECT ON TABLE public.group_member_roster TO authenticated;
