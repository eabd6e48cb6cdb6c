-- The rules of the groups area (issue #17, docs/decisions/0880-groups-area-rules.md):
-- paid access settings (when charging starts, how a mid-period join is charged), join
-- approval and join requests, coaches as a role, welcome e-mail texts in Danish and
-- English, no new members in an archived group, and delete only for a group that never
-- had a member.

alter table public.groups
  add column charging_starts_on date,
  add column mid_period_join text not null default 'full'
    check (mid_period_join in ('full', 'pro_rata', 'free_until_next_period')),
  add column requires_approval boolean not null default false,
  add column welcome_subject_da text check (length(welcome_subject_da) <= 200),
  add column welcome_body_da text check (length(welcome_body_da) <= 10000),
  add column welcome_subject_en text check (length(welcome_subject_en) <= 200),
  add column welcome_body_en text check (length(welcome_body_en) <= 10000),
  -- At most 1,000,000 kr. for access; ore keep the price to two decimals by construction.
  add constraint groups_price_limit check (price_ore <= 100000000);

-- The single welcome text so far was Danish.
update public.groups set welcome_body_da = welcome_email where welcome_email is not null;

-- Participant ('member'), coach or leader.
alter table public.group_members drop constraint group_members_role_check;
alter table public.group_members add constraint group_members_role_check
  check (role in ('member', 'coach', 'leader'));

-- A one-time fee cannot start charging in the past (in the community's time zone): the
-- members who joined before would be charged for a day nobody agreed to.
create or replace function app_private.check_group_charging_start() returns trigger
language plpgsql security definer set search_path = '' as $$
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
create trigger groups_check_charging_start before insert or update of payment_frequency, charging_starts_on
  on public.groups for each row execute function app_private.check_group_charging_start();

-- Only a group that never had a member can be deleted (archive the others: their history
-- and charges stay). Deleting the whole community still takes its groups with it.
create or replace function app_private.check_group_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.group_members gm where gm.group_id = old.id)
     and exists (select 1 from public.communities c where c.id = old.community_id) then
    perform app_private.fail('group_has_members', 'A group that has had members cannot be deleted; archive it instead');
  end if;
  return old;
end
$$;
create trigger groups_check_delete before delete on public.groups
  for each row execute function app_private.check_group_delete();

-- An archived group takes no new members, whoever asks (the trusted server may still record
-- history, e.g. an import of past memberships).
create or replace function app_private.check_group_open() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not app_private.is_trusted()
     and exists (select 1 from public.groups g where g.id = new.group_id and g.archived) then
    perform app_private.fail('group_archived', 'The group is archived and takes no new members');
  end if;
  return new;
end
$$;
create trigger group_members_check_open before insert on public.group_members
  for each row execute function app_private.check_group_open();

-- Requests to join an invite-only group or a group whose joining needs approval.
create table public.group_join_requests (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  group_id uuid not null,
  member_id uuid not null,
  message text check (length(message) <= 500),
  status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid,
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check ((status = 'pending') = (decided_at is null))
);
create unique index group_join_requests_pending_key on public.group_join_requests (group_id, member_id)
  where status = 'pending';
create index group_join_requests_group_idx on public.group_join_requests (group_id, status, created_at);

alter table public.group_join_requests enable row level security;
create policy group_join_requests_admin_read on public.group_join_requests for select
  using (community_id = any ((select app_private.area_communities('group'))::uuid[]));
create policy group_join_requests_own_read on public.group_join_requests for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
revoke insert, update, delete on public.group_join_requests from anon, authenticated;

-- Member side: the calling member about to join a group or ask to (the group locked, so a
-- concurrent archive or approval waits), refused when the group is gone, archived or they
-- are in it already.
create or replace function app_private.joining_member(p_group_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  g public.groups;
  v_member uuid;
begin
  select * into g from public.groups where id = p_group_id for update;
  if g.id is null then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  v_member := app_private.my_member_id(g.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can join its groups');
  end if;
  if g.archived then
    perform app_private.fail('group_archived', 'The group is archived');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = v_member and left_at is null) then
    perform app_private.fail('already_in_group', 'You are already in this group');
  end if;
  return v_member;
end
$$;

-- Member side: joining directly is for open groups only.
create or replace function public.join_group(p_group_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- Member side: ask to join a group that is invite only or needs approval.
create or replace function public.request_group_membership(p_group_id uuid, p_message text default null)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- Admin side: put a member of the register into a group (answers the new membership id).
create or replace function public.add_group_member(p_group_id uuid, p_member_id uuid, p_role text default 'member')
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- Admin side: take a member out of a group (the membership stays as history).
create or replace function public.remove_group_member(p_group_id uuid, p_member_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
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

-- Admin side: approve (the member joins) or decline a join request.
create or replace function public.decide_group_join_request(p_request_id uuid, p_approve boolean)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

revoke execute on function public.request_group_membership(uuid, text), public.add_group_member(uuid, uuid, text),
  public.remove_group_member(uuid, uuid), public.decide_group_join_request(uuid, boolean) from public, anon;
grant execute on function public.request_group_membership(uuid, text), public.add_group_member(uuid, uuid, text),
  public.remove_group_member(uuid, uuid), public.decide_group_join_request(uuid, boolean) to authenticated, service_role;

-- Admin side: the price settings in kroner as typed, refused when not a price.
create or replace function public.save_group_price(p_group_id uuid, p_frequency public.payment_frequency,
  p_price numeric, p_charging_starts_on date default null, p_mid_period_join text default 'full')
returns void
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function public.save_group_price(uuid, public.payment_frequency, numeric, date, text) from public, anon;
grant execute on function public.save_group_price(uuid, public.payment_frequency, numeric, date, text)
  to authenticated, service_role;
