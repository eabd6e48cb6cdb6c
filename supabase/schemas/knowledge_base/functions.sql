-- The knowledge base: functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.before_kb_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.community_id <> old.community_id then
    perform app_private.fail('read_only_field', 'Knowledge base entries stay in their community');
  end if;
  if tg_table_name = 'kb_articles' then
    new.updated_by := coalesce(auth.uid(), new.updated_by);
    if new.status = 'published' and new.published_at is null then
      new.published_at := now();
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_kb_write() FROM anon, authenticated, service_role;

CREATE FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer DEFAULT 20) RETURNS TABLE(id uuid, title text, slug text, summary text, category_id uuid, visibility public.kb_visibility, status public.kb_article_status, title_match boolean)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select a.id, a.title, a.slug, a.summary, a.category_id, a.visibility, a.status,
         app_private.fold_name(a.title) like pattern.p as title_match
  from public.kb_articles a,
       (select '%' || replace(replace(replace(app_private.fold_name(coalesce(p_query, '')), '\', '\\'), '%', '\%'), '_', '\_')
               || '%' as p) pattern
  where a.community_id = p_community_id and trim(coalesce(p_query, '')) <> ''
    and a.search_text like pattern.p
  order by (app_private.fold_name(a.title) like pattern.p) desc, a.pinned desc, a.title, a.id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

REVOKE ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO anon;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.search_kb_articles(p_community_id uuid, p_query text, p_limit integer) TO service_role;
