-- News (posts, comments, mailings): row-level security policies.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

CREATE POLICY news_admin_all ON public.news_posts USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_visible ON public.news_posts FOR SELECT USING ((((status = 'published'::public.event_status) OR ((status = 'scheduled'::public.event_status) AND (release_at <= now()))) AND ((visibility = 'public'::public.news_visibility) OR ((visibility = 'members'::public.news_visibility) AND (community_id = ANY (( SELECT app_private.member_communities() AS member_communities)::uuid[]))))));

CREATE POLICY news_comments_admin_all ON public.news_comments USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))) WITH CHECK ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_comments_own_delete ON public.news_comments FOR DELETE USING ((author_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY news_comments_visible ON public.news_comments FOR SELECT USING (((hidden_at IS NULL) AND (EXISTS ( SELECT 1
   FROM public.news_posts p
  WHERE (p.id = news_comments.post_id)))));

CREATE POLICY news_mail_unsubscribes_admin_read ON public.news_mail_unsubscribes FOR SELECT USING ((community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[])));

CREATE POLICY news_mailing_recipients_admin_read ON public.news_mailing_recipients FOR SELECT USING ((EXISTS ( SELECT 1
   FROM public.news_mailings m
  WHERE (m.id = news_mailing_recipients.mailing_id))));

CREATE POLICY news_mailings_admin_read ON public.news_mailings FOR SELECT USING (((post_id IS NOT NULL) AND (community_id = ANY (( SELECT app_private.area_communities('news'::public.admin_area) AS area_communities)::uuid[]))));

CREATE POLICY news_mailings_member_admin_read ON public.news_mailings FOR SELECT USING (((post_id IS NULL) AND (community_id = ANY (( SELECT app_private.register_communities() AS register_communities)::uuid[]))));
