-- Knowledge-base search over the article's text, not only its title (issue 24, decision 0922).
-- The searched text is a stored generated column (PostgREST filters on columns, not
-- expressions): title, summary and the words of the rich-text body, folded like tag names
-- (lower case, Æ/Ø/Å included, which lower() does not fold under the C ctype). A trigram index
-- serves "contains" matches, which suit Danish compounds: "bold" finds "fodboldbanen", where a
-- stemmed tsvector would not. The list screen sends each word of the query as one
-- `like '%word%'` filter on this column; search_kb_articles uses the same column.
alter table public.kb_articles add column search_text text generated always as (
  app_private.fold_name(title || ' ' || coalesce(summary, '') || ' ' || app_private.rich_text_plain(body))) stored;
create index kb_articles_search_text_idx on public.kb_articles using gin (search_text extensions.gin_trgm_ops);

-- As before (title matches first, then summary and body), now matched on the folded column so
-- "BÅDEBROEN" finds "bådebroen" and the trigram index can serve the match.
create or replace function public.search_kb_articles(p_community_id uuid, p_query text, p_limit int default 20)
returns table (id uuid, title text, slug text, summary text, category_id uuid, visibility public.kb_visibility,
               status public.kb_article_status, title_match boolean)
language sql stable set search_path = '' as $$
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
