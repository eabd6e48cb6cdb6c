-- The welcome e-mail for joins that no group admin's screen sends (issue #17,
-- docs/decisions/0883-welcome-mail-for-member-joins.md): a member joining an open group
-- through join_group (the member app), and an approved join request, as a fallback in case
-- the approving screen did not get it out. Such joins put a row in an outbox; the server's
-- mail job claims what is due, sends it through the server's mailer and records the outcome
-- (sent: the membership's welcome_sent_at, as a send by hand sets it; refused: tried again
-- later, at most five times, and the roster keeps offering "send").

create table app_private.group_welcome_outbox (
  group_member_id uuid primary key references public.group_members (id) on delete cascade,
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  last_error text
);
create index group_welcome_outbox_due_idx on app_private.group_welcome_outbox (due_at);
revoke all on app_private.group_welcome_outbox from public, anon, authenticated;

-- The welcome text of a group for one of its members, without the access check (the
-- server's job and public.group_welcome_message share it).
create or replace function app_private.group_welcome_text(p_group_id uuid, p_member_id uuid)
returns table (email text, full_name text, language text, subject text, body text, community_name text)
language plpgsql stable security definer set search_path = '' as $$
declare
  g public.groups;
  v_lang text;
  v_community text;
  v_subject text;
  v_body text;
  v_name text;
  v_email text;
begin
  select * into g from public.groups where id = p_group_id;
  select c.default_language, c.name into v_lang, v_community from public.communities c where c.id = g.community_id;
  select m.full_name, m.email into v_name, v_email from public.members m where m.id = p_member_id;
  if v_lang = 'en' then
    v_subject := coalesce(nullif(trim(g.welcome_subject_en), ''), nullif(trim(g.welcome_subject_da), ''), 'Welcome to {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_en), ''), nullif(trim(g.welcome_body_da), ''),
                       nullif(trim(g.welcome_email), ''), 'Welcome to {group}, {name}!');
  else
    v_subject := coalesce(nullif(trim(g.welcome_subject_da), ''), nullif(trim(g.welcome_subject_en), ''), 'Velkommen til {group}');
    v_body := coalesce(nullif(trim(g.welcome_body_da), ''), nullif(trim(g.welcome_email), ''),
                       nullif(trim(g.welcome_body_en), ''), 'Velkommen til {group}, {name}!');
  end if;
  return query select v_email, v_name, v_lang,
    replace(replace(v_subject, '{name}', coalesce(v_name, '')), '{group}', g.title),
    replace(replace(v_body, '{name}', coalesce(v_name, '')), '{group}', g.title),
    v_community;
end
$$;
revoke execute on function app_private.group_welcome_text(uuid, uuid) from public, anon, authenticated;

-- Group admins only, as before; the text now comes from the shared function.
create or replace function public.group_welcome_message(p_group_id uuid, p_member_id uuid)
returns table (email text, full_name text, language text, subject text, body text, community_name text)
language plpgsql stable security definer set search_path = '' as $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.group_members gm
                 where gm.group_id = p_group_id and gm.member_id = p_member_id and gm.left_at is null) then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
  return query select * from app_private.group_welcome_text(p_group_id, p_member_id);
end
$$;

-- Which new memberships the outbox takes: a member's own join when the caller cannot send
-- welcome mails (no group admin area: the member app), due at once; and the approval of a
-- pending join request, due in 30 seconds, so the approving screen's own send (which sets
-- welcome_sent_at) comes first and the outbox then finds nothing to do. A group admin adding
-- someone sends from the screen, and the trusted server's inserts (imports, history) send none.
create or replace function app_private.queue_group_welcome() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if app_private.is_trusted() then
    return null;
  end if;
  if exists (select 1 from public.group_join_requests r
             where r.group_id = new.group_id and r.member_id = new.member_id and r.status = 'pending') then
    insert into app_private.group_welcome_outbox (group_member_id, due_at)
    values (new.id, now() + interval '30 seconds');
  elsif new.member_id = app_private.my_member_id(new.community_id)
        and not app_private.has_area(new.community_id, 'group') then
    insert into app_private.group_welcome_outbox (group_member_id) values (new.id);
  end if;
  return null;
end
$$;
create trigger group_members_queue_welcome after insert on public.group_members
  for each row execute function app_private.queue_group_welcome();

-- The mail job: the due welcome mails, each claimed for five minutes so a second server
-- instance skips it. Rows whose mail went out another way (sent by hand, or by the approving
-- screen) or whose member left meanwhile are dropped first.
create or replace function app_private.claim_group_welcomes(p_limit integer)
returns table (group_member_id uuid, email text, full_name text, subject text, body text, community_name text)
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from app_private.group_welcome_outbox o using public.group_members gm
  where gm.id = o.group_member_id and (gm.welcome_sent_at is not null or gm.left_at is not null);
  return query
  with due as (
    select o.group_member_id from app_private.group_welcome_outbox o
    where o.due_at <= now() and (o.claimed_until is null or o.claimed_until < now())
    order by o.due_at
    limit greatest(coalesce(p_limit, 50), 1)
    for update skip locked),
  claimed as (
    update app_private.group_welcome_outbox o
    set claimed_until = now() + interval '5 minutes', attempts = o.attempts + 1
    from due where o.group_member_id = due.group_member_id
    returning o.group_member_id)
  select c.group_member_id, w.email, w.full_name, w.subject, w.body, w.community_name
  from claimed c
  join public.group_members gm on gm.id = c.group_member_id
  cross join lateral app_private.group_welcome_text(gm.group_id, gm.member_id) w;
end
$$;

-- The outcome of one claimed welcome mail. Sent: the membership records it and the row goes.
-- Refused: due again after 5, 10, 15 … minutes; after the fifth try, or when the member has no
-- address, the outbox gives up (the roster still shows "not sent" and offers to send it).
create or replace function app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean,
  p_error text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_sent then
    update public.group_members set welcome_sent_at = now() where id = p_group_member_id;
    delete from app_private.group_welcome_outbox where group_member_id = p_group_member_id;
  else
    delete from app_private.group_welcome_outbox
    where group_member_id = p_group_member_id and (attempts >= 5 or p_error = 'member_has_no_email');
    update app_private.group_welcome_outbox
    set claimed_until = null, last_error = left(p_error, 500), due_at = now() + attempts * interval '5 minutes'
    where group_member_id = p_group_member_id;
  end if;
end
$$;
revoke execute on function app_private.queue_group_welcome(), app_private.claim_group_welcomes(integer),
  app_private.record_group_welcome(uuid, boolean, text) from public, anon, authenticated;
