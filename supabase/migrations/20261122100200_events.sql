-- Events: states and visibility, tickets, add-ons with options, volunteer jobs with
-- timeslots and sign-ups, invitations, tags, and recurrence in the community's time zone.

create type public.event_status as enum ('draft', 'scheduled', 'published', 'cancelled');
create type public.event_visibility as enum ('public', 'members', 'invite_only', 'hidden');
create type public.event_kind as enum ('internal', 'external');
create type public.repeat_rule as enum (
  'never', 'weekly', 'biweekly', 'monthly', 'yearly', 'first_weekday', 'last_weekday'
);

create table public.events (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  club_id uuid,
  title text not null check (length(trim(title)) > 0),
  location text,
  description text,
  image_path text,
  starts_at timestamptz not null,
  ends_at timestamptz,
  status public.event_status not null default 'draft',
  release_at timestamptz,
  published_at timestamptz,
  cancelled_at timestamptz,
  visibility public.event_visibility not null default 'members',
  kind public.event_kind not null default 'internal',
  repeat public.repeat_rule not null default 'never',
  repeat_until date,
  -- Occurrences of a series point at the event they were expanded from.
  series_id uuid references public.events (id) on delete set null,
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (club_id, community_id) references public.clubs (id, community_id),
  check (ends_at is null or ends_at >= starts_at),
  check (status <> 'scheduled' or release_at is not null),
  check (repeat = 'never' or repeat_until is not null)
);
create index events_community_starts_idx on public.events (community_id, starts_at desc);
create index events_due_release_idx on public.events (release_at) where status = 'scheduled';
create index events_series_idx on public.events (series_id);

-- A scheduled event counts as published from its release time on, whether or not the
-- stored status has been switched yet (docs/decisions/0704).
create or replace function app_private.is_released(p_status public.event_status, p_release_at timestamptz,
                                                   p_published_at timestamptz) returns boolean
language sql stable as $$
  select p_status = 'published'
      or (p_status = 'scheduled' and p_release_at <= now())
      or (p_status = 'cancelled' and p_published_at is not null)
$$;

-- Allowed status transitions (docs/decisions/0703) and their timestamps.
create or replace function app_private.before_event_write() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.status <> old.status then
    if not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('draft', 'cancelled'),
      ('scheduled', 'draft'), ('scheduled', 'published'), ('scheduled', 'cancelled'),
      ('published', 'cancelled')) then
      perform app_private.fail('invalid_transition',
        format('An event cannot go from %s to %s', old.status, new.status));
    end if;
  end if;
  if tg_op = 'INSERT' and new.status = 'cancelled' then
    perform app_private.fail('invalid_transition', 'A new event cannot be cancelled');
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := coalesce(new.release_at, now());
    if new.published_at > now() then new.published_at := now(); end if;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
    if old.status = 'scheduled' and old.release_at <= now() then
      new.published_at := coalesce(old.published_at, old.release_at);
    end if;
  end if;
  return new;
end
$$;
create trigger events_before_write before insert or update on public.events
  for each row execute function app_private.before_event_write();

create table public.event_tags (
  community_id uuid not null,
  event_id uuid not null,
  tag_id uuid not null,
  primary key (event_id, tag_id),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade,
  foreign key (tag_id, community_id) references public.tags (id, community_id) on delete cascade
);

create table public.event_invitations (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  event_id uuid not null,
  member_id uuid,
  group_id uuid,
  tag_id uuid,
  created_at timestamptz not null default now(),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade,
  foreign key (tag_id, community_id) references public.tags (id, community_id) on delete cascade,
  check (num_nonnulls(member_id, group_id, tag_id) = 1)
);
create index event_invitations_event_idx on public.event_invitations (event_id);

create or replace function app_private.is_invited(p_event uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.event_invitations i
    where i.event_id = p_event
      and (i.member_id = any (app_private.my_member_ids())
           or i.group_id = any (app_private.my_group_ids())
           or i.tag_id = any (app_private.my_tag_ids())))
$$;

-- Whether the caller (not as an admin) may see an event.
create or replace function app_private.event_visible(p_id uuid, p_community uuid, p_status public.event_status,
  p_release_at timestamptz, p_published_at timestamptz, p_visibility public.event_visibility) returns boolean
language sql stable security definer set search_path = '' as $$
  select app_private.is_released(p_status, p_release_at, p_published_at) and (
    p_visibility = 'public'
    or (p_visibility = 'members' and p_community = any (app_private.member_communities()))
    or (p_visibility = 'invite_only' and app_private.is_invited(p_id)))
$$;

create table public.tickets (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  event_id uuid not null,
  name text not null check (length(trim(name)) > 0),
  -- No limit means unlimited.
  participant_limit integer check (participant_limit is null or participant_limit > 0),
  join_opens_at timestamptz,
  join_closes_at timestamptz,
  refund_closes_at timestamptz,
  price_ore integer not null default 0 check (price_ore >= 0),
  currency char(3) not null default 'DKK',
  is_free boolean generated always as (price_ore = 0) stored,
  max_per_purchase integer not null default 10 check (max_per_purchase between 1 and 100),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade,
  check (join_closes_at is null or join_opens_at is null or join_closes_at >= join_opens_at)
);
create index tickets_event_idx on public.tickets (event_id);

create table public.event_addons (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  event_id uuid not null,
  name text not null check (length(trim(name)) > 0),
  min_per_person integer not null default 0 check (min_per_person >= 0),
  max_per_person integer check (max_per_person is null or max_per_person >= 1),
  sort_order integer not null default 0,
  unique (id, community_id),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade,
  check (max_per_person is null or max_per_person >= min_per_person)
);
create index event_addons_event_idx on public.event_addons (event_id);

create table public.addon_options (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  addon_id uuid not null,
  title text not null check (length(trim(title)) > 0),
  price_ore integer not null default 0 check (price_ore >= 0),
  capacity integer check (capacity is null or capacity >= 0),
  hint text,
  sort_order integer not null default 0,
  unique (id, community_id),
  foreign key (addon_id, community_id) references public.event_addons (id, community_id) on delete cascade
);
create index addon_options_addon_idx on public.addon_options (addon_id);

create table public.ticket_purchases (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  event_id uuid not null,
  ticket_id uuid not null,
  member_id uuid not null,
  quantity integer not null default 1 check (quantity > 0),
  status text not null default 'active' check (status in ('active', 'cancelled')),
  unit_price_ore integer not null default 0 check (unit_price_ore >= 0),
  total_ore integer not null default 0 check (total_ore >= 0),
  currency char(3) not null default 'DKK',
  purchased_at timestamptz not null default now(),
  cancelled_at timestamptz,
  checked_in_at timestamptz,
  unique (id, community_id),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade,
  foreign key (ticket_id, community_id) references public.tickets (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade
);
create index ticket_purchases_ticket_idx on public.ticket_purchases (ticket_id) where status = 'active';
create index ticket_purchases_event_idx on public.ticket_purchases (event_id);
create index ticket_purchases_member_idx on public.ticket_purchases (member_id);
create index ticket_purchases_community_idx on public.ticket_purchases (community_id, purchased_at);

create table public.purchase_addons (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  purchase_id uuid not null,
  option_id uuid not null,
  quantity integer not null check (quantity > 0),
  unit_price_ore integer not null check (unit_price_ore >= 0),
  foreign key (purchase_id, community_id) references public.ticket_purchases (id, community_id) on delete cascade,
  foreign key (option_id, community_id) references public.addon_options (id, community_id) on delete cascade
);
create index purchase_addons_purchase_idx on public.purchase_addons (purchase_id);
create index purchase_addons_option_idx on public.purchase_addons (option_id);

create table public.volunteer_jobs (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  event_id uuid not null,
  title text not null check (length(trim(title)) > 0),
  description text,
  -- Empty means anyone may volunteer; otherwise the member needs one of these roles.
  relevant_roles text[] not null default '{}',
  compensation text,
  slots integer not null default 1 check (slots > 0),
  requires_child_certificate boolean not null default false,
  unique (id, community_id),
  foreign key (event_id, community_id) references public.events (id, community_id) on delete cascade
);
create index volunteer_jobs_event_idx on public.volunteer_jobs (event_id);

create table public.volunteer_timeslots (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  job_id uuid not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- No value means the job's number of slots.
  slots integer check (slots is null or slots > 0),
  unique (id, community_id),
  foreign key (job_id, community_id) references public.volunteer_jobs (id, community_id) on delete cascade,
  check (ends_at > starts_at)
);
create index volunteer_timeslots_job_idx on public.volunteer_timeslots (job_id);

create table public.volunteer_signups (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  job_id uuid not null,
  timeslot_id uuid,
  member_id uuid,
  guest_email text check (guest_email is null or guest_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  guest_name text,
  status text not null default 'signed_up' check (status in ('signed_up', 'cancelled')),
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (job_id, community_id) references public.volunteer_jobs (id, community_id) on delete cascade,
  foreign key (timeslot_id, community_id) references public.volunteer_timeslots (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check ((member_id is not null and guest_email is null and guest_name is null)
      or (member_id is null and guest_email is not null and length(trim(guest_name)) > 0)),
  check (checked_out_at is null or (checked_in_at is not null and checked_out_at >= checked_in_at))
);
create index volunteer_signups_job_idx on public.volunteer_signups (job_id, timeslot_id) where status = 'signed_up';
create unique index volunteer_signups_member_key on public.volunteer_signups
  (job_id, coalesce(timeslot_id, '00000000-0000-0000-0000-000000000000'::uuid), member_id)
  where status = 'signed_up' and member_id is not null;

alter table public.events enable row level security;
alter table public.event_tags enable row level security;
alter table public.event_invitations enable row level security;
alter table public.tickets enable row level security;
alter table public.event_addons enable row level security;
alter table public.addon_options enable row level security;
alter table public.ticket_purchases enable row level security;
alter table public.purchase_addons enable row level security;
alter table public.volunteer_jobs enable row level security;
alter table public.volunteer_timeslots enable row level security;
alter table public.volunteer_signups enable row level security;

create policy events_admin_all on public.events for all
  using (community_id = any ((select app_private.area_communities('event'))::uuid[]))
  with check (community_id = any ((select app_private.area_communities('event'))::uuid[]));
create policy events_visible on public.events for select
  using (app_private.event_visible(id, community_id, status, release_at, published_at, visibility));

-- Event parts: admins of the event area write; whoever sees the event reads.
do $$
declare t text;
begin
  foreach t in array array['event_tags', 'event_invitations', 'tickets', 'event_addons', 'addon_options',
                           'volunteer_jobs', 'volunteer_timeslots', 'ticket_purchases', 'purchase_addons',
                           'volunteer_signups']
  loop
    execute format($p$create policy %I on public.%I for all
      using (community_id = any ((select app_private.area_communities('event'))::uuid[]))
      with check (community_id = any ((select app_private.area_communities('event'))::uuid[]))$p$,
      t || '_admin_all', t);
  end loop;
end
$$;
create policy tickets_visible on public.tickets for select
  using (exists (select 1 from public.events e where e.id = event_id));
create policy event_addons_visible on public.event_addons for select
  using (exists (select 1 from public.events e where e.id = event_id));
create policy addon_options_visible on public.addon_options for select
  using (exists (select 1 from public.event_addons a where a.id = addon_id));
create policy volunteer_jobs_visible on public.volunteer_jobs for select
  using (exists (select 1 from public.events e where e.id = event_id));
create policy volunteer_timeslots_visible on public.volunteer_timeslots for select
  using (exists (select 1 from public.volunteer_jobs j where j.id = job_id));
create policy ticket_purchases_own on public.ticket_purchases for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
create policy purchase_addons_own on public.purchase_addons for select
  using (exists (select 1 from public.ticket_purchases p where p.id = purchase_id));
create policy volunteer_signups_own on public.volunteer_signups for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
create policy event_invitations_own on public.event_invitations for select
  using (member_id = any ((select app_private.my_member_ids())::uuid[]));
