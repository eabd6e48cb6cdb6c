-- Community settings and administrators (issue 24, docs/decisions/0871): the settings that
-- are not public (contact, bank details for invoices, welcome texts, data retention), the
-- administrators list, granting and revoking admin areas, owner and membership-manager roles,
-- and the rule that a community always keeps at least one owner.

-- Communities stay publicly readable (name, slug, logo: the sign-in screens show them); the
-- rest of the settings live here, readable by the community's members, written by owners.
create table public.community_settings (
  community_id uuid primary key references public.communities (id) on delete cascade,
  contact_email text check (contact_email is null or contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  contact_phone text check (contact_phone is null or contact_phone ~ '^\+?[0-9 ]{6,20}$'),
  address text check (address is null or length(address) <= 300),
  website text check (website is null or website ~ '^https?://[^\s]+$'),
  -- Danish bank account: registration number (4 digits) and account number (up to 10).
  bank_reg_no text check (bank_reg_no is null or bank_reg_no ~ '^[0-9]{4}$'),
  bank_account_no text check (bank_account_no is null or bank_account_no ~ '^[0-9]{6,10}$'),
  iban text check (iban is null or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  welcome_text text check (welcome_text is null or length(welcome_text) <= 5000),
  admin_welcome_text text check (admin_welcome_text is null or length(admin_welcome_text) <= 5000),
  -- Months after a member left before their data is anonymised (danish-context.md: master
  -- data kept up to 5 years as evidence for grant applications, then anonymised).
  retention_months integer not null default 60 check (retention_months between 12 and 120),
  updated_at timestamptz not null default now()
);
alter table public.community_settings enable row level security;
create policy community_settings_member_read on public.community_settings for select
  using (community_id = any ((select app_private.member_communities())::uuid[]));
create policy community_settings_owner_write on public.community_settings for all
  using (community_id = any ((select app_private.owner_communities())::uuid[]))
  with check (community_id = any ((select app_private.owner_communities())::uuid[]));

insert into public.community_settings (community_id) select id from public.communities on conflict do nothing;

create or replace function app_private.after_community_created() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.community_settings (community_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
create trigger communities_after_created after insert on public.communities
  for each row execute function app_private.after_community_created();

create or replace function app_private.touch_community_settings() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger community_settings_touch before update on public.community_settings
  for each row execute function app_private.touch_community_settings();

-- A community always keeps an owner. Changes to one community's owners take turns on the
-- community row, so two owners demoting each other at once cannot both succeed. Deleting
-- the community or the owner's account is not refused (nothing is left to own or to ask).
create or replace function app_private.keep_an_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner') then
    return coalesce(new, old);
  end if;
  perform 1 from public.communities where id = old.community_id for update;
  if not found or not exists (select 1 from auth.users where id = old.user_id) then
    return coalesce(new, old);
  end if;
  if not exists (select 1 from public.memberships m
                 where m.community_id = old.community_id and m.role = 'owner' and m.id <> old.id) then
    perform app_private.fail('last_owner', 'A community must keep at least one owner; make someone else owner first');
  end if;
  return coalesce(new, old);
end
$$;
create trigger memberships_keep_an_owner before update of role or delete on public.memberships
  for each row execute function app_private.keep_an_owner();

-- The administrators of a community: everyone who is owner, holds an admin area or is a
-- membership manager, with their account's e-mail and name. Owners and managers only.
create or replace function public.list_administrators(p_community_id uuid)
returns table (
  membership_id uuid,
  user_id uuid,
  email text,
  full_name text,
  role public.membership_role,
  areas public.admin_area[],
  membership_manager boolean,
  invitation_pending boolean,
  last_sign_in_at timestamptz,
  created_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers see the administrators');
  end if;
  return query
    select m.id, m.user_id, u.email::text, coalesce(u.raw_user_meta_data ->> 'full_name', '')::text,
           m.role, m.areas, m.membership_manager, u.email_confirmed_at is null, u.last_sign_in_at, m.created_at
      from public.memberships m join auth.users u on u.id = m.user_id
     where m.community_id = p_community_id
       and (m.role = 'owner' or cardinality(m.areas) > 0 or m.membership_manager)
     order by m.role = 'owner' desc, lower(u.email);
end
$$;

-- Grants or revokes an administrator's access. Owners and membership managers grant and
-- revoke areas; only owners make someone owner or membership manager, or change an owner.
-- Everything empty and false leaves a plain membership. The token shows the change from the
-- user's next sign-in or refresh; row-level security applies it at once.
create or replace function public.set_administrator_access(
  p_community_id uuid,
  p_user_id uuid,
  p_areas public.admin_area[],
  p_membership_manager boolean default false,
  p_owner boolean default false
) returns public.memberships
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_old public.memberships;
  v_row public.memberships;
  v_is_owner boolean := app_private.is_trusted() or p_community_id = any (app_private.owner_communities());
  v_areas public.admin_area[];
begin
  if not app_private.can_grant_access(p_community_id) then
    perform app_private.fail('not_allowed', 'Only owners and membership managers grant admin access');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite them by e-mail first');
  end if;
  select * into v_old from public.memberships where community_id = p_community_id and user_id = p_user_id;
  if not v_is_owner and (v_old.role = 'owner' or coalesce(p_owner, false)
      or coalesce(p_membership_manager, false) is distinct from coalesce(v_old.membership_manager, false)) then
    perform app_private.fail('not_allowed', 'Only owners change owners and membership managers');
  end if;
  select coalesce(array_agg(distinct a order by a), '{}') into v_areas from unnest(coalesce(p_areas, '{}')) a;
  insert into public.memberships as ms (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id,
          case when coalesce(p_owner, false) then 'owner' when cardinality(v_areas) > 0 then 'admin' else 'member' end
            ::public.membership_role,
          v_areas, coalesce(p_membership_manager, false))
  on conflict (community_id, user_id) do update set
    role = excluded.role, areas = excluded.areas, membership_manager = excluded.membership_manager
  returning * into v_row;
  return v_row;
end
$$;

-- Whether the caller may grant access here (the invite function asks before it mails anyone).
create or replace function public.may_grant_access(p_community_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and app_private.can_grant_access(p_community_id)
$$;

revoke execute on function public.may_grant_access(uuid) from public, anon;
grant execute on function public.may_grant_access(uuid) to authenticated, service_role;
revoke execute on function public.list_administrators(uuid),
  public.set_administrator_access(uuid, uuid, public.admin_area[], boolean, boolean) from public, anon;
grant execute on function public.list_administrators(uuid),
  public.set_administrator_access(uuid, uuid, public.admin_area[], boolean, boolean) to authenticated, service_role;
