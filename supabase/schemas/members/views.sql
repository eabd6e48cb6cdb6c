-- Members (register, CPR, history, relations, certificates, import, GDPR): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.member_directory WITH (security_barrier='true') AS
 SELECT m.id,
    m.community_id,
    m.club_id,
    m.mid,
    m.first_name,
    m.last_name,
    m.full_name,
    m.status,
        CASE
            WHEN c.contact THEN m.email
            ELSE NULL::text
        END AS email,
        CASE
            WHEN c.contact THEN m.phone
            ELSE NULL::text
        END AS phone,
    c.contact AS contact_visible
   FROM (public.members m
     CROSS JOIN LATERAL ( SELECT (( SELECT app_private.is_trusted() AS is_trusted) OR (m.community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[])) OR ((m.user_id IS NOT NULL) AND (m.user_id = ( SELECT auth.uid() AS uid))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('event'::public.admin_area) AS area_communities)::uuid[])) AND ((EXISTS ( SELECT 1
                   FROM public.ticket_purchases p
                  WHERE (p.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.volunteer_signups s
                  WHERE (s.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.event_invitations i
                  WHERE (i.member_id = m.id))))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('group'::public.admin_area) AS area_communities)::uuid[])) AND (EXISTS ( SELECT 1
                   FROM public.group_members g
                  WHERE ((g.member_id = m.id) AND (g.left_at IS NULL))))) OR ((m.community_id = ANY (( SELECT app_private.area_communities('booking'::public.admin_area) AS area_communities)::uuid[])) AND ((EXISTS ( SELECT 1
                   FROM public.bookings b
                  WHERE (b.member_id = m.id))) OR (EXISTS ( SELECT 1
                   FROM public.orders o
                  WHERE (o.member_id = m.id)))))) AS contact) c)
  WHERE (( SELECT app_private.is_trusted() AS is_trusted) OR (m.community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])) OR ((m.user_id IS NOT NULL) AND (m.user_id = ( SELECT auth.uid() AS uid))));

COMMENT ON VIEW public.member_directory IS 'Members as the non-member admin areas see them: names for everyone in the caller''s communities, e-mail and phone only for the people of their events, groups and bookings (docs/decisions/0820).';

REVOKE ALL ON TABLE public.member_directory FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.member_directory TO anon;
GRANT SELECT ON TABLE public.member_directory TO authenticated;
GRANT SELECT ON TABLE public.member_directory TO service_role;

CREATE FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS SETOF public.member_directory
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  return query
  select d.* from public.member_directory d
  where d.id = any (app_private.directory_name_hits(p_community_id, v_pattern, v_mid, v_limit))
    and d.community_id = p_community_id
  order by d.last_name, d.first_name, d.id;
end
$_$;

REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.lookup_member_directory(p_community_id uuid, p_query text, p_limit integer) TO service_role;
