-- Tenancy and access: communities, clubs, memberships with admin areas, the helpers that
-- row-level security policies call, the custom access token hook, and the member register
-- with the CPR number encrypted at rest.

create extension if not exists pg_trgm with schema extensions;

-- Helpers live outside the API-exposed schema so they cannot be called as RPCs.
create schema if not exists app_private;
grant usage on schema app_private to anon, authenticated, service_role;

create type public.admin_area as enum (
  'analytics', 'billing', 'booking', 'event', 'group', 'knowledge_base', 'member', 'news'
);
create type public.membership_role as enum ('member', 'admin', 'owner');
create type public.gender as enum ('female', 'male', 'other');
create type public.member_status as enum ('active', 'passive', 'left');

-- Every business-rule failure raises P0001 with a stable snake_case code as the message
-- and a readable sentence as the detail (PostgREST passes both to the client).
create or replace function app_private.fail(code text, detail text) returns void
language plpgsql as $$
begin
  raise exception using errcode = 'P0001', message = code, detail = detail;
end
$$;

-- Direct database work (migrations, seed, server jobs) carries no request claims and
-- is trusted; so is the service role. Requests as anon/authenticated are not.
create or replace function app_private.is_trusted() returns boolean
language sql stable as $$
  select coalesce(auth.role(), '') in ('', 'service_role')
$$;

create table public.communities (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null check (length(trim(name)) > 0),
  logo_path text,
  time_zone text not null default 'Europe/Copenhagen',
  currency char(3) not null default 'DKK' check (currency ~ '^[A-Z]{3}$'),
  default_language text not null default 'da' check (default_language in ('da', 'en')),
  cvr text check (cvr is null or cvr ~ '^[0-9]{8}$'),
  created_at timestamptz not null default now()
);
-- Slugs are stored lower case, so the unique index makes them unique case-insensitively.
create unique index communities_slug_key on public.communities (lower(slug));

create or replace function app_private.normalise_community() returns trigger
language plpgsql as $$
begin
  new.slug := lower(trim(new.slug));
  if not exists (select 1 from pg_timezone_names where name = new.time_zone) then
    perform app_private.fail('invalid_time_zone', format('Unknown time zone %s', new.time_zone));
  end if;
  return new;
end
$$;
create trigger communities_normalise before insert or update of slug, time_zone on public.communities
  for each row execute function app_private.normalise_community();

-- A club is an association (forening) or department (afdeling) inside a community, e.g.
-- the football and handball departments of one multi-sport club (docs/decisions/0701).
create table public.clubs (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) > 0),
  description text,
  cvr text check (cvr is null or cvr ~ '^[0-9]{8}$'),
  logo_path text,
  created_at timestamptz not null default now(),
  unique (id, community_id)
);
create unique index clubs_community_name_key on public.clubs (community_id, lower(name));

create table public.memberships (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.membership_role not null default 'member',
  areas public.admin_area[] not null default '{}',
  membership_manager boolean not null default false,
  created_at timestamptz not null default now(),
  unique (community_id, user_id)
);
create index memberships_user_idx on public.memberships (user_id);

-- Access helpers. Each returns the caller's communities as an array so a policy can use
-- `community_id = any ((select …))`, which PostgreSQL evaluates once per statement.
create or replace function app_private.member_communities() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m where m.user_id = auth.uid()
$$;

create or replace function app_private.area_communities(area public.admin_area) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (area = any (m.areas))
$$;

create or replace function app_private.admin_communities() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and (cardinality(m.areas) > 0 or m.role = 'owner')
$$;

create or replace function app_private.owner_communities() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.role = 'owner'
$$;

create or replace function app_private.manager_communities() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.community_id), '{}') from public.memberships m
  where m.user_id = auth.uid() and m.membership_manager
$$;

create or replace function app_private.has_area(p_community uuid, p_area public.admin_area) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.is_trusted() or exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and p_area = any (m.areas))
$$;

create or replace function app_private.is_manager(p_community uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.memberships m
    where m.user_id = auth.uid() and m.community_id = p_community and m.membership_manager)
$$;

grant execute on all functions in schema app_private to anon, authenticated, service_role;

alter table public.communities enable row level security;
alter table public.clubs enable row level security;
alter table public.memberships enable row level security;

-- Community name, slug and logo are public: the sign-in screens and public events show them.
create policy communities_read on public.communities for select using (true);
create policy communities_owner_update on public.communities for update
  using (id = any ((select app_private.owner_communities())::uuid[]))
  with check (id = any ((select app_private.owner_communities())::uuid[]));

create policy clubs_read on public.clubs for select
  using (community_id = any ((select app_private.member_communities())::uuid[]));
create policy clubs_owner_write on public.clubs for all
  using (community_id = any ((select app_private.owner_communities())::uuid[]))
  with check (community_id = any ((select app_private.owner_communities())::uuid[]));

create policy memberships_read on public.memberships for select
  using (user_id = (select auth.uid())
         or community_id = any ((select app_private.owner_communities())::uuid[])
         or community_id = any ((select app_private.area_communities('member'))::uuid[]));
create policy memberships_owner_write on public.memberships for all
  using (community_id = any ((select app_private.owner_communities())::uuid[]))
  with check (community_id = any ((select app_private.owner_communities())::uuid[]));

-- The custom access token hook (auth-api.md §14): adds `memberships`, keyed by lower-case
-- community slug, in the shape of packages/schemas/src/memberships.ts.
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  v_user uuid;
  memberships jsonb;
begin
  begin
    v_user := (event ->> 'user_id')::uuid;
  exception when invalid_text_representation then
    v_user := null;
  end;
  select coalesce(jsonb_object_agg(lower(c.slug), jsonb_build_object(
           'community_id', c.id,
           'name', c.name,
           'role', case when m.role = 'owner' or cardinality(m.areas) > 0 then 'admin' else 'member' end,
           'areas', to_jsonb(m.areas::text[]),
           'membership_manager', m.membership_manager)), '{}'::jsonb)
    into memberships
    from public.memberships m join public.communities c on c.id = m.community_id
   where m.user_id = v_user;
  return jsonb_build_object('claims', claims || jsonb_build_object('memberships', memberships));
end
$$;
revoke execute on function public.custom_access_token_hook(jsonb) from public, anon, authenticated;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin, service_role;

-- Per-community counters for gap-free human numbers (member ID, invoice number).
create table app_private.counters (
  community_id uuid not null references public.communities (id) on delete cascade,
  kind text not null,
  last_value bigint not null default 0,
  primary key (community_id, kind)
);

create or replace function app_private.next_number(p_community uuid, p_kind text) returns bigint
language sql volatile security definer set search_path = '' as $$
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community, p_kind, 1)
  on conflict (community_id, kind) do update set last_value = c.last_value + 1
  returning last_value
$$;
revoke execute on function app_private.next_number(uuid, text) from public, anon, authenticated;

create or replace function app_private.bump_counter(p_community uuid, p_kind text, p_at_least bigint) returns void
language sql volatile security definer set search_path = '' as $$
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community, p_kind, p_at_least)
  on conflict (community_id, kind) do update set last_value = greatest(c.last_value, excluded.last_value)
$$;
revoke execute on function app_private.bump_counter(uuid, text, bigint) from public, anon, authenticated;

-- Members: the club's register. A member may or may not have a user account.
create table public.members (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  club_id uuid,
  user_id uuid references auth.users (id) on delete set null,
  mid bigint not null,
  membership_id text,
  first_name text not null check (length(trim(first_name)) > 0),
  last_name text not null default '',
  full_name text generated always as (trim(first_name || ' ' || last_name)) stored,
  email text check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone is null or phone ~ '^\+?[0-9 ]{6,20}$'),
  gender public.gender,
  birth_date date,
  street text,
  postal_code text,
  city text,
  country char(2) not null default 'DK',
  status public.member_status not null default 'active',
  joined_on date not null default current_date,
  left_on date,
  -- Masked display value DDMMYY-xxxx; the number itself lives encrypted in member_cpr.
  cpr_masked text check (cpr_masked is null or cpr_masked ~ '^[0-9]{6}-xxxx$'),
  permissions text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, community_id),
  unique (community_id, mid),
  foreign key (club_id, community_id) references public.clubs (id, community_id),
  check (left_on is null or left_on >= joined_on)
);
create unique index members_community_user_key on public.members (community_id, user_id) where user_id is not null;
create index members_community_name_idx on public.members (community_id, last_name, first_name);
create index members_full_name_trgm_idx on public.members using gin (full_name extensions.gin_trgm_ops);
create index members_email_idx on public.members (community_id, lower(email));
create index members_user_idx on public.members (user_id);

create or replace function app_private.before_member_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- The masked CPR always mirrors member_cpr; nobody writes it directly.
  if tg_op = 'INSERT' then
    -- Bulk loads (trusted, e.g. the demo seed) may bring their own numbers and then move the
    -- counter past them with app_private.bump_counter.
    if new.mid is null or not app_private.is_trusted() then
      new.mid := app_private.next_number(new.community_id, 'member');
    end if;
    new.cpr_masked := null;
    return new;
  end if;
  new.updated_at := now();
  new.cpr_masked := (select c.cpr_masked from public.member_cpr c where c.member_id = new.id);
  if (new.mid <> old.mid or new.community_id <> old.community_id) and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Member ID and community cannot be changed');
  end if;
  -- Only the member changes the e-mail of a member with an account (product.md §6).
  if new.email is distinct from old.email and old.user_id is not null
     and old.user_id is distinct from auth.uid() and not app_private.is_trusted() then
    perform app_private.fail('email_owned_by_member', 'Only the member can change their own e-mail');
  end if;
  -- A member editing their own row may change contact details only.
  if old.user_id = auth.uid() and not app_private.has_area(old.community_id, 'member')
     and (new.user_id is distinct from old.user_id or new.status <> old.status or new.club_id is distinct from old.club_id
          or new.membership_id is distinct from old.membership_id or new.permissions <> old.permissions
          or new.joined_on <> old.joined_on or new.left_on is distinct from old.left_on) then
    perform app_private.fail('read_only_field', 'Members may change only their own contact details');
  end if;
  return new;
end
$$;
create trigger members_before_write before insert or update on public.members
  for each row execute function app_private.before_member_write();

-- A member linked to an account gets a (plain) membership in the community.
create or replace function app_private.after_member_linked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.user_id is not null then
    insert into public.memberships (community_id, user_id) values (new.community_id, new.user_id)
    on conflict (community_id, user_id) do nothing;
  end if;
  return null;
end
$$;
create trigger members_after_linked after insert or update of user_id on public.members
  for each row execute function app_private.after_member_linked();

alter table public.members enable row level security;
create policy members_admin_read on public.members for select
  using (community_id = any ((select app_private.admin_communities())::uuid[]) or user_id = (select auth.uid()));
create policy members_admin_write on public.members for insert
  with check (community_id = any ((select app_private.area_communities('member'))::uuid[]));
create policy members_admin_update on public.members for update
  using (community_id = any ((select app_private.area_communities('member'))::uuid[]) or user_id = (select auth.uid()))
  with check (community_id = any ((select app_private.area_communities('member'))::uuid[]) or user_id = (select auth.uid()));
create policy members_admin_delete on public.members for delete
  using (community_id = any ((select app_private.area_communities('member'))::uuid[]));

-- The caller's own member row in a community (member-side functions act as that member).
create or replace function app_private.my_member_id(p_community uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select m.id from public.members m
  where m.community_id = p_community and m.user_id = auth.uid() and m.status <> 'left'
$$;

-- CPR numbers: encrypted with the server-held key (app.cpr_key, set per transaction and
-- never stored), with a keyed hash for lookup. No API role can read this table.
create table public.member_cpr (
  member_id uuid primary key,
  community_id uuid not null,
  cpr_encrypted bytea not null,
  cpr_hash text not null,
  cpr_masked text not null check (cpr_masked ~ '^[0-9]{6}-xxxx$'),
  legal_basis text not null check (legal_basis in ('consent', 'legislation', 'child_certificate', 'grant_reporting')),
  recorded_at timestamptz not null default now(),
  recorded_by uuid,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade
);
create index member_cpr_hash_idx on public.member_cpr (community_id, cpr_hash);
alter table public.member_cpr enable row level security;
revoke all on public.member_cpr from anon, authenticated;

create table public.cpr_audit (
  id bigint generated always as identity primary key,
  community_id uuid not null references public.communities (id) on delete cascade,
  member_id uuid,
  viewer_user_id uuid,
  action text not null check (action in ('set', 'reveal', 'lookup', 'export', 'clear')),
  at timestamptz not null default now()
);
create index cpr_audit_community_idx on public.cpr_audit (community_id, at desc);
alter table public.cpr_audit enable row level security;
revoke insert, update, delete, truncate on public.cpr_audit from anon, authenticated;
create policy cpr_audit_manager_read on public.cpr_audit for select
  using (community_id = any ((select app_private.manager_communities())::uuid[]));

create or replace function app_private.cpr_key() returns text
language plpgsql stable as $$
declare k text := nullif(current_setting('app.cpr_key', true), '');
begin
  if k is null then
    perform app_private.fail('cpr_key_missing', 'The server has no CPR encryption key configured');
  end if;
  return k;
end
$$;

-- Accepts DDMMYYXXXX or DDMMYY-XXXX with a real calendar date (century from digit 7).
create or replace function app_private.normalise_cpr(p_cpr text) returns text
language plpgsql immutable as $$
declare
  digits text := regexp_replace(coalesce(p_cpr, ''), '[\s-]', '', 'g');
  d int; m int; y int; c int;
begin
  if digits !~ '^[0-9]{10}$' then
    perform app_private.fail('invalid_cpr', 'A CPR number has ten digits, DDMMYY-XXXX');
  end if;
  d := substr(digits, 1, 2)::int; m := substr(digits, 3, 2)::int; y := substr(digits, 5, 2)::int;
  c := substr(digits, 7, 1)::int;
  y := y + case when c <= 3 then 1900 when c in (4, 9) then case when y <= 36 then 2000 else 1900 end
                when y <= 57 then 2000 else 1800 end;
  begin
    perform make_date(y, m, d);
  exception when others then
    perform app_private.fail('invalid_cpr', 'The first six digits of a CPR number are a date, DDMMYY');
  end;
  return digits;
end
$$;

create or replace function app_private.require_manager(p_community uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (app_private.is_manager(p_community) or app_private.is_trusted()) then
    perform app_private.fail('not_membership_manager', 'Only membership managers may see or change CPR numbers');
  end if;
end
$$;

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
  return v_masked;
end
$$;

-- Reveals one member's CPR number to a membership manager and records who saw it, when.
create or replace function public.reveal_member_cpr(p_member_id uuid) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_row public.member_cpr;
  v_community uuid;
begin
  select community_id into v_community from public.members where id = p_member_id;
  if v_community is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  perform app_private.require_manager(v_community);
  select * into v_row from public.member_cpr where member_id = p_member_id;
  if v_row.member_id is null then
    return null;
  end if;
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  values (v_community, p_member_id, auth.uid(), 'reveal');
  return substr(extensions.pgp_sym_decrypt(v_row.cpr_encrypted, app_private.cpr_key()), 1, 6) || '-'
      || substr(extensions.pgp_sym_decrypt(v_row.cpr_encrypted, app_private.cpr_key()), 7, 4);
end
$$;

-- Member lookup by CPR, for membership managers only; every lookup is audited.
create or replace function public.find_member_by_cpr(p_community_id uuid, p_cpr text)
returns setof public.members
language plpgsql volatile security definer set search_path = '' as $$
declare v_digits text;
begin
  perform app_private.require_manager(p_community_id);
  v_digits := app_private.normalise_cpr(p_cpr);
  insert into public.cpr_audit (community_id, member_id, viewer_user_id, action)
  select p_community_id, c.member_id, auth.uid(), 'lookup' from public.member_cpr c
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
  return query select m.* from public.members m join public.member_cpr c on c.member_id = m.id
  where c.community_id = p_community_id
    and c.cpr_hash = encode(extensions.hmac(v_digits, app_private.cpr_key(), 'sha256'), 'hex');
end
$$;

-- Member lookup (the /members/lookup screen): name, e-mail, phone or member ID.
create or replace function public.lookup_members(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.members
language sql stable as $$
  select m.* from public.members m
  where m.community_id = p_community_id
    and (m.full_name ilike '%' || p_query || '%' or lower(m.email) = lower(trim(p_query))
         or replace(m.phone, ' ', '') = replace(trim(p_query), ' ', '') or m.mid::text = trim(p_query)
         or m.membership_id = trim(p_query))
  order by m.last_name, m.first_name
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

revoke execute on function public.set_member_cpr(uuid, text, text), public.reveal_member_cpr(uuid),
  public.find_member_by_cpr(uuid, text) from public, anon;
