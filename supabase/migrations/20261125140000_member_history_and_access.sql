-- The members area (issue 16), part 1: who may work in the register, the member's history of
-- changes, CPR reveals with a reason, the structured Danish address, and granting the admin
-- areas of product.md §6 (docs/decisions/0850).

-- Who works in the member register: admins of the member area, owners and membership
-- managers. Admins of other areas get only what the hardening of what they may read allows
-- (docs/decisions/0820), never the register functions below.
create or replace function app_private.can_manage_members(p_community uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community
      and ('member' = any (m.areas) or m.role = 'owner' or m.membership_manager))
$$;

create or replace function app_private.require_member_admin(p_community uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if p_community is null or not app_private.can_manage_members(p_community) then
    perform app_private.fail('not_allowed', 'Only member admins of the community may do this');
  end if;
end
$$;

-- Owners and membership managers grant admin areas and erase members.
create or replace function app_private.can_grant_access(p_community uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and (m.role = 'owner' or m.membership_manager))
$$;
grant execute on function app_private.can_manage_members(uuid), app_private.require_member_admin(uuid),
  app_private.can_grant_access(uuid) to anon, authenticated, service_role;

-- Structured Danish address (street, house number, floor, door), consent and legal-basis
-- notes, and when the member was erased (anonymised; see the GDPR migration).
alter table public.members
  add column house_number text check (house_number is null or length(house_number) <= 10),
  add column floor text check (floor is null or length(floor) <= 10),
  add column door text check (door is null or length(door) <= 10),
  add column consent_note text check (consent_note is null or length(consent_note) <= 2000),
  add column erased_at timestamptz;

-- Guardians of children and family links between members of one community.
create table public.member_relations (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  member_id uuid not null,
  related_member_id uuid not null,
  kind text not null check (kind in ('guardian', 'family')),
  created_at timestamptz not null default now(),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  foreign key (related_member_id, community_id) references public.members (id, community_id) on delete cascade,
  unique (member_id, related_member_id, kind),
  check (member_id <> related_member_id)
);
create index member_relations_related_idx on public.member_relations (related_member_id);
alter table public.member_relations enable row level security;
create policy member_relations_admin_all on public.member_relations for all
  using (community_id = any ((select app_private.area_communities('member'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('member'))::uuid[]));

-- The member's history: every change of a member row (field, old and new value; never the
-- CPR number), CPR set/cleared/revealed (with the reason), admin areas granted or revoked,
-- exports and erasure. Written only by triggers and security-definer functions. It is also
-- the realtime signal for the register and the member page: its rows carry no CPR, unlike a
-- members row (which holds the masked number).
create table public.member_history (
  id bigint generated always as identity primary key,
  community_id uuid not null,
  member_id uuid not null,
  at timestamptz not null default now(),
  actor_user_id uuid,
  action text not null check (action in ('created', 'updated', 'cpr_set', 'cpr_cleared', 'cpr_revealed',
                                         'access_changed', 'exported', 'erased', 'merged')),
  changes jsonb not null default '{}',
  reason text check (reason is null or length(reason) <= 500),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade
);
create index member_history_member_idx on public.member_history (member_id, id desc);
create index member_history_community_idx on public.member_history (community_id, id desc);
alter table public.member_history enable row level security;
revoke insert, update, delete, truncate on public.member_history from anon, authenticated;
create policy member_history_admin_read on public.member_history for select
  using (community_id = any ((select app_private.area_communities('member'))::uuid[])
         or community_id = any ((select app_private.owner_communities())::uuid[])
         or community_id = any ((select app_private.manager_communities())::uuid[]));

create or replace function app_private.record_member_history(
  p_community uuid, p_member uuid, p_action text, p_changes jsonb default '{}', p_reason text default null)
returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.member_history (community_id, member_id, actor_user_id, action, changes, reason)
  values (p_community, p_member, auth.uid(), p_action, coalesce(p_changes, '{}'), p_reason)
$$;
revoke execute on function app_private.record_member_history(uuid, uuid, text, jsonb, text)
  from public, anon, authenticated;

-- Fields whose changes are recorded; cpr_masked and the timestamps are not.
create or replace function app_private.after_members_created() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.member_history (community_id, member_id, actor_user_id, action)
  select n.community_id, n.id, auth.uid(), 'created' from new_members n;
  return null;
end
$$;
-- One statement per insert, so a bulk load or an import writes its history rows in one go.
create trigger members_after_created after insert on public.members
  referencing new table as new_members for each statement
  execute function app_private.after_members_created();

create or replace function app_private.after_member_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_changes jsonb;
begin
  select coalesce(jsonb_object_agg(n.key, jsonb_build_array(o.value, n.value)), '{}')
    into v_changes
    from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
   where n.value is distinct from o.value
     and n.key not in ('cpr_masked', 'updated_at', 'created_at', 'full_name', 'erased_at');
  if v_changes <> '{}' then
    perform app_private.record_member_history(new.community_id, new.id, 'updated', v_changes);
  end if;
  return null;
end
$$;
create trigger members_after_change after update on public.members
  for each row execute function app_private.after_member_change();

-- Danish postcodes must name a real postcode, and the city is the postcode's (filled in when
-- left empty). Direct database work (seeds, migrations) is trusted and not checked.
create table public.dk_postcodes (
  code text primary key check (code ~ '^[0-9]{4}$'),
  city text not null check (length(trim(city)) > 0)
);
alter table public.dk_postcodes enable row level security;
create policy dk_postcodes_read on public.dk_postcodes for select using (true);
grant select on public.dk_postcodes to anon, authenticated;

create or replace function app_private.check_member_address() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_city text;
begin
  if new.country <> 'DK' or new.postal_code is null or app_private.is_trusted() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.postal_code is not distinct from old.postal_code
     and new.city is not distinct from old.city then
    return new;
  end if;
  select p.city into v_city from public.dk_postcodes p where p.code = trim(new.postal_code);
  if v_city is null or (nullif(trim(new.city), '') is not null and lower(trim(new.city)) <> lower(v_city)) then
    perform app_private.fail('invalid_address', 'Please select a valid address');
  end if;
  new.postal_code := trim(new.postal_code);
  new.city := v_city;
  return new;
end
$$;
create trigger members_check_address before insert or update of postal_code, city, country on public.members
  for each row execute function app_private.check_member_address();

-- CPR reveals carry a reason, in the CPR audit and in the member's history.
alter table public.cpr_audit add column reason text check (reason is null or length(reason) <= 500);

drop function public.reveal_member_cpr(uuid);
create function public.reveal_member_cpr(p_member_id uuid, p_reason text default null) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.member_cpr;
  v_community uuid;
  v_reason text := nullif(trim(coalesce(p_reason, '')), '');
  v_digits text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if v_reason is null then
    perform app_private.fail('reason_required', 'Say why you need to see the CPR number');
  end if;
  select * into v_row from public.member_cpr where member_id = p_member_id;
  if v_row.member_id is null then
    return null;
  end if;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action, reason)
  values (v_community, p_member_id, auth.uid(), 'reveal', left(v_reason, 500));
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_revealed', '{}', left(v_reason, 500));
  v_digits := extensions.pgp_sym_decrypt(v_row.cpr_encrypted, app_private.cpr_key());
  return substr(v_digits, 1, 6) || '-' || substr(v_digits, 7, 4);
end
$$;
revoke execute on function public.reveal_member_cpr(uuid, text) from public, anon;
grant execute on function public.reveal_member_cpr(uuid, text) to authenticated, service_role;

-- Setting or clearing a CPR number also lands in the member's history (without the number).
create or replace function public.set_member_cpr(p_member_id uuid, p_cpr text, p_legal_basis text default 'consent')
returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_community uuid;
  v_digits text;
  v_masked text;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  if p_cpr is null or trim(p_cpr) = '' then
    delete from public.member_cpr where member_id = p_member_id;
    update public.members set updated_at = now() where id = p_member_id;
    insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
    values (v_community, p_member_id, auth.uid(), 'clear');
    perform app_private.record_member_history(v_community, p_member_id, 'cpr_cleared');
    return null;
  end if;
  v_digits := app_private.normalise_cpr(p_cpr);
  v_masked := substr(v_digits, 1, 6) || '-xxxx';
  insert into public.member_cpr (member_id, community_id, cpr_encrypted, cpr_hash, cpr_masked, legal_basis, recorded_by)
  values (p_member_id, v_community, extensions.pgp_sym_encrypt(v_digits, app_private.cpr_key()),
          encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex'), v_masked, p_legal_basis, auth.uid())
  on conflict (member_id) do update set cpr_encrypted = excluded.cpr_encrypted, cpr_hash = excluded.cpr_hash,
    cpr_masked = excluded.cpr_masked, legal_basis = excluded.legal_basis, recorded_at = now(),
    recorded_by = excluded.recorded_by;
  update public.members set updated_at = now() where id = p_member_id;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  values (v_community, p_member_id, auth.uid(), 'set');
  perform app_private.record_member_history(v_community, p_member_id, 'cpr_set',
    jsonb_build_object('legal_basis', p_legal_basis));
  return v_masked;
end
$$;

-- Admin access of a member with an account: the areas of product.md §6 and, for owners only,
-- the membership-manager flag. Owners and membership managers grant and revoke; a manager
-- cannot change an owner's access. Recorded in the member's history.
create or replace function public.set_member_admin_access(
  p_member_id uuid, p_areas public.admin_area[], p_membership_manager boolean default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_member public.members;
  v_old public.memberships;
  v_areas public.admin_area[];
  v_manager boolean;
  v_is_owner boolean;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if not app_private.can_grant_access(v_member.community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if v_member.user_id is null then
    perform app_private.fail('member_has_no_account', 'Invite the member to sign in before granting admin access');
  end if;
  v_is_owner := app_private.is_trusted() or v_member.community_id = any (app_private.owner_communities());
  select * into v_old from public.memberships
   where community_id = v_member.community_id and user_id = v_member.user_id;
  if v_old.role = 'owner' and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners change the access of an owner');
  end if;
  if p_membership_manager is not null and p_membership_manager is distinct from coalesce(v_old.membership_manager, false)
     and not v_is_owner then
    perform app_private.fail('not_allowed', 'Only owners make someone a membership manager');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  v_manager := coalesce(p_membership_manager, v_old.membership_manager, false);
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (v_member.community_id, v_member.user_id,
          case when cardinality(v_areas) > 0 then 'admin' else 'member' end::public.membership_role,
          v_areas, v_manager)
  on conflict (community_id, user_id) do update set
    areas = excluded.areas,
    membership_manager = excluded.membership_manager,
    role = case when public.memberships.role = 'owner' then 'owner'::public.membership_role
                else excluded.role end;
  if coalesce(v_old.areas, '{}') is distinct from v_areas
     or coalesce(v_old.membership_manager, false) is distinct from v_manager then
    perform app_private.record_member_history(v_member.community_id, v_member.id, 'access_changed',
      jsonb_build_object(
        'areas', jsonb_build_array(to_jsonb(coalesce(v_old.areas, '{}')::text[]), to_jsonb(v_areas::text[])),
        'membership_manager', jsonb_build_array(coalesce(v_old.membership_manager, false), v_manager)));
  end if;
  return jsonb_build_object('areas', to_jsonb(v_areas::text[]), 'membership_manager', v_manager);
end
$$;
revoke execute on function public.set_member_admin_access(uuid, public.admin_area[], boolean) from public, anon;
grant execute on function public.set_member_admin_access(uuid, public.admin_area[], boolean)
  to authenticated, service_role;

-- The member page and register update live from history rows (no CPR in them).
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.member_history;
end
$$;
