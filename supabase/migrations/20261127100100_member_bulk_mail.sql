-- E-mail to a selection of members from the register (issue 16, docs/decisions/0931), sent by
-- the server in the background through the machinery news uses (decision 0891): a mailing row
-- with total, sent and failed counts, its recipients fixed when it is asked for, the mail job
-- (apps/server/src/jobs/send-news-mailings.ts) claiming batches and recording each outcome
-- with app_private.record_news_mail. A mailing without a post is a member mailing: it carries
-- its own subject and body, and member admins (not news admins) see it.

alter table public.news_mailings alter column post_id drop not null;
alter table public.news_mailings add column subject text, add column body text;
alter table public.news_mailings add constraint news_mailings_post_or_message
  check (post_id is not null or (subject is not null and body is not null));
create index news_mailings_member_idx on public.news_mailings (community_id, created_at desc) where post_id is null;

-- News admins read the mailings of posts; member admins the member mailings.
drop policy news_mailings_admin_read on public.news_mailings;
create policy news_mailings_admin_read on public.news_mailings for select
  using (post_id is not null and community_id = any ((select app_private.area_communities('news'))::uuid[]));
create policy news_mailings_member_admin_read on public.news_mailings for select
  using (post_id is null and community_id = any ((select app_private.register_communities())::uuid[]));

-- Asks for a mailing to the chosen members of a community: one mail per address (members
-- without an address are left out; the caller sees how many from the total). At most 10,000
-- members at a time; subject up to 200 characters, text up to 20,000.
create or replace function public.send_member_mail(
  p_community_id uuid, p_member_ids uuid[], p_subject text, p_body text)
returns public.news_mailings
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_subject text := trim(coalesce(p_subject, ''));
  v_body text := trim(coalesce(p_body, ''));
  m public.news_mailings;
begin
  perform app_private.require_member_admin(p_community_id);
  if coalesce(cardinality(p_member_ids), 0) = 0 then
    perform app_private.fail('no_recipients', 'Choose the members to write to');
  end if;
  if cardinality(p_member_ids) > 10000 then
    perform app_private.fail('too_many_recipients', 'Write to at most 10,000 members at a time');
  end if;
  if v_subject = '' or length(v_subject) > 200 then
    perform app_private.fail('invalid_subject', 'The subject is 1 to 200 characters');
  end if;
  if v_body = '' or length(v_body) > 20000 then
    perform app_private.fail('invalid_body', 'The message is 1 to 20,000 characters');
  end if;
  insert into public.news_mailings (community_id, post_id, requested_by, subject, body)
  values (p_community_id, null, auth.uid(), v_subject, v_body) returning * into m;
  insert into public.news_mailing_recipients (mailing_id, email, member_id, full_name)
  select distinct on (lower(x.email)) m.id, lower(x.email), x.id, x.full_name
  from public.members x
  where x.community_id = p_community_id and x.id = any (p_member_ids) and x.email is not null
  order by lower(x.email), x.created_at;
  update public.news_mailings
     set total = (select count(*) from public.news_mailing_recipients r where r.mailing_id = m.id)
   where id = m.id
  returning * into m;
  if m.total = 0 then
    perform app_private.fail('no_recipients', 'None of the chosen members has an e-mail address');
  end if;
  return m;
end
$$;
revoke execute on function public.send_member_mail(uuid, uuid[], text, text) from public, anon;
grant execute on function public.send_member_mail(uuid, uuid[], text, text) to authenticated, service_role;

-- The mail job's side for member mailings (trusted connections only), as claim_news_mail_batch.
create or replace function app_private.claim_member_mail_batch(p_limit int)
returns table (mailing_id uuid, email text, full_name text, subject text, body text, community_name text)
language plpgsql volatile as $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the server sends member mail');
  end if;
  return query
  with due as (
    select r.mailing_id, r.email
    from public.news_mailing_recipients r
    join public.news_mailings m on m.id = r.mailing_id
    where r.status = 'pending' and (r.claimed_at is null or r.claimed_at < now() - interval '5 minutes')
      and m.status <> 'done' and m.post_id is null
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
  select c.mailing_id, c.email, c.full_name, m.subject, m.body, co.name
  from claimed c
  join public.news_mailings m on m.id = c.mailing_id
  join public.communities co on co.id = m.community_id;
end
$$;
revoke execute on function app_private.claim_member_mail_batch(int) from public, anon, authenticated;
