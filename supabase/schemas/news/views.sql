-- News (posts, comments, mailings): views and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE VIEW public.news_post_summaries WITH (security_invoker='true') AS
 SELECT p.id,
    p.community_id,
    p.title,
    p.status,
    p.visibility,
    p.release_at,
    p.published_at,
    p.created_at,
    p.updated_at,
    p.author_id,
    p.author_name,
    p.allow_comments,
    p.link_url,
    p.image_path,
        CASE
            WHEN ((p.status = 'scheduled'::public.event_status) AND (p.release_at <= now())) THEN 'published'::public.event_status
            ELSE p.status
        END AS effective_status,
    COALESCE(p.published_at, p.release_at, p.created_at) AS shown_at,
    (( SELECT count(*) AS count
           FROM public.news_comments c
          WHERE (c.post_id = p.id)))::integer AS comment_count,
    (( SELECT count(*) AS count
           FROM public.news_comments c
          WHERE ((c.post_id = p.id) AND (c.hidden_at IS NOT NULL))))::integer AS hidden_comment_count
   FROM public.news_posts p;

REVOKE ALL ON TABLE public.news_post_summaries FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.news_post_summaries TO anon;
GRANT ALL ON TABLE public.news_post_summaries TO authenticated;
GRANT ALL ON TABLE public.news_post_summaries TO service_role;
