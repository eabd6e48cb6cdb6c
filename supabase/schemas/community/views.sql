-- The community (tenancy, memberships and admin areas, settings, clubs, tags, redirects, audit log, retention, first-run setup): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.clubs_with_counts AS
 SELECT c.id,
    c.community_id,
    c.name,
    c.description,
    c.cvr,
    c.logo_path,
    c.contact_name,
    c.contact_email,
    c.contact_phone,
    c.created_at,
    (( SELECT count(*) AS count
           FROM public.members m
          WHERE ((m.club_id = c.id) AND (m.status <> 'left'::public.member_status))))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.groups g
          WHERE ((g.club_id = c.id) AND (NOT g.archived))))::integer AS group_count
   FROM public.clubs c
  WHERE ((c.community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[])) OR app_private.is_trusted());

REVOKE ALL ON TABLE public.clubs_with_counts FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.clubs_with_counts TO authenticated;
GRANT ALL ON TABLE public.clubs_with_counts TO service_role;

CREATE VIEW public.tags_with_usage AS
 SELECT t.id,
    t.community_id,
    t.name,
    t.color,
    t.created_at,
    (( SELECT count(*) AS count
           FROM public.member_tags mt
          WHERE (mt.tag_id = t.id)))::integer AS member_count,
    (( SELECT count(*) AS count
           FROM public.group_tags gt
          WHERE (gt.tag_id = t.id)))::integer AS group_count,
    (( SELECT count(*) AS count
           FROM public.event_tags et
          WHERE (et.tag_id = t.id)))::integer AS event_count
   FROM public.tags t
  WHERE ((t.community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])) OR app_private.is_trusted());

REVOKE ALL ON TABLE public.tags_with_usage FROM anon, authenticated, service_role;
GRANT SELECT,REFERENCES,TRIGGER ON TABLE public.tags_with_usage TO authenticated;
GRANT ALL ON TABLE public.tags_with_usage TO service_role;
