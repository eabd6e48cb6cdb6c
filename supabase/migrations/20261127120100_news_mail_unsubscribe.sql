-- News mail a member can leave, and sending again to those whose mail failed (issue #18,
-- docs/decisions/0893). Every recipient row gets a secret token (64 hex characters); the mail
-- carries it in its unsubscribe link and in List-Unsubscribe (RFC 8058 one-click). The
-- server's unsubscribe route hands the token to app_private.news_unsubscribe, which records
-- the address in news_mail_unsubscribes; send_news_post leaves recorded addresses out, and
-- so does sending again. An administrator sees who left through the table (read only).

create table public.news_mail_unsubscribes (
  community_id uuid not null references public.communities (id) on delete cascade,
  email text not null check (email = lower(email)),
  member_id uuid references public.members (id) on delete set null,
  mailing_id uuid references public.news_mailings (id) on delete set null,
  unsubscribed_at timestamptz not null default now(),
  primary key (community_id, email)
);
alter table public.news_mail_unsubscribes enable row level security;
create policy news_mail_unsubscribes_admin_read on public.news_mail_unsubscribes for select
  using (community_id = any ((select app_private.area_communities('news'))::uuid[]));
grant select on public.news_mail_unsubscribes to authenticated;

alter table public.news_mailing_recipients
  add column unsubscribe_token text not null
    default replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
create unique index news_mailing_recipients_token_idx on public.news_mailing_recipients (unsubscribe_token);

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
    and not exists (select 1 from public.news_mail_unsubscribes u
                    where u.community_id = p.community_id and u.email = lower(x.email))
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

-- "Send again to those that failed": the failed recipients of a finished mailing go back to
-- pending (those who unsubscribed meanwhile stay failed) and the mail job takes them again.
create or replace function public.resend_news_mailing_failures(p_mailing_id uuid) returns public.news_mailings
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.news_mailings;
  n int;
begin
  select * into m from public.news_mailings where id = p_mailing_id for update;
  if m.id is null or not app_private.has_area(m.community_id, 'news') then
    perform app_private.fail('mailing_not_found', 'No such mailing');
  end if;
  if m.status <> 'done' then
    perform app_private.fail('mailing_in_progress', 'This post is already being sent');
  end if;
  update public.news_mailing_recipients r
     set status = 'pending', error = null, claimed_at = null, finished_at = null
   where r.mailing_id = m.id and r.status = 'failed'
     and not exists (select 1 from public.news_mail_unsubscribes u
                     where u.community_id = m.community_id and u.email = r.email);
  get diagnostics n = row_count;
  if n = 0 then
    perform app_private.fail('nothing_failed', 'No mail of this sending failed');
  end if;
  update public.news_mailings
     set failed = failed - n, status = 'queued', finished_at = null
   where id = m.id
  returning * into m;
  return m;
end
$$;
revoke execute on function public.resend_news_mailing_failures(uuid) from public, anon;
grant execute on function public.resend_news_mailing_failures(uuid) to authenticated;

-- The mail job's claim now also answers each recipient's unsubscribe token and the
-- community's language (the mail's own words are in it).
drop function app_private.claim_news_mail_batch(int);
create function app_private.claim_news_mail_batch(p_limit int)
returns table (mailing_id uuid, email text, full_name text, title text, content jsonb, link_url text,
               author_name text, community_name text, community_slug text, post_id uuid,
               unsubscribe_token text, language text)
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
    returning r.mailing_id, r.email, r.full_name, r.unsubscribe_token
  ), started as (
    update public.news_mailings m set status = 'sending', started_at = coalesce(m.started_at, now())
    where m.id in (select c.mailing_id from claimed c) and m.status = 'queued'
    returning m.id
  )
  select c.mailing_id, c.email, c.full_name, p.title, p.content, p.link_url, p.author_name, co.name, co.slug, p.id,
         c.unsubscribe_token, co.default_language
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.news_posts p on p.id = m.post_id
  join public.communities co on co.id = p.community_id;
end
$$;

-- The unsubscribe route's side (trusted connections only): what a token names, and leaving.
-- An unknown token answers null; leaving twice keeps the first time.
create or replace function app_private.news_unsubscribe(p_token text, p_confirm boolean)
returns jsonb
language plpgsql volatile as $$
declare
  r public.news_mailing_recipients;
  m public.news_mailings;
  v_at timestamptz;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server handles unsubscribing');
  end if;
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select * into r from public.news_mailing_recipients where unsubscribe_token = p_token;
  if r.mailing_id is null then
    return null;
  end if;
  select * into m from public.news_mailings where id = r.mailing_id;
  if p_confirm then
    insert into public.news_mail_unsubscribes (community_id, email, member_id, mailing_id)
    values (m.community_id, r.email, r.member_id, m.id)
    on conflict (community_id, email) do nothing;
  end if;
  select u.unsubscribed_at into v_at from public.news_mail_unsubscribes u
  where u.community_id = m.community_id and u.email = r.email;
  return jsonb_build_object(
    'email', r.email,
    'community', (select c.name from public.communities c where c.id = m.community_id),
    'language', (select c.default_language from public.communities c where c.id = m.community_id),
    'unsubscribed_at', v_at);
end
$$;
