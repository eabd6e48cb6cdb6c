-- A post's author is picked from the community's people (issue #18, docs/decisions/0892):
-- its administrators (any membership) and its members with an account who have not left. The
-- editor searches them through news_author_candidates; the database checks the pick and names
-- the author from it, so the byline is never free text a writer typed.

create or replace function app_private.news_author_in_community(p_community uuid, p_user uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.memberships ms where ms.community_id = p_community and ms.user_id = p_user)
      or exists (select 1 from public.members m
                 where m.community_id = p_community and m.user_id = p_user and m.status <> 'left')
$$;

-- Who may be named as author, searched by name or e-mail (case-insensitive, anywhere in
-- the text), administrators first, then by name. Only the community's news administrators ask.
create or replace function public.news_author_candidates(p_community_id uuid, p_search text default '',
    p_limit int default 20)
returns table (user_id uuid, name text, email text, is_admin boolean)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_search text := lower(trim(coalesce(p_search, '')));
begin
  if not app_private.has_area(p_community_id, 'news') then
    perform app_private.fail('not_allowed', 'Only the community''s news administrators pick authors');
  end if;
  if length(v_search) > 100 then
    perform app_private.fail('search_too_long', 'Search with at most 100 characters');
  end if;
  return query
  with people as (
    select ms.user_id, ms.role in ('admin', 'owner') as is_admin
    from public.memberships ms where ms.community_id = p_community_id
    union all
    select m.user_id, false from public.members m
    where m.community_id = p_community_id and m.user_id is not null and m.status <> 'left'
  ), named as (
    select p.user_id, bool_or(p.is_admin) as is_admin,
           coalesce(app_private.news_author_name(p_community_id, p.user_id), '') as name,
           coalesce(u.email, '')::text as email
    from people p join auth.users u on u.id = p.user_id
    group by p.user_id, u.email
  )
  select n.user_id, n.name, n.email, n.is_admin from named n
  where v_search = '' or strpos(lower(n.name), v_search) > 0 or strpos(lower(n.email), v_search) > 0
  order by n.is_admin desc, lower(n.name), n.email
  limit least(greatest(coalesce(p_limit, 20), 1), 50);
end
$$;
revoke execute on function public.news_author_candidates(uuid, text, int) from public, anon;
grant execute on function public.news_author_candidates(uuid, text, int) to authenticated;

-- Runs after news_posts_before_write (which defaults the author to the writer). A writer may
-- always name themselves; anyone else must belong to the community. The byline follows the
-- author for every write but trusted ones (seed, restores), which may carry a stored name.
create or replace function app_private.check_news_author() returns trigger
language plpgsql as $$
begin
  if app_private.is_trusted() then
    return new;
  end if;
  if new.author_id is not null and (tg_op = 'INSERT' or new.author_id is distinct from old.author_id)
     and new.author_id is distinct from auth.uid()
     and not app_private.news_author_in_community(new.community_id, new.author_id) then
    perform app_private.fail('author_not_in_community', 'The author must be an administrator or member of the community');
  end if;
  if new.author_id is not null then
    new.author_name := app_private.news_author_name(new.community_id, new.author_id);
  elsif tg_op = 'UPDATE' then
    new.author_name := old.author_name;
  end if;
  return new;
end
$$;

create trigger news_posts_check_author before insert or update on public.news_posts
  for each row execute function app_private.check_news_author();
