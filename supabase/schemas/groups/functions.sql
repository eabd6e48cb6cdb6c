-- Groups (members of groups, join requests, fees, welcome mails): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text DEFAULT 'member'::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_id uuid;
begin
  select * into g from public.groups where id = p_group_id for update;
  if g.id is null or not app_private.has_area(g.community_id, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if not exists (select 1 from public.members m where m.id = p_member_id and m.community_id = g.community_id) then
    perform app_private.fail('member_not_found', 'No such member in this community');
  end if;
  if coalesce(p_role, '') not in ('member', 'coach', 'leader') then
    perform app_private.fail('invalid_role', 'The role is participant, coach or leader');
  end if;
  if g.archived then
    perform app_private.fail('group_archived', 'The group is archived and takes no new members');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = p_member_id and left_at is null) then
    perform app_private.fail('already_in_group', 'The member is already in this group');
  end if;
  insert into public.group_members (community_id, group_id, member_id, role, payment_status)
  values (g.community_id, g.id, p_member_id, p_role, case when g.price_ore > 0 then 'pending' else 'not_required' end)
  returning id into v_id;
  update public.group_join_requests set status = 'approved', decided_at = now(), decided_by = auth.uid()
  where group_id = g.id and member_id = p_member_id and status = 'pending';
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) TO authenticated;
GRANT ALL ON FUNCTION public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text) TO service_role;

CREATE FUNCTION app_private.after_group_fee_charges() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_invoice uuid;
begin
  for v_invoice in select distinct invoice_id from new_charges loop
    perform app_private.attach_volunteer_credits(v_invoice);
  end loop;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_group_fee_charges() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_fee_run(p_community_id uuid, p_day date) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Group fees are invoiced by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_period', 'Give a day inside the period to invoice');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_fee_run(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_charging_start() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_today date;
begin
  if new.payment_frequency = 'one_time' and new.charging_starts_on is not null
     and (tg_op = 'INSERT' or new.charging_starts_on is distinct from old.charging_starts_on
          or new.payment_frequency is distinct from old.payment_frequency) then
    select (now() at time zone c.time_zone)::date into v_today from public.communities c where c.id = new.community_id;
    if new.charging_starts_on < v_today then
      perform app_private.fail('charging_start_in_past', 'A one-time fee cannot start charging before today');
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_charging_start() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.group_members gm where gm.group_id = old.id)
     and exists (select 1 from public.communities c where c.id = old.community_id) then
    perform app_private.fail('group_has_members', 'A group that has had members cannot be deleted; archive it instead');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.check_group_open() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted()
     and exists (select 1 from public.groups g where g.id = new.group_id and g.archived) then
    perform app_private.fail('group_archived', 'The group is archived and takes no new members');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_group_open() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.claim_group_welcomes(p_limit integer) RETURNS TABLE(group_member_id uuid, email text, full_name text, subject text, body text, community_name text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.claim_group_welcomes(p_limit integer) FROM PUBLIC;

CREATE FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r public.group_join_requests;
  v_id uuid;
begin
  select * into r from public.group_join_requests where id = p_request_id for update;
  if r.id is null or not app_private.has_area(r.community_id, 'group') then
    perform app_private.fail('request_not_found', 'No such join request');
  end if;
  if r.status <> 'pending' then
    perform app_private.fail('request_decided', 'The request has been answered already');
  end if;
  if p_approve is null then
    perform app_private.fail('invalid_decision', 'Approve or decline');
  end if;
  if p_approve then
    if exists (select 1 from public.group_members where group_id = r.group_id and member_id = r.member_id and left_at is null) then
      update public.group_join_requests set status = 'approved', decided_at = now(), decided_by = auth.uid() where id = r.id;
      return null;
    end if;
    -- add_group_member refuses an archived group and marks the request approved.
    v_id := public.add_group_member(r.group_id, r.member_id, 'member');
  else
    update public.group_join_requests set status = 'declined', decided_at = now(), decided_by = auth.uid() where id = r.id;
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) TO authenticated;
GRANT ALL ON FUNCTION public.decide_group_join_request(p_request_id uuid, p_approve boolean) TO service_role;

CREATE FUNCTION app_private.fee_period(p_frequency public.payment_frequency, p_day date, OUT period_start date, OUT period_end date, OUT label text) RETURNS record
    LANGUAGE sql IMMUTABLE
    AS $$
  select s::date, (s + step)::date,
         case p_frequency
           when 'monthly' then to_char(s, 'YYYY-MM')
           when 'quarterly' then to_char(s, 'YYYY') || ' Q' || to_char(s, 'Q')
           else to_char(s, 'YYYY') end
  from (select case p_frequency when 'monthly' then date_trunc('month', p_day::timestamp)
                                when 'quarterly' then date_trunc('quarter', p_day::timestamp)
                                else date_trunc('year', p_day::timestamp) end as s,
               case p_frequency when 'monthly' then interval '1 month'
                                when 'quarterly' then interval '3 months'
                                else interval '1 year' end as step) p
$$;

REVOKE ALL ON FUNCTION app_private.fee_period(p_frequency public.payment_frequency, p_day date, OUT period_start date, OUT period_end date, OUT label text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_charge(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_joined_on date, p_day date) RETURNS TABLE(period_start date, period_end date, label text, amount_ore integer, reason text)
    LANGUAGE sql IMMUTABLE
    AS $$
  with s as (select greatest(p_joined_on, coalesce(p_charging_starts_on, p_joined_on)) as starts_on)
  select p_joined_on, p_joined_on + 1, null::text, p_price_ore, 'one_time'
  from s where p_frequency = 'one_time' and s.starts_on <= p_day
  union all
  select p.period_start, p.period_end, p.label,
         case when s.starts_on <= p.period_start or p_mid_period_join = 'full' then p_price_ore
              when p_mid_period_join = 'pro_rata'
                then round(p_price_ore::numeric * (p.period_end - s.starts_on) / (p.period_end - p.period_start))::integer
              else 0 end,
         case when s.starts_on <= p.period_start then 'full_period'
              when p_mid_period_join = 'full' then 'joined_mid_period_full'
              when p_mid_period_join = 'pro_rata' then 'joined_mid_period_pro_rata'
              else 'joined_mid_period_free' end
  from s cross join lateral app_private.fee_period(p_frequency, p_day) p
  where p_frequency is not null and p_frequency <> 'one_time' and s.starts_on < p.period_end
$$;

REVOKE ALL ON FUNCTION app_private.group_charge(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_joined_on date, p_day date) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_fees_due(p_community_id uuid, p_day date, p_group_id uuid) RETURNS TABLE(group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text, description text, period_start date, amount_ore integer, reason text, currency character)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select gm.id, g.id, g.title, m.id, m.full_name,
         case when ch.label is null then g.title else g.title || ', ' || ch.label end
           || case when ch.reason = 'joined_mid_period_pro_rata' then ' (forholdsmæssigt)' else '' end,
         ch.period_start, ch.amount_ore, ch.reason, g.currency
  from public.communities c
  join public.groups g on g.community_id = c.id
  join public.group_members gm on gm.group_id = g.id
  join public.members m on m.id = gm.member_id
  cross join lateral app_private.group_charge(g.payment_frequency, g.price_ore, g.charging_starts_on,
    g.mid_period_join, (gm.joined_at at time zone c.time_zone)::date, p_day) ch
  where c.id = p_community_id and (p_group_id is null or g.id = p_group_id)
    and not g.archived and g.payment_frequency is not null and g.price_ore > 0 and m.status <> 'left'
    and gm.payment_status <> 'exempt' and ch.amount_ore > 0
    and (gm.left_at is null or (gm.left_at at time zone c.time_zone)::date >= case
           when g.payment_frequency = 'one_time' then p_day else ch.period_start end)
    and not exists (select 1 from public.group_fee_charges f
                    where f.group_member_id = gm.id and f.period_start = ch.period_start)
$$;

REVOKE ALL ON FUNCTION app_private.group_fees_due(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) RETURNS date
    LANGUAGE plpgsql STABLE COST 1000
    SET search_path TO ''
    AS $$
begin
  return (select max(c.period_start) from public.group_fee_charges c where c.group_member_id = p_group_member_id);
end
$$;

REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.group_member_last_charged(p_group_member_id uuid) TO service_role;

CREATE FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, group_title text, welcome_email text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  return query
  select m.email, m.full_name, g.title, coalesce(g.welcome_email, ''), c.name
  from public.members m join public.groups g on g.id = p_group_id join public.communities c on c.id = g.community_id
  where m.id = p_member_id;
end
$$;

REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.group_welcome_email(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, language text, subject text, body text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.group_welcome_message(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) RETURNS TABLE(email text, full_name text, language text, subject text, body text, community_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.group_welcome_text(p_group_id uuid, p_member_id uuid) FROM PUBLIC;

CREATE FUNCTION public.join_group(p_group_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
  v_id uuid;
begin
  v_member := app_private.joining_member(p_group_id);
  select * into g from public.groups where id = p_group_id;
  if g.visibility = 'invite_only' then
    perform app_private.fail('invitation_required', 'The group is invite only; ask to join instead');
  end if;
  if g.requires_approval then
    perform app_private.fail('approval_required', 'Joining this group needs approval; ask to join instead');
  end if;
  insert into public.group_members (community_id, group_id, member_id, payment_status)
  values (g.community_id, g.id, v_member, case when g.price_ore > 0 then 'pending' else 'not_required' end)
  returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.join_group(p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.join_group(p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.join_group(p_group_id uuid) TO service_role;

CREATE FUNCTION public.leave_group(p_group_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_count int;
begin
  update public.group_members gm set left_at = now()
  where gm.group_id = p_group_id and gm.left_at is null
    and gm.member_id = any (app_private.my_member_ids());
  get diagnostics v_count = row_count;
  if v_count = 0 then
    perform app_private.fail('not_in_group', 'You are not in this group');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.leave_group(p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.leave_group(p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.leave_group(p_group_id uuid) TO service_role;

CREATE FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  update public.group_members set welcome_sent_at = now()
  where group_id = p_group_id and member_id = p_member_id and left_at is null;
end
$$;

REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_welcome_sent(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION app_private.my_group_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(gm.group_id), '{}') from public.group_members gm
  join public.members m on m.id = gm.member_id
  where m.user_id = auth.uid() and gm.left_at is null
$$;

REVOKE ALL ON FUNCTION app_private.my_group_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_group_ids() TO service_role;

CREATE FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer DEFAULT 3) RETURNS TABLE(period_start date, period_end date, label text, amount_ore integer, reason text)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  v_day date;
  v_step interval;
  i integer;
begin
  if p_join_date is null or p_frequency is null then
    return;
  end if;
  if p_price_ore is null or p_price_ore < 0 then
    perform app_private.fail('invalid_price', 'The price cannot be below zero');
  end if;
  if coalesce(p_mid_period_join, '') not in ('full', 'pro_rata', 'free_until_next_period') then
    perform app_private.fail('invalid_mid_period_join', 'Choose full, pro rata or free until the next period');
  end if;
  v_day := greatest(p_join_date, coalesce(p_charging_starts_on, p_join_date));
  if p_frequency = 'one_time' then
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
                                                        p_mid_period_join, p_join_date, v_day);
    return;
  end if;
  v_step := case p_frequency when 'monthly' then interval '1 month' when 'quarterly' then interval '3 months'
                             else interval '1 year' end;
  for i in 0 .. least(greatest(coalesce(p_count, 3), 1), 24) - 1 loop
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
      p_mid_period_join, p_join_date,
      case when i = 0 then v_day
           else ((select f.period_start from app_private.fee_period(p_frequency, v_day) f) + i * v_step)::date end);
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer, p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer) TO service_role;

CREATE FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date DEFAULT CURRENT_DATE) RETURNS TABLE(charges integer, members integer, amount_ore bigint, waiting_credit_ore bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query
  with due as (select * from app_private.group_fees_due(p_community_id, p_day, null)),
       due_members as (select distinct d.member_id from due d)
  select (select count(*) from due)::integer,
         (select count(*) from due_members)::integer,
         (select coalesce(sum(d.amount_ore), 0) from due d)::bigint,
         ((select coalesce(sum(vc.credit_ore), 0) from public.volunteer_credits vc
           where vc.community_id = p_community_id and vc.invoice_id is null
             and vc.member_id in (select m.member_id from due_members m))
          + (select coalesce(sum(r.credit_ore), 0)
             from public.volunteer_credit_rules r cross join due_members m
             where r.community_id = p_community_id and r.active
               and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = r.id and vc.member_id = m.member_id)
               and app_private.volunteer_hours(m.member_id, r.season_start, r.season_end) >= r.min_hours))::bigint;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_fee_totals(p_community_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.preview_group_fees(p_community_id uuid, p_day date DEFAULT CURRENT_DATE, p_group_id uuid DEFAULT NULL::uuid) RETURNS TABLE(group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text, description text, period_start date, amount_ore integer, reason text, currency character)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query select * from app_private.group_fees_due(p_community_id, p_day, p_group_id) d
               order by d.member_name, d.group_title;
end
$$;

REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.preview_group_fees(p_community_id uuid, p_day date, p_group_id uuid) TO service_role;

CREATE FUNCTION app_private.queue_group_welcome() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.queue_group_welcome() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.queue_group_welcome() FROM PUBLIC;

CREATE FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.record_group_welcome(p_group_member_id uuid, p_sent boolean, p_error text) FROM PUBLIC;

CREATE FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_count int;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  update public.group_members set left_at = greatest(now(), joined_at)
  where group_id = p_group_id and member_id = p_member_id and left_at is null;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    perform app_private.fail('not_in_group', 'The member is not in this group');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.remove_group_member(p_group_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.request_group_membership(p_group_id uuid, p_message text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  g public.groups;
  v_member uuid;
  v_id uuid;
begin
  v_member := app_private.joining_member(p_group_id);
  select * into g from public.groups where id = p_group_id;
  if g.visibility <> 'invite_only' and not g.requires_approval then
    perform app_private.fail('approval_not_needed', 'This group is open: join it directly');
  end if;
  select r.id into v_id from public.group_join_requests r
  where r.group_id = g.id and r.member_id = v_member and r.status = 'pending';
  if v_id is null then
    insert into public.group_join_requests (community_id, group_id, member_id, message)
    values (g.community_id, g.id, v_member, nullif(trim(p_message), ''))
    returning id into v_id;
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) TO authenticated;
GRANT ALL ON FUNCTION public.request_group_membership(p_group_id uuid, p_message text) TO service_role;

CREATE FUNCTION app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid, p_limit integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  if p_limit is not null and p_limit < 1 then
    perform app_private.fail('invalid_batch', 'A batch holds at least one member');
  end if;
  if not exists (select 1 from public.communities c where c.id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  -- One run per community at a time: a second run waits and then finds everything charged.
  perform pg_advisory_xact_lock(hashtextextended('invoice_group_fees:' || p_community_id::text, 0));

  create temporary table if not exists pg_temp.group_fees_due (
    group_member_id uuid, group_id uuid, member_id uuid, description text, price_ore integer,
    currency char(3), period_start date, account_id uuid, invoice_id uuid, member_name text
  ) on commit drop;
  delete from pg_temp.group_fees_due;
  insert into pg_temp.group_fees_due (group_member_id, group_id, member_id, description, price_ore, currency,
                                      period_start, member_name)
  select d.group_member_id, d.group_id, d.member_id, d.description, d.amount_ore, d.currency, d.period_start,
         d.member_name
  from app_private.group_fees_due(p_community_id, p_day, p_group_id) d;
  -- A batch: the first members by name (every line of a member stays in one batch).
  if p_limit is not null then
    delete from pg_temp.group_fees_due d where d.member_id not in (
      select x.member_id from pg_temp.group_fees_due x
      group by x.member_id order by min(x.member_name), x.member_id limit p_limit);
  end if;

  -- Each member's own billing account (the oldest, if several), created when missing.
  insert into public.billing_accounts (community_id, name, kind, member_id, email, street, postal_code, city)
  select p_community_id, m.full_name, 'member', m.id, m.email, m.street, m.postal_code, m.city
  from public.members m
  where m.id in (select d.member_id from pg_temp.group_fees_due d)
    and not exists (select 1 from public.billing_accounts a where a.member_id = m.id and a.kind = 'member');
  update pg_temp.group_fees_due d set account_id = (
    select a.id from public.billing_accounts a where a.member_id = d.member_id and a.kind = 'member'
    order by a.created_at, a.id limit 1);
  analyze pg_temp.group_fees_due;

  with created as (
    insert into public.invoices (community_id, account_id, currency, note)
    select p_community_id, d.account_id, d.currency, 'Holdkontingent'
    from pg_temp.group_fees_due d group by d.account_id, d.currency
    returning id, account_id, currency)
  update pg_temp.group_fees_due d set invoice_id = c.id
  from created c where c.account_id = d.account_id and c.currency = d.currency;

  insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore,
                                    vat_rate_bp, vat_exempt, sort_order)
  select p_community_id, d.invoice_id, d.description, 1, d.price_ore, 0, true,
         (row_number() over (partition by d.invoice_id order by d.description))::integer
  from pg_temp.group_fees_due d;

  insert into public.group_fee_charges (community_id, group_id, member_id, group_member_id, period_start,
                                        invoice_id, amount_ore)
  select p_community_id, d.group_id, d.member_id, d.group_member_id, d.period_start, d.invoice_id, d.price_ore
  from pg_temp.group_fees_due d;

  update public.group_members gm set payment_status = 'pending'
  where gm.id in (select d.group_member_id from pg_temp.group_fees_due d) and gm.payment_status <> 'paid';

  -- Issue in one statement, numbered in name order so the numbers of one run follow the member list.
  perform app_private.issue_invoices_in_order(p_community_id, array(
    select d.invoice_id from pg_temp.group_fees_due d
     group by d.invoice_id order by min(d.member_name), d.invoice_id));

  return query
  select i.id, a.member_id, i.number, i.total_ore, d.n
  from (select d.invoice_id, count(*)::integer as n from pg_temp.group_fees_due d group by d.invoice_id) d
  join public.invoices i on i.id = d.invoice_id
  join public.billing_accounts a on a.id = i.account_id
  order by i.number;
end
$$;

REVOKE ALL ON FUNCTION app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid, p_limit integer) FROM anon, authenticated, service_role;

CREATE FUNCTION public.run_group_fees(p_group_id uuid, p_day date DEFAULT CURRENT_DATE, p_limit integer DEFAULT NULL::integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not (app_private.has_area(v_community, 'group')
                                 or app_private.has_area(v_community, 'billing')) then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  return query select * from app_private.run_group_fees(v_community, p_day, p_group_id, p_limit);
end
$$;

REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.run_group_fees(p_group_id uuid, p_day date, p_limit integer) TO service_role;

CREATE FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date DEFAULT NULL::date, p_mid_period_join text DEFAULT 'full'::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not app_private.has_area(v_community, 'group') then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  if p_frequency is not null then
    if p_price < 0 then
      perform app_private.fail('price_negative', 'The price cannot be below zero');
    end if;
    if p_price is null or p_price = 0 then
      perform app_private.fail('price_required', 'A paid group needs a price above 0');
    end if;
    if p_price * 100 <> trunc(p_price * 100) then
      perform app_private.fail('price_too_precise', 'Use at most two decimals');
    end if;
    if p_price > 1000000 then
      perform app_private.fail('price_too_high', 'The price can be at most 1,000,000');
    end if;
  elsif coalesce(p_price, 0) <> 0 then
    perform app_private.fail('frequency_required', 'Choose how often a paid group is charged');
  end if;
  if coalesce(p_mid_period_join, '') not in ('full', 'pro_rata', 'free_until_next_period') then
    perform app_private.fail('invalid_mid_period_join', 'Choose full, pro rata or free until the next period');
  end if;
  -- Charges already issued keep their amounts: they live on the invoices.
  update public.groups set payment_frequency = p_frequency,
    price_ore = case when p_frequency is null then 0 else (p_price * 100)::integer end,
    charging_starts_on = case when p_frequency is null then null else p_charging_starts_on end,
    mid_period_join = p_mid_period_join
  where id = p_group_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) TO authenticated;
GRANT ALL ON FUNCTION public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency, p_price numeric, p_charging_starts_on date, p_mid_period_join text) TO service_role;

CREATE FUNCTION app_private.stamp_group_archive() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := now();
  elsif not new.archived then
    new.archived_at := null;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.stamp_group_archive() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO anon;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO authenticated;
GRANT ALL ON FUNCTION app_private.stamp_group_archive() TO service_role;
