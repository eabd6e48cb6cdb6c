-- Going live with a real club (docs/decisions/0870): the operator (service role) creates a
-- community and makes an invited user its first owner; a first run without any community
-- does the same through a one-time setup token that the start-up banner prints.

-- Only a SHA-256 hash of the setup token is kept; no API role can read or write the table.
create table app_private.setup_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
revoke all on app_private.setup_tokens from public, anon, authenticated, service_role;

-- A URL slug from a community name: Danish letters spelt out (æ ae, ø oe, å aa), anything
-- else that is not a letter or digit becomes a dash.
create or replace function app_private.slug_from_name(p_name text) returns text
language sql immutable set search_path = '' as $$
  select left(trim(both '-' from regexp_replace(
           lower(replace(replace(replace(replace(replace(replace(
             replace(replace(replace(replace(coalesce(p_name, ''),
               'Æ', 'ae'), 'æ', 'ae'), 'Ø', 'oe'), 'ø', 'oe'), 'Å', 'aa'), 'å', 'aa'),
               'É', 'e'), 'é', 'e'), 'Ü', 'u'), 'ü', 'u')),
           '[^a-z0-9]+', '-', 'g')), 63)
$$;

create or replace function app_private.require_service_role() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('operator_only', 'Only the operator (service role) may do this');
  end if;
end
$$;

-- Makes a user owner of a community with every admin area and the membership-manager role,
-- so the first owner sees every area and can hand out access from there.
create or replace function public.add_community_owner(p_community_id uuid, p_user_id uuid)
returns public.memberships
language plpgsql volatile security definer set search_path = '' as $$
declare v_row public.memberships;
begin
  perform app_private.require_service_role();
  if not exists (select 1 from public.communities where id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  if not exists (select 1 from auth.users where id = p_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.memberships (community_id, user_id, role, areas, membership_manager)
  values (p_community_id, p_user_id, 'owner', enum_range(null::public.admin_area), true)
  on conflict (community_id, user_id) do update
    set role = 'owner', areas = enum_range(null::public.admin_area), membership_manager = true
  returning * into v_row;
  return v_row;
end
$$;

-- Checks a new community's name and address name before anyone is invited; returns the slug.
create or replace function public.check_new_community(p_name text, p_slug text default null) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_slug text := lower(trim(coalesce(nullif(trim(p_slug), ''), app_private.slug_from_name(p_name))));
begin
  perform app_private.require_service_role();
  if p_name is null or length(trim(p_name)) = 0 or length(trim(p_name)) > 120 then
    perform app_private.fail('invalid_name', 'A community needs a name of 1 to 120 characters');
  end if;
  if v_slug !~ '^[a-z0-9][a-z0-9-]{0,62}$' then
    perform app_private.fail('invalid_slug',
      'The address name may hold only a-z, 0-9 and dashes, and must start with a letter or digit');
  end if;
  if exists (select 1 from public.communities where lower(slug) = v_slug) then
    perform app_private.fail('slug_taken', format('The address name %s is already used', v_slug));
  end if;
  return v_slug;
end
$$;

create or replace function public.create_community(
  p_name text,
  p_owner_user_id uuid,
  p_slug text default null,
  p_default_language text default 'da',
  p_time_zone text default 'Europe/Copenhagen'
) returns public.communities
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_slug text := public.check_new_community(p_name, p_slug);
  v_row public.communities;
begin
  if coalesce(p_default_language, 'da') not in ('da', 'en') then
    perform app_private.fail('invalid_language', 'The default language is da or en');
  end if;
  if not exists (select 1 from auth.users where id = p_owner_user_id) then
    perform app_private.fail('user_not_found', 'No such user; invite the owner first');
  end if;
  insert into public.communities (slug, name, default_language, time_zone)
  values (v_slug, trim(p_name), coalesce(p_default_language, 'da'), coalesce(p_time_zone, 'Europe/Copenhagen'))
  returning * into v_row;
  perform public.add_community_owner(v_row.id, p_owner_user_id);
  return v_row;
end
$$;

-- Whether a setup token is still good: unused, and no community exists yet.
create or replace function public.setup_token_valid(p_token text) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.is_trusted()
     and not exists (select 1 from public.communities)
     and exists (select 1 from app_private.setup_tokens
                 where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex'))
$$;

-- The first-run setup: consumes the token (single use) and creates the first community.
create or replace function public.complete_first_run_setup(
  p_token text,
  p_name text,
  p_owner_user_id uuid,
  p_default_language text default 'da'
) returns public.communities
language plpgsql volatile security definer set search_path = '' as $$
declare v_found boolean;
begin
  perform app_private.require_service_role();
  -- Two submissions at once: the second waits here and then finds the token gone.
  lock table app_private.setup_tokens in exclusive mode;
  delete from app_private.setup_tokens
   where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
  returning true into v_found;
  if v_found is null then
    perform app_private.fail('invalid_setup_token', 'The setup token is wrong or has been used');
  end if;
  if exists (select 1 from public.communities) then
    perform app_private.fail('setup_done', 'This installation already has a community');
  end if;
  delete from app_private.setup_tokens;
  return public.create_community(p_name, p_owner_user_id, null, p_default_language);
end
$$;

-- The user with an e-mail address, for making an existing account an owner.
create or replace function public.operator_user_id(p_email text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_service_role();
  return (select u.id from auth.users u where lower(u.email) = lower(trim(p_email)) limit 1);
end
$$;

revoke execute on function public.operator_user_id(text) from public, anon, authenticated;
grant execute on function public.operator_user_id(text) to service_role;
revoke execute on function public.add_community_owner(uuid, uuid), public.create_community(text, uuid, text, text, text),
  public.check_new_community(text, text), public.setup_token_valid(text), public.complete_first_run_setup(text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.add_community_owner(uuid, uuid), public.create_community(text, uuid, text, text, text),
  public.check_new_community(text, text), public.setup_token_valid(text), public.complete_first_run_setup(text, text, uuid, text)
  to service_role;
