-- The group page's members read without the member directory (docs/decisions/0965).
--
-- group_member_roster joined member_directory, a security-barrier view: PostgreSQL had to
-- build the directory, with its contact rule, for the whole community before joining the
-- group, so a page of 50 cost as much as the community was large. And the last charged
-- period (a subquery per row) ran for every member of the group before the page was cut.
--
-- Now the rows and their visibility rule live in app_private.group_roster_rows, a barrier
-- view over group_members and members that the group filter enters (uuid equality is
-- leakproof), so only the group's rows are read. Who sees what is unchanged:
--   * group admins of the community (the group_members policy) see every current member with
--     name and e-mail, as the directory showed them (its contact rule covers a community's
--     current group members for group admins);
--   * a member sees their own rows;
--   * the trusted server sees everything.
-- The outer view is a plain view over it that adds the last charged period through a function
-- the planner counts as costly, so it is looked up after the page's sort and limit: 50 look-ups
-- instead of one per member of the group.

create or replace view app_private.group_roster_rows with (security_barrier = true) as
select
  gm.id,
  gm.community_id,
  gm.group_id,
  gm.member_id,
  gm.role,
  gm.joined_at,
  gm.payment_status,
  gm.welcome_sent_at,
  m.mid,
  m.full_name,
  m.email
from public.group_members gm
-- One look-up by primary key per row of the group (OFFSET 0 keeps it a per-row look-up: as a
-- plain join the planner would rather scan every member of the community and hash them).
cross join lateral (
  select m.mid, m.full_name, m.email from public.members m
  where m.id = gm.member_id and m.community_id = gm.community_id
  offset 0
) m
where gm.left_at is null
  and ((select app_private.is_trusted())
       or gm.community_id = any ((select app_private.area_communities('group'))::uuid[])
       or gm.member_id = any ((select app_private.my_member_ids())::uuid[]));

revoke all on app_private.group_roster_rows from public, anon, authenticated, service_role;

-- The last period a group membership was charged for, read as the caller (the charges'
-- policy: billing and group admins; a member gets null, as before). A function the planner
-- counts as costly, so a page evaluates it after the sort and limit: once per row shown.
create or replace function app_private.group_member_last_charged(p_group_member_id uuid) returns date
language plpgsql stable cost 1000 set search_path = '' as $$
begin
  return (select max(c.period_start) from public.group_fee_charges c where c.group_member_id = p_group_member_id);
end
$$;
revoke all on function app_private.group_member_last_charged(uuid) from public;
grant execute on function app_private.group_member_last_charged(uuid) to authenticated, service_role;

create or replace view public.group_member_roster with (security_invoker = false) as
select
  r.id,
  r.community_id,
  r.group_id,
  r.member_id,
  r.role,
  r.joined_at,
  r.payment_status,
  r.welcome_sent_at,
  r.mid,
  r.full_name,
  r.email,
  app_private.group_member_last_charged(r.id) as last_charged_period
from app_private.group_roster_rows r;

comment on view public.group_member_roster is
  'Current members of groups with name and e-mail, for group admins (all of their community''s groups) and members (their own rows); docs/decisions/0965.';

revoke all on public.group_member_roster from public, anon, authenticated;
grant select on public.group_member_roster to authenticated, service_role;
