-- The news area's rules (issue #18, docs/decisions/0890): a post is a draft, scheduled or
-- published; "publish later" needs a release time in the future; the link is http(s) and
-- never a literal internal address; the author defaults to the writer; administrators hide
-- comments (members no longer see them) or delete them; the list reads comment counts; and
-- posts join the realtime publication so a release shows live.

alter table public.news_posts
  add constraint news_posts_status_kind check (status in ('draft', 'scheduled', 'published'));

-- Literal addresses a link may not name: loopback, private, link-local, carrier-grade NAT,
-- multicast and the unspecified address. Host names are checked when the link is entered,
-- by the check-url function (which resolves them); the database cannot resolve names.
create or replace function app_private.link_names_internal_address(p_url text) returns boolean
language plpgsql immutable as $$
declare
  v_host text := lower(substring(p_url from '^[a-zA-Z]+://(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)'));
  v_ip inet;
begin
  if v_host is null or v_host = '' then
    return false;
  end if;
  v_host := trim(both '[]' from v_host);
  if v_host !~ '^[0-9.]+$' and v_host !~ ':' then
    return false;
  end if;
  begin
    v_ip := v_host::inet;
  exception when others then
    return false;
  end;
  return v_ip <<= any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16',
      '172.16.0.0/12', '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/3', '::/127',
      'fc00::/7', 'fe80::/10', 'ff00::/8', '::ffff:0:0/96']::inet[]);
end
$$;

-- How a post names its author by default: their member name in the community, else the
-- account's full name or e-mail (a definer, as writers cannot read auth.users).
create or replace function app_private.news_author_name(p_community uuid, p_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select m.full_name from public.members m
     where m.community_id = p_community and m.user_id = p_user order by m.created_at limit 1),
    (select coalesce(nullif(u.raw_user_meta_data ->> 'full_name', ''), u.email) from auth.users u where u.id = p_user))
$$;

create or replace function app_private.before_news_write() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  new.title := trim(new.title);
  if coalesce(length(new.title), 0) = 0 then
    perform app_private.fail('title_required', 'A post needs a title');
  end if;
  if tg_op = 'UPDATE' and new.status <> old.status and not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('scheduled', 'draft'), ('scheduled', 'published'),
      ('published', 'draft')) then
    perform app_private.fail('invalid_transition', format('A post cannot go from %s to %s', old.status, new.status));
  end if;
  -- Publishing later is for a time still to come; the release ticker (trusted) moves a
  -- post whose time has come, and trusted loads (seed, restores) may carry history.
  if new.status = 'scheduled' and not app_private.is_trusted() then
    if new.release_at is null then
      perform app_private.fail('release_required', 'Publishing later needs a release time');
    end if;
    if (tg_op = 'INSERT' or old.status <> 'scheduled' or new.release_at is distinct from old.release_at)
       and new.release_at <= now() then
      perform app_private.fail('release_in_past', 'The release time must be in the future');
    end if;
  end if;
  if new.status = 'draft' and not app_private.is_trusted() and (tg_op = 'INSERT' or old.status <> 'draft') then
    new.published_at := null;
  end if;
  new.link_url := nullif(trim(new.link_url), '');
  if new.link_url is not null and (tg_op = 'INSERT' or new.link_url is distinct from old.link_url) then
    if new.link_url !~* '^https?://[^\s/$.?#][^\s]*$' or length(new.link_url) > 2048 then
      perform app_private.fail('invalid_link', 'A link is an http:// or https:// address');
    end if;
    if app_private.link_names_internal_address(new.link_url) then
      perform app_private.fail('link_internal_address', 'A link may not point to an internal address');
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.author_id := coalesce(new.author_id, auth.uid());
  end if;
  if nullif(trim(new.author_name), '') is null and new.author_id is not null then
    new.author_name := app_private.news_author_name(new.community_id, new.author_id);
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := least(coalesce(new.release_at, now()), now());
  end if;
  return new;
end
$$;

-- Hidden comments stay for the record (and the administrators) but members no longer see them.
alter table public.news_comments
  add column hidden_at timestamptz,
  add column hidden_by uuid references auth.users (id) on delete set null;

drop policy news_comments_visible on public.news_comments;
create policy news_comments_visible on public.news_comments for select
  using (hidden_at is null and exists (select 1 from public.news_posts p where p.id = post_id));

create or replace function public.set_news_comment_hidden(p_comment_id uuid, p_hidden boolean)
returns public.news_comments
language plpgsql volatile security definer set search_path = '' as $$
declare
  c public.news_comments;
begin
  select * into c from public.news_comments where id = p_comment_id;
  if c.id is null or not app_private.has_area(c.community_id, 'news') then
    perform app_private.fail('comment_not_found', 'No such comment');
  end if;
  update public.news_comments
     set hidden_at = case when p_hidden then coalesce(hidden_at, now()) end,
         hidden_by = case when p_hidden then coalesce(hidden_by, auth.uid()) end
   where id = p_comment_id
  returning * into c;
  return c;
end
$$;
revoke execute on function public.set_news_comment_hidden(uuid, boolean) from public, anon;

-- The administrators' list: each post with its comment counts, read under the caller's RLS.
create or replace view public.news_post_summaries with (security_invoker = true) as
select p.id, p.community_id, p.title, p.status, p.visibility, p.release_at, p.published_at, p.created_at,
       p.updated_at, p.author_id, p.author_name, p.allow_comments, p.link_url, p.image_path,
       case when p.status = 'scheduled' and p.release_at <= now() then 'published'::public.event_status
            else p.status end as effective_status,
       coalesce(p.published_at, p.release_at, p.created_at) as shown_at,
       (select count(*) from public.news_comments c where c.post_id = p.id)::int as comment_count,
       (select count(*) from public.news_comments c where c.post_id = p.id and c.hidden_at is not null)::int
         as hidden_comment_count
from public.news_posts p;
grant select on public.news_post_summaries to authenticated, service_role;

create index news_posts_status_idx on public.news_posts (community_id, status, coalesce(published_at, release_at, created_at) desc);
create index news_comments_post_created_idx on public.news_comments (post_id, created_at desc, id);

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.news_posts;
end
$$;
