-- Tags, groups with their members, and member certificates (børneattest and others that
-- volunteer jobs and booking products can require).

alter table public.members add column roles text[] not null default '{}';

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  name text not null check (length(trim(name)) between 1 and 60),
  color text check (color is null or color ~ '^#[0-9a-fA-F]{6}$'),
  created_at timestamptz not null default now(),
  unique (id, community_id)
);
create unique index tags_community_name_key on public.tags (community_id, lower(name));

create table public.member_tags (
  community_id uuid not null,
  member_id uuid not null,
  tag_id uuid not null,
  primary key (member_id, tag_id),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  foreign key (tag_id, community_id) references public.tags (id, community_id) on delete cascade
);
create index member_tags_tag_idx on public.member_tags (tag_id);

create type public.group_visibility as enum ('public', 'members', 'invite_only');
create type public.payment_frequency as enum ('one_time', 'monthly', 'quarterly', 'annually');

create table public.groups (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  club_id uuid,
  title text not null check (length(trim(title)) > 0),
  description text,
  owner_member_id uuid,
  cover_image_path text,
  -- No frequency means access is free.
  payment_frequency public.payment_frequency,
  price_ore integer not null default 0 check (price_ore >= 0),
  currency char(3) not null default 'DKK',
  visibility public.group_visibility not null default 'members',
  archived boolean not null default false,
  archived_at timestamptz,
  welcome_email text,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (club_id, community_id) references public.clubs (id, community_id),
  foreign key (owner_member_id, community_id) references public.members (id, community_id),
  check ((payment_frequency is null) = (price_ore = 0))
);
create index groups_community_idx on public.groups (community_id, archived, title);

create or replace function app_private.stamp_group_archive() returns trigger
language plpgsql as $$
begin
  if new.archived and (tg_op = 'INSERT' or not old.archived) then
    new.archived_at := now();
  elsif not new.archived then
    new.archived_at := null;
  end if;
  return new;
end
$$;
create trigger groups_stamp_archive before insert or update of archived on public.groups
  for each row execute function app_private.stamp_group_archive();

create table public.group_tags (
  community_id uuid not null,
  group_id uuid not null,
  tag_id uuid not null,
  primary key (group_id, tag_id),
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade,
  foreign key (tag_id, community_id) references public.tags (id, community_id) on delete cascade
);

-- Group membership history: leaving sets left_at, so growth over time can be reported.
create table public.group_members (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  group_id uuid not null,
  member_id uuid not null,
  role text not null default 'member' check (role in ('member', 'leader')),
  payment_status text not null default 'not_required'
    check (payment_status in ('not_required', 'pending', 'paid')),
  joined_at timestamptz not null default now(),
  left_at timestamptz,
  welcome_sent_at timestamptz,
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check (left_at is null or left_at >= joined_at)
);
create unique index group_members_active_key on public.group_members (group_id, member_id) where left_at is null;
create index group_members_member_idx on public.group_members (member_id) where left_at is null;
create index group_members_community_joined_idx on public.group_members (community_id, joined_at);

create table public.member_certificates (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  member_id uuid not null,
  -- 'child_certificate' is the børneattest; other kinds are free text (first_aid, boat_licence …).
  kind text not null check (kind ~ '^[a-z0-9_]{2,40}$'),
  status text not null default 'approved' check (status in ('requested', 'consented', 'approved', 'rejected')),
  issued_on date,
  expires_on date,
  created_at timestamptz not null default now(),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check (expires_on is null or issued_on is null or expires_on >= issued_on)
);
create index member_certificates_member_idx on public.member_certificates (member_id, kind);

-- Whether a member holds an approved certificate of a kind that is valid on a date.
create or replace function app_private.has_certificate(p_member uuid, p_kind text, p_on date) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.member_certificates c
                 where c.member_id = p_member and c.kind = p_kind and c.status = 'approved'
                   and (c.expires_on is null or c.expires_on >= p_on))
$$;

-- The caller's active groups and tags in a community (for invitations and requirements).
create or replace function app_private.my_group_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(gm.group_id), '{}') from public.group_members gm
  join public.members m on m.id = gm.member_id
  where m.user_id = auth.uid() and gm.left_at is null
$$;

create or replace function app_private.my_tag_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.member_tags mt
  join public.members m on m.id = mt.member_id
  where m.user_id = auth.uid()
$$;

create or replace function app_private.my_member_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.id), '{}') from public.members m where m.user_id = auth.uid()
$$;

grant execute on all functions in schema app_private to anon, authenticated, service_role;

alter table public.tags enable row level security;
alter table public.member_tags enable row level security;
alter table public.groups enable row level security;
alter table public.group_tags enable row level security;
alter table public.group_members enable row level security;
alter table public.member_certificates enable row level security;

-- Tags are shared by every admin area of a community.
create policy tags_admin_all on public.tags for all
  using (community_id = any ((select app_private.admin_communities())::uuid[]))
  with check (community_id = any ((select app_private.admin_communities())::uuid[]));
create policy member_tags_admin_read on public.member_tags for select
  using (community_id = any ((select app_private.admin_communities())::uuid[]));
create policy member_tags_member_admin_write on public.member_tags for all
  using (community_id = any ((select app_private.area_communities('member'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('member'))::uuid[]));
create policy group_tags_admin_read on public.group_tags for select
  using (community_id = any ((select app_private.admin_communities())::uuid[]));
create policy group_tags_group_admin_write on public.group_tags for all
  using (community_id = any ((select app_private.area_communities('group'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('group'))::uuid[]));

create policy groups_admin_all on public.groups for all
  using (community_id = any ((select app_private.area_communities('group'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('group'))::uuid[]));
create policy groups_visible on public.groups for select
  using (not archived and (
    visibility = 'public'
    or (visibility = 'members' and community_id = any ((select app_private.member_communities())::uuid[]))
    or id = any ((select app_private.my_group_ids())::uuid[])));

create policy group_members_admin_all on public.group_members for all
  using (community_id = any ((select app_private.area_communities('group'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('group'))::uuid[]));
create policy group_members_own_read on public.group_members for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));

create policy certificates_admin_all on public.member_certificates for all
  using (community_id = any ((select app_private.area_communities('member'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('member'))::uuid[]));
create policy certificates_own_read on public.member_certificates for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));

-- Member side: join a group as the calling member.
create or replace function public.join_group(p_group_id uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  g public.groups;
  v_member uuid;
  v_id uuid;
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
  if g.visibility = 'invite_only' then
    perform app_private.fail('invitation_required', 'The group is invite only');
  end if;
  if exists (select 1 from public.group_members where group_id = g.id and member_id = v_member and left_at is null) then
    perform app_private.fail('already_in_group', 'You are already in this group');
  end if;
  insert into public.group_members (community_id, group_id, member_id, payment_status)
  values (g.community_id, g.id, v_member, case when g.price_ore > 0 then 'pending' else 'not_required' end)
  returning id into v_id;
  return v_id;
end
$$;

create or replace function public.leave_group(p_group_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
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
revoke execute on function public.join_group(uuid), public.leave_group(uuid) from public, anon;
