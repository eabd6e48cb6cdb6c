-- Sending a news post by e-mail to its audience (docs/decisions/0891). An administrator asks
-- for it (send_news_post); the recipients are fixed then: the community's members who may see
-- the post (not those who left) with an e-mail address, one per address. The server's mail
-- job (apps/server/src/jobs/send-news-mailings.ts) takes them in batches through
-- app_private.claim_news_mail_batch and records each outcome; the mailing row carries the
-- sent and failed counts and is in the realtime publication, so the page shows progress live.
-- A mailing of a scheduled post waits for its release.

create type public.news_mailing_status as enum ('queued', 'sending', 'done');

create table public.news_mailings (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  post_id uuid not null,
  requested_by uuid default auth.uid() references auth.users (id) on delete set null,
  status public.news_mailing_status not null default 'queued',
  total int not null default 0 check (total >= 0),
  sent int not null default 0 check (sent >= 0),
  failed int not null default 0 check (failed >= 0),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  foreign key (post_id, community_id) references public.news_posts (id, community_id) on delete cascade,
  check (sent + failed <= total)
);
create index news_mailings_post_idx on public.news_mailings (post_id, created_at desc);
create index news_mailings_open_idx on public.news_mailings (created_at) where status <> 'done';

create table public.news_mailing_recipients (
  mailing_id uuid not null references public.news_mailings (id) on delete cascade,
  email text not null,
  member_id uuid references public.members (id) on delete set null,
  full_name text not null default '',
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  error text,
  claimed_at timestamptz,
  finished_at timestamptz,
  primary key (mailing_id, email)
);
create index news_mailing_recipients_pending_idx on public.news_mailing_recipients (mailing_id)
  where status = 'pending';

alter table public.news_mailings enable row level security;
alter table public.news_mailing_recipients enable row level security;
create policy news_mailings_admin_read on public.news_mailings for select
  using (community_id = any ((select app_private.area_communities('news'))::uuid[]));
create policy news_mailing_recipients_admin_read on public.news_mailing_recipients for select
  using (exists (select 1 from public.news_mailings m where m.id = mailing_id));
grant select on public.news_mailings, public.news_mailing_recipients to authenticated;

create or replace function public.send_news_post(p_post_id uuid) returns public.news_mailings
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.news_posts;
  m public.news_mailings;
begin
  select * into p from public.news_posts where id = p_post_id;
  if p.id is null or not app_private.has_area(p.community_id, 'news') then
    perform app_private.fail('post_not_found', 'No such post');
  end if;
  if p.status = 'draft' then
    perform app_private.fail('post_not_published', 'Publish the post (now or later) before sending it');
  end if;
  if p.visibility = 'hidden' then
    perform app_private.fail('post_hidden', 'A hidden post has no audience to send it to');
  end if;
  if exists (select 1 from public.news_mailings x where x.post_id = p.id and x.status <> 'done') then
    perform app_private.fail('mailing_in_progress', 'This post is already being sent');
  end if;
  insert into public.news_mailings (community_id, post_id, requested_by)
  values (p.community_id, p.id, auth.uid()) returning * into m;
  insert into public.news_mailing_recipients (mailing_id, email, member_id, full_name)
  select distinct on (lower(x.email)) m.id, lower(x.email), x.id, x.full_name
  from public.members x
  where x.community_id = p.community_id and x.status <> 'left' and x.email is not null
  order by lower(x.email), x.created_at;
  update public.news_mailings
     set total = (select count(*) from public.news_mailing_recipients r where r.mailing_id = m.id),
         status = case when exists (select 1 from public.news_mailing_recipients r where r.mailing_id = m.id)
                       then 'queued'::public.news_mailing_status else 'done' end,
         finished_at = case when exists (select 1 from public.news_mailing_recipients r where r.mailing_id = m.id)
                            then null else now() end
   where id = m.id
  returning * into m;
  return m;
end
$$;
revoke execute on function public.send_news_post(uuid) from public, anon;

-- The mail job's side (trusted connections only). A claim holds its recipients for five
-- minutes, so a batch of a job that died is taken again.
create or replace function app_private.claim_news_mail_batch(p_limit int)
returns table (mailing_id uuid, email text, full_name text, title text, content jsonb, link_url text,
               author_name text, community_name text, community_slug text, post_id uuid)
language plpgsql volatile as $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends news mail');
  end if;
  return query
  with due as (
    select r.mailing_id, r.email
    from public.news_mailing_recipients r
    join public.news_mailings m on m.id = r.mailing_id
    join public.news_posts p on p.id = m.post_id
    where r.status = 'pending' and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
      and m.status <> 'done'
      and (p.status = 'published' or (p.status = 'scheduled' and p.release_at <= now()))
    order by m.created_at, r.email
    limit greatest(p_limit, 1)
    for update of r skip locked
  ), claimed as (
    update public.news_mailing_recipients r set claimed_at = now()
    from due where r.mailing_id = due.mailing_id and r.email = due.email
    returning r.mailing_id, r.email, r.full_name
  ), started as (
    update public.news_mailings m set status = 'sending', started_at = coalesce(m.started_at, now())
    where m.id in (select c.mailing_id from claimed c) and m.status = 'queued'
    returning m.id
  )
  select c.mailing_id, c.email, c.full_name, p.title, p.content, p.link_url, p.author_name, co.name, co.slug, p.id
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.news_posts p on p.id = m.post_id
  join public.communities co on co.id = p.community_id;
end
$$;

create or replace function app_private.record_news_mail(p_mailing_id uuid, p_email text, p_sent boolean, p_error text)
returns void
language plpgsql volatile as $$
declare
  n int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends news mail');
  end if;
  update public.news_mailing_recipients
     set status = case when p_sent then 'sent' else 'failed' end, error = left(p_error, 500), finished_at = now()
   where mailing_id = p_mailing_id and email = p_email and status = 'pending';
  get diagnostics n = row_count;
  if n = 0 then
    return;
  end if;
  update public.news_mailings m
     set sent = m.sent + case when p_sent then 1 else 0 end,
         failed = m.failed + case when p_sent then 0 else 1 end,
         status = case when m.sent + m.failed + 1 >= m.total then 'done'::public.news_mailing_status else 'sending' end,
         finished_at = case when m.sent + m.failed + 1 >= m.total then now() end
   where m.id = p_mailing_id;
end
$$;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.news_mailings;
end
$$;
