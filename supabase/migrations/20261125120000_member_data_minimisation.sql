-- Data minimisation on the member register (issue 23, docs/decisions/0820).
--
-- Before: every admin of a community, whatever their area, read whole member rows (address,
-- phone, birth date, masked CPR). Now:
--   * public.members (whole rows) is read by those who work in the register (admins of the
--     member area, owners, membership managers: app_private.register_communities()) and by
--     each member for their own row; nobody else.
--   * public.member_directory is what the other areas read: every member of a community
--     the caller administers (any area) with name, member number, club and status; e-mail
--     and phone only for the people the caller's work concerns (see contact rule below).
--     Never address, birth date, gender, CPR, roles, permissions or the user account.
--   * lookup_members answers member admins (whole rows) and the caller's own row;
--     lookup_member_directory is the name search for the other areas.
-- The register (whole rows) is the member area, owners and membership managers, as in 0850.

-- The communities whose register the caller works in: member area, owner or membership
-- manager (the same people as app_private.can_manage_members of decision 0850).
create or replace function app_private.register_communities() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager)
$$;
grant execute on function app_private.register_communities() to anon, authenticated, service_role;

drop policy members_admin_read on public.members;
create policy members_register_read on public.members for select
  using (community_id = any ((select app_private.register_communities())::uuid[])
         or user_id = (select auth.uid()));

-- The contact rule looks members up from these tables; two of them had no index on it.
create index if not exists volunteer_signups_member_idx on public.volunteer_signups (member_id)
  where member_id is not null;
create index if not exists event_invitations_member_idx on public.event_invitations (member_id)
  where member_id is not null;

-- Owned by the migration role, so it reads members past their RLS; the WHERE clause below
-- is its row rule. security_barrier keeps callers' filters from running before that rule.
create view public.member_directory with (security_barrier = true) as
select
  m.id,
  m.community_id,
  m.club_id,
  m.mid,
  m.first_name,
  m.last_name,
  m.full_name,
  m.status,
  case when c.contact then m.email end as email,
  case when c.contact then m.phone end as phone,
  c.contact as contact_visible
from public.members m
cross join lateral (
  select
    -- The trusted server and the register see everyone's contact details; a member their own.
    (select app_private.is_trusted())
    or m.community_id = any ((select app_private.register_communities())::uuid[])
    or (m.user_id is not null and m.user_id = (select auth.uid()))
    -- Event admins: people with a ticket, a volunteer sign-up or a personal invitation.
    or (m.community_id = any ((select app_private.area_communities('event'))::uuid[])
        and (exists (select 1 from public.ticket_purchases p where p.member_id = m.id)
             or exists (select 1 from public.volunteer_signups s where s.member_id = m.id)
             or exists (select 1 from public.event_invitations i where i.member_id = m.id)))
    -- Group admins: the current members of the community's groups.
    or (m.community_id = any ((select app_private.area_communities('group'))::uuid[])
        and exists (select 1 from public.group_members g where g.member_id = m.id and g.left_at is null))
    -- Booking admins: people with a booking or an order.
    or (m.community_id = any ((select app_private.area_communities('booking'))::uuid[])
        and (exists (select 1 from public.bookings b where b.member_id = m.id)
             or exists (select 1 from public.orders o where o.member_id = m.id)))
    as contact
) c
where (select app_private.is_trusted())
   or m.community_id = any ((select app_private.admin_communities())::uuid[])
   or (m.user_id is not null and m.user_id = (select auth.uid()));

comment on view public.member_directory is
  'Members as the non-member admin areas see them: names for everyone in the caller''s communities, e-mail and phone only for the people of their events, groups and bookings (docs/decisions/0820).';

-- Read-only: a view owned by the migration role must never write to members past RLS.
-- anon may select (event_admin_participants joins it) and gets no row from its rule.
revoke all on public.member_directory from public, anon, authenticated, service_role;
grant select on public.member_directory to anon, authenticated, service_role;

-- Participants of an event: the name and e-mail now come through the directory, so an event
-- admin without the member area still sees who bought a ticket and how to reach them.
create or replace view public.event_admin_participants with (security_invoker = true) as
select
  p.id,
  p.community_id,
  p.event_id,
  p.ticket_id,
  t.name as ticket_name,
  p.member_id,
  trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')) as member_name,
  m.email as member_email,
  p.quantity,
  p.status,
  p.unit_price_ore,
  p.total_ore,
  p.currency,
  p.purchased_at,
  p.cancelled_at,
  p.checked_in_at,
  coalesce((select jsonb_agg(jsonb_build_object('option_id', pa.option_id, 'title', o.title, 'addon', a.name,
                                                'quantity', pa.quantity, 'unit_price_ore', pa.unit_price_ore)
                             order by a.sort_order, o.sort_order)
            from public.purchase_addons pa
            join public.addon_options o on o.id = pa.option_id
            join public.event_addons a on a.id = o.addon_id
            where pa.purchase_id = p.id), '[]'::jsonb) as addons
from public.ticket_purchases p
join public.tickets t on t.id = p.ticket_id
left join public.member_directory m on m.id = p.member_id;

-- Whole rows for the register (and the trusted server); a member finds only themself.
create or replace function public.lookup_members(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.members
language plpgsql stable security definer set search_path = '' as $$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_admin boolean;
  v_me uuid := auth.uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  v_phone := replace(v_text, ' ', '');
  v_admin := p_community_id = any (app_private.register_communities()) or app_private.is_trusted();
  return query
  select m.* from public.members m
  where (v_admin or (m.user_id is not null and m.user_id = v_me))
    and m.id in (
    (select x.id from public.members x
      where x.community_id = p_community_id and x.full_name ilike v_pattern
        and (v_admin or (x.user_id is not null and x.user_id = v_me))
      order by x.last_name, x.first_name, x.id
      limit v_limit)
    union all
    select x.id from public.members x where x.community_id = p_community_id and lower(x.email) = lower(v_text)
    union all
    select x.id from public.members x where x.community_id = p_community_id and x.mid = v_mid
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.phone is not null and replace(x.phone, ' ', '') = v_phone
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.membership_id is not null and x.membership_id = v_text)
  order by m.last_name, m.first_name, m.id
  limit v_limit;
end
$$;

-- The name (or member number) search of the other areas, e.g. whom to invite to an event.
-- Searches only names and numbers: finding someone by an e-mail or phone the caller may
-- not see would tell them whose it is. Runs as the caller, so the directory's rule applies.
create or replace function public.lookup_member_directory(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.member_directory
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  return query
  select d.* from public.member_directory d
  where d.community_id = p_community_id and (d.full_name ilike v_pattern or d.mid = v_mid)
  order by d.last_name, d.first_name, d.id
  limit v_limit;
end
$$;
revoke execute on function public.lookup_member_directory(uuid, text, int) from public, anon;
grant execute on function public.lookup_member_directory(uuid, text, int) to authenticated, service_role;
