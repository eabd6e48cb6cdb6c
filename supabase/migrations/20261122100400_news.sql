-- News posts with scheduled release, visibility, optional link and comments.

create type public.news_visibility as enum ('public', 'members', 'hidden');

create table public.news_posts (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  club_id uuid,
  title text not null check (length(trim(title)) > 0),
  content text not null default '',
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  author_name text,
  image_path text,
  status public.event_status not null default 'draft',
  release_at timestamptz,
  published_at timestamptz,
  visibility public.news_visibility not null default 'members',
  allow_comments boolean not null default true,
  link_url text check (link_url is null or link_url ~* '^https?://[^\s/$.?#][^\s]*$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (club_id, community_id) references public.clubs (id, community_id),
  check (status <> 'scheduled' or release_at is not null)
);
create index news_posts_community_idx on public.news_posts (community_id, coalesce(published_at, release_at, created_at) desc);
create index news_posts_due_release_idx on public.news_posts (release_at) where status = 'scheduled';

create or replace function app_private.before_news_write() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.status <> old.status and not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('scheduled', 'draft'), ('scheduled', 'published'),
      ('published', 'draft'), ('draft', 'cancelled'), ('scheduled', 'cancelled'), ('published', 'cancelled')) then
    perform app_private.fail('invalid_transition', format('A post cannot go from %s to %s', old.status, new.status));
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := least(coalesce(new.release_at, now()), now());
  end if;
  return new;
end
$$;
create trigger news_posts_before_write before insert or update on public.news_posts
  for each row execute function app_private.before_news_write();

create table public.news_comments (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  post_id uuid not null,
  author_id uuid references auth.users (id) on delete set null,
  member_id uuid,
  author_name text not null,
  body text not null check (length(trim(body)) between 1 and 4000),
  created_at timestamptz not null default now(),
  foreign key (post_id, community_id) references public.news_posts (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete set null (member_id)
);
create index news_comments_post_idx on public.news_comments (post_id, created_at);

alter table public.news_posts enable row level security;
alter table public.news_comments enable row level security;

create policy news_admin_all on public.news_posts for all
  using (community_id = any ((select app_private.area_communities('news'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('news'))::uuid[]));
create policy news_visible on public.news_posts for select
  using ((status = 'published' or (status = 'scheduled' and release_at <= now()))
         and (visibility = 'public'
              or (visibility = 'members' and community_id = any ((select app_private.member_communities())::uuid[]))));

create policy news_comments_admin_all on public.news_comments for all
  using (community_id = any ((select app_private.area_communities('news'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('news'))::uuid[]));
create policy news_comments_visible on public.news_comments for select
  using (exists (select 1 from public.news_posts p where p.id = post_id));
create policy news_comments_own_delete on public.news_comments for delete
  using (author_id = (select auth.uid()));

-- Member side: comment on a post that allows comments.
create or replace function public.comment_on_post(p_post_id uuid, p_body text) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.news_posts;
  v_member uuid;
  v_name text;
  v_id uuid;
begin
  select * into p from public.news_posts where id = p_post_id;
  if p.id is null or not (
       ((p.status = 'published' or (p.status = 'scheduled' and p.release_at <= now()))
        and (p.visibility = 'public' or p.community_id = any (app_private.member_communities())))
       or app_private.has_area(p.community_id, 'news')) then
    perform app_private.fail('post_not_found', 'No such post');
  end if;
  if not p.allow_comments then
    perform app_private.fail('comments_closed', 'Comments are turned off for this post');
  end if;
  if auth.uid() is null then
    perform app_private.fail('not_signed_in', 'Sign in to comment');
  end if;
  if p_body is null or length(trim(p_body)) = 0 or length(p_body) > 4000 then
    perform app_private.fail('invalid_comment', 'A comment has 1 to 4000 characters');
  end if;
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null and not app_private.has_area(p.community_id, 'news') then
    perform app_private.fail('not_a_member', 'Only members of the community can comment');
  end if;
  select coalesce((select full_name from public.members where id = v_member),
                  (select coalesce(raw_user_meta_data ->> 'full_name', email) from auth.users where id = auth.uid()))
    into v_name;
  insert into public.news_comments (community_id, post_id, author_id, member_id, author_name, body)
  values (p.community_id, p.id, auth.uid(), v_member, coalesce(v_name, ''), trim(p_body))
  returning id into v_id;
  return v_id;
end
$$;
revoke execute on function public.comment_on_post(uuid, text) from public, anon;

create or replace function public.publish_due_releases() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n int;
  m int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the service role runs scheduled releases');
  end if;
  update public.events set status = 'published' where status = 'scheduled' and release_at <= now();
  get diagnostics n = row_count;
  update public.news_posts set status = 'published' where status = 'scheduled' and release_at <= now();
  get diagnostics m = row_count;
  return n + m;
end
$$;
revoke execute on function public.publish_due_releases() from public, anon, authenticated;
