-- Redirects with the per-navigation lookup, analytics functions for a date range, and the
-- realtime publication for the tables the app watches live.

create table public.redirects (
  id uuid primary key default gen_random_uuid(),
  -- No community: a platform-wide redirect.
  community_id uuid references public.communities (id) on delete cascade,
  from_path text not null check (from_path ~ '^/'),
  to_url text not null check (to_url ~ '^(/|https?://)'),
  status_code smallint not null default 302 check (status_code in (301, 302, 307, 308)),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index redirects_from_key on public.redirects (lower(rtrim(from_path, '/'))) where active;

alter table public.redirects enable row level security;
create policy redirects_owner_all on public.redirects for all
  using (community_id = any ((select app_private.owner_communities())::uuid[]))
  with check (community_id = any ((select app_private.owner_communities())::uuid[]));

-- The web app asks this on every navigation; null means no redirect. Matching ignores case
-- and a trailing slash. An absolute target means a full page load.
create or replace function public.resolve_redirect(path text) returns text
language sql stable security definer set search_path = '' as $$
  select r.to_url from public.redirects r
  where r.active and lower(rtrim(r.from_path, '/')) = lower(rtrim(split_part(resolve_redirect.path, '?', 1), '/'))
  limit 1
$$;
grant execute on function public.resolve_redirect(text) to anon, authenticated, service_role;

create or replace function app_private.require_analytics(p_community uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app_private.has_area(p_community, 'analytics') then
    perform app_private.fail('not_allowed', 'Analytics are for analytics admins of the community');
  end if;
end
$$;

create or replace function app_private.periods(p_from date, p_to date, p_bucket text)
returns table (period_start date, period_end date)
language sql immutable as $$
  select s::date, (s + ('1 ' || p_bucket)::interval)::date
  from generate_series(date_trunc(p_bucket, p_from::timestamp), p_to::timestamp, ('1 ' || p_bucket)::interval) s
$$;

create or replace function app_private.check_range(p_from date, p_to date, p_bucket text) returns void
language plpgsql immutable as $$
begin
  if p_from is null or p_to is null or p_to < p_from or p_to - p_from > 3660 then
    perform app_private.fail('invalid_range', 'Choose a date range of at most ten years');
  end if;
  if p_bucket not in ('day', 'week', 'month', 'quarter', 'year') then
    perform app_private.fail('invalid_bucket', 'Bucket is one of day, week, month, quarter, year');
  end if;
end
$$;

-- Members over time: members at the end of each period, joined and left within it.
create or replace function public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date,
  p_bucket text default 'month')
returns table (period_start date, members bigint, joined bigint, left_count bigint, active bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  return query
  select p.period_start,
    count(*) filter (where m.joined_on < p.period_end and (m.left_on is null or m.left_on >= p.period_end)),
    count(*) filter (where m.joined_on >= p.period_start and m.joined_on < p.period_end),
    count(*) filter (where m.left_on >= p.period_start and m.left_on < p.period_end),
    count(*) filter (where m.joined_on < p.period_end and (m.left_on is null or m.left_on >= p.period_end)
                     and m.status = 'active')
  from app_private.periods(p_from, p_to, p_bucket) p
  left join public.members m on m.community_id = p_community_id and m.joined_on < p.period_end
  group by p.period_start order by p.period_start;
end
$$;

-- Event attendance and ticket revenue for events starting in the range.
create or replace function public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date)
returns table (event_id uuid, title text, starts_at timestamptz, capacity bigint, tickets_sold bigint,
               checked_in bigint, revenue_ore bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  return query
  select e.id, e.title, e.starts_at,
    (select sum(t.participant_limit) from public.tickets t where t.event_id = e.id)::bigint,
    coalesce(sum(tp.quantity) filter (where tp.status = 'active'), 0)::bigint,
    coalesce(sum(tp.quantity) filter (where tp.status = 'active' and tp.checked_in_at is not null), 0)::bigint,
    coalesce(sum(tp.total_ore) filter (where tp.status = 'active'), 0)::bigint
  from public.events e
  left join public.ticket_purchases tp on tp.event_id = e.id
  where e.community_id = p_community_id and e.starts_at >= p_from and e.starts_at < p_to + 1
    and e.status <> 'draft'
  group by e.id order by e.starts_at;
end
$$;

-- Booking utilisation: booked hours against available hours (opening hours × capacity).
create or replace function public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date)
returns table (product_id uuid, name text, bookings bigint, booked_hours numeric, available_hours numeric,
               utilisation numeric)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  return query
  with booked as (
    select b.product_id, count(*) as n, sum(extract(epoch from (b.ends_at - b.starts_at)) / 3600) as hours
    from public.bookings b
    where b.community_id = p_community_id and b.status <> 'cancelled'
      and b.starts_at >= p_from and b.starts_at < p_to + 1
    group by b.product_id),
  days as (select d::date as day from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d),
  open_hours as (
    select a.product_id, sum(extract(epoch from (a.ends_at - a.starts_at)) / 3600) as hours
    from public.product_availability a join days on (a.weekday = extract(isodow from days.day) or a.on_date = days.day)
    where a.community_id = p_community_id
    group by a.product_id)
  select p.id, p.name, coalesce(b.n, 0)::bigint, round(coalesce(b.hours, 0)::numeric, 2),
    round((coalesce(o.hours, 0) * p.capacity)::numeric, 2),
    case when coalesce(o.hours, 0) = 0 then null
         else round((coalesce(b.hours, 0) / (o.hours * p.capacity))::numeric, 4) end
  from public.booking_products p
  left join booked b on b.product_id = p.id
  left join open_hours o on o.product_id = p.id
  where p.community_id = p_community_id and p.deleted_at is null
  order by p.name;
end
$$;

-- Group growth: members of each group at the end of each period, and joins within it.
create or replace function public.analytics_group_growth(p_community_id uuid, p_from date, p_to date,
  p_bucket text default 'month')
returns table (period_start date, group_id uuid, title text, members bigint, joined bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  return query
  select p.period_start, g.id, g.title,
    count(gm.id) filter (where gm.joined_at < p.period_end and (gm.left_at is null or gm.left_at >= p.period_end)),
    count(gm.id) filter (where gm.joined_at >= p.period_start and gm.joined_at < p.period_end)
  from app_private.periods(p_from, p_to, p_bucket) p
  cross join public.groups g
  left join public.group_members gm on gm.group_id = g.id and gm.joined_at < p.period_end
  where g.community_id = p_community_id
  group by p.period_start, g.id, g.title order by p.period_start, g.title;
end
$$;

revoke execute on function public.analytics_members_over_time(uuid, date, date, text),
  public.analytics_event_attendance(uuid, date, date), public.analytics_booking_utilisation(uuid, date, date),
  public.analytics_group_growth(uuid, date, date, text) from public, anon;

-- Tables the admin app watches live. The publication is Supabase's; create it when missing.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  alter publication supabase_realtime add table public.ticket_purchases, public.volunteer_signups,
    public.news_comments, public.bookings;
end
$$;
