-- The knowledge base: row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY kb_articles_admin_delete ON public.kb_articles FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_admin_insert ON public.kb_articles FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_admin_update ON public.kb_articles FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_articles_read ON public.kb_articles FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])) OR ((status = 'published'::public.kb_article_status) AND ((visibility = 'public'::public.kb_visibility) OR ((visibility = 'members'::public.kb_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))) OR ((visibility = 'admins'::public.kb_visibility) AND (community_id = ANY (( SELECT app_private.admin_communities() AS admin_communities)::uuid[])))))));

CREATE POLICY kb_categories_admin_delete ON public.kb_categories FOR DELETE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_admin_insert ON public.kb_categories FOR INSERT WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_admin_update ON public.kb_categories FOR UPDATE USING ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY kb_categories_read ON public.kb_categories FOR SELECT USING (((community_id = ANY (( SELECT app_private.area_communities('knowledge_base'::public.admin_area) AS area_communities)::uuid[])) OR (EXISTS ( SELECT 1
   FROM public.kb_articles a
  WHERE (a.category_id = kb_categories.id)))));
