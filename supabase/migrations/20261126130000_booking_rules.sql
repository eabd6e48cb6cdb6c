-- Booking rules (issue #19, docs/decisions/0900): length and lead-time limits, closed days,
-- Danish public holidays, season series, cancellation deadline, and one function that names
-- the first rule a booking breaks, shared by the member's and the admin's booking calls.

alter table public.booking_products
  add column min_duration_minutes integer check (min_duration_minutes is null or min_duration_minutes > 0),
  -- Lead time: bookings must be made at least this long before they start.
  add column min_notice_minutes integer not null default 0 check (min_notice_minutes between 0 and 525600),
  -- How far ahead bookings open (in days); null means no limit.
  add column opens_days_ahead integer check (opens_days_ahead is null or opens_days_ahead between 1 and 1000),
  -- Cancelling less than this many hours before the start keeps the price due.
  add column cancel_deadline_hours integer not null default 0 check (cancel_deadline_hours between 0 and 8760),
  add constraint booking_products_duration_order
    check (min_duration_minutes is null or max_duration_minutes is null or min_duration_minutes <= max_duration_minutes);

-- Days a product (or, with product_id null, every product of the community) is closed.
create table public.booking_closed_days (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null references public.communities (id) on delete cascade,
  product_id uuid,
  on_date date not null,
  reason text not null default '' check (length(reason) <= 200),
  foreign key (product_id, community_id) references public.booking_products (id, community_id) on delete cascade
);
create unique index booking_closed_days_key
  on public.booking_closed_days (community_id, coalesce(product_id, '00000000-0000-0000-0000-000000000000'), on_date);

-- A season booking: the same weekday and wall-clock hours every week between two dates.
create table public.booking_series (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  product_id uuid not null,
  member_id uuid not null,
  weekday smallint not null check (weekday between 1 and 7),
  starts_at time not null,
  ends_at time not null,
  first_day date not null,
  last_day date not null,
  skip_holidays boolean not null default true,
  note text,
  created_by uuid,
  created_at timestamptz not null default now(),
  unique (id, community_id),
  foreign key (product_id, community_id) references public.booking_products (id, community_id),
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check (ends_at > starts_at),
  check (last_day >= first_day and last_day - first_day <= 550)
);

alter table public.bookings
  add column series_id uuid,
  -- The requirements as checked when the booking was made: [{type, name, met, detail}].
  add column requirements jsonb not null default '[]',
  add column late_cancellation boolean not null default false,
  add column cancel_reason text check (cancel_reason is null or length(cancel_reason) <= 200),
  add column booked_by uuid,
  add foreign key (series_id, community_id) references public.booking_series (id, community_id);
create index bookings_series_idx on public.bookings (series_id, starts_at) where series_id is not null;

do $$
declare t text;
begin
  foreach t in array array['booking_closed_days', 'booking_series'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format($p$create policy %I on public.%I for all
      using (community_id = any ((select app_private.area_communities('booking'))::uuid[]))
      with check (community_id = any ((select app_private.area_communities('booking'))::uuid[]))$p$,
      t || '_booking_admin_all', t);
  end loop;
end
$$;
create policy booking_closed_days_member_read on public.booking_closed_days for select
  using (community_id = any ((select app_private.member_communities())::uuid[]));

-- Easter Sunday (Gregorian, anonymous algorithm).
create or replace function app_private.easter_sunday(p_year integer) returns date
language plpgsql immutable as $$
declare a int; b int; c int; d int; e int; f int; g int; h int; i int; k int; l int; m int;
begin
  a := p_year % 19; b := p_year / 100; c := p_year % 100; d := b / 4; e := b % 4;
  f := (b + 8) / 25; g := (b - f + 1) / 3; h := (19 * a + b - d - g + 15) % 30;
  i := c / 4; k := c % 4; l := (32 + 2 * e + 2 * i - h - k) % 7; m := (a + 11 * h + 22 * l) / 451;
  return make_date(p_year, (h + l - 7 * m + 114) / 31, ((h + l - 7 * m + 114) % 31) + 1);
end
$$;

-- Danish public holidays (helligdage) between two dates. Store bededag is no holiday from
-- 2024 (lov nr. 159 af 28/02/2023). Christmas Eve and New Year's Eve are not public holidays.
create or replace function public.danish_holidays(p_from date, p_to date)
returns table (on_date date, name_da text, name_en text)
language sql immutable set search_path = '' as $$
  with years as (select generate_series(extract(year from p_from)::int, extract(year from p_to)::int) as y),
  days as (
    select make_date(y, 1, 1) as d, 'Nytårsdag' as da, 'New Year''s Day' as en from years
    union all select app_private.easter_sunday(y) - 3, 'Skærtorsdag', 'Maundy Thursday' from years
    union all select app_private.easter_sunday(y) - 2, 'Langfredag', 'Good Friday' from years
    union all select app_private.easter_sunday(y), 'Påskedag', 'Easter Sunday' from years
    union all select app_private.easter_sunday(y) + 1, '2. påskedag', 'Easter Monday' from years
    union all select app_private.easter_sunday(y) + 26, 'Store bededag', 'General Prayer Day' from years where y < 2024
    union all select app_private.easter_sunday(y) + 39, 'Kristi himmelfartsdag', 'Ascension Day' from years
    union all select app_private.easter_sunday(y) + 49, 'Pinsedag', 'Whit Sunday' from years
    union all select app_private.easter_sunday(y) + 50, '2. pinsedag', 'Whit Monday' from years
    union all select make_date(y, 12, 25), 'Juledag', 'Christmas Day' from years
    union all select make_date(y, 12, 26), '2. juledag', 'Boxing Day' from years)
  select d, da, en from days where d between p_from and p_to order by d
$$;
grant execute on function public.danish_holidays(date, date) to anon, authenticated, service_role;

-- A wall-clock time in a zone as an instant; null when that time does not exist there (the
-- hour skipped when summer time starts).
create or replace function app_private.local_instant(p_local timestamp, p_tz text) returns timestamptz
language sql stable set search_path = '' as $$
  select case when ((p_local at time zone p_tz) at time zone p_tz) = p_local then p_local at time zone p_tz end
$$;

-- The product's requirements for a member on a day, each met or not, with words for the
-- ones that are not: [{type: certificate|group|contact, name, met, detail}].
create or replace function app_private.booking_requirements(p_product uuid, p_member uuid, p_day date)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(r order by r ->> 'type', r ->> 'name'), '[]') from (
    select jsonb_build_object('type', 'certificate', 'name', rc.kind,
      'met', app_private.has_certificate(p_member, rc.kind, p_day),
      'detail', case
        when app_private.has_certificate(p_member, rc.kind, p_day) then null
        when c.status = 'approved' and c.expires_on is not null
          then format('%s expires on %s, before the booked day %s', rc.kind, c.expires_on, p_day)
        when c.status is not null then format('%s is %s, not approved', rc.kind, c.status)
        else format('%s is not on file', rc.kind) end) as r
    from public.product_required_certificates rc
    left join lateral (select mc.expires_on, mc.status from public.member_certificates mc
                       where mc.member_id = p_member and mc.kind = rc.kind
                       order by (mc.status = 'approved') desc, mc.expires_on desc nulls first limit 1) c on true
    where rc.product_id = p_product
    union all
    select jsonb_build_object('type', 'group', 'name', g.title, 'met', gm.member_id is not null,
      'detail', case when gm.member_id is null then format('not a member of the group %s', g.title) end)
    from public.product_required_groups rg join public.groups g on g.id = rg.group_id
    left join public.group_members gm on gm.group_id = rg.group_id and gm.member_id = p_member and gm.left_at is null
    where rg.product_id = p_product) x
$$;

-- The first rule a booking of product p by a member breaks (code and words), or nulls.
-- On behalf of a member (a booking admin) the lead time and opening window do not apply.
create or replace function app_private.booking_refusal(p public.booking_products, p_member uuid,
  p_starts timestamptz, p_ends timestamptz, p_share boolean, p_on_behalf boolean,
  out code text, out message text)
language plpgsql stable security definer set search_path = '' as $$
declare
  tz text;
  l_start timestamp;
  l_end timestamp;
  t_end time;
  v_len interval;
  v_text text;
  v_overlap int;
begin
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    code := 'invalid_period'; message := 'A booking must end after it starts'; return;
  end if;
  if p.deleted_at is not null then
    code := 'product_deleted'; message := format('%s has been deleted and cannot be booked', p.name); return;
  end if;
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  l_start := p_starts at time zone tz;
  l_end := p_ends at time zone tz;
  v_len := p_ends - p_starts;
  if p_starts < now() then
    code := 'in_the_past'; message := 'A booking cannot start in the past'; return;
  end if;
  if l_start::date <> l_end::date and l_end <> l_start::date + 1 then
    code := 'outside_availability'; message := 'A booking must stay within one day'; return;
  end if;
  if p.min_duration_minutes is not null and v_len < make_interval(mins => p.min_duration_minutes) then
    code := 'too_short'; message := format('%s is booked for at least %s minutes', p.name, p.min_duration_minutes); return;
  end if;
  if p.max_duration_minutes is not null and v_len > make_interval(mins => p.max_duration_minutes) then
    code := 'too_long'; message := format('%s is booked for at most %s minutes', p.name, p.max_duration_minutes); return;
  end if;
  if not p_on_behalf then
    if p_starts < now() + make_interval(mins => p.min_notice_minutes) then
      code := 'too_soon'; message := format('%s must be booked at least %s minutes ahead', p.name, p.min_notice_minutes);
      return;
    end if;
    if p.opens_days_ahead is not null and l_start::date > (now() at time zone tz)::date + p.opens_days_ahead then
      code := 'not_open_yet';
      message := format('Bookings of %s open %s days ahead; the last bookable day is now %s', p.name,
                        p.opens_days_ahead, (now() at time zone tz)::date + p.opens_days_ahead);
      return;
    end if;
  end if;
  select string_agg(coalesce(nullif(d.reason, ''), 'closed'), ', ') into v_text from public.booking_closed_days d
  where d.community_id = p.community_id and (d.product_id is null or d.product_id = p.id) and d.on_date = l_start::date;
  if v_text is not null then
    code := 'closed_day'; message := format('%s is closed on %s (%s)', p.name, l_start::date, v_text); return;
  end if;
  t_end := case when l_end::date > l_start::date then time '24:00' else l_end::time end;
  if not exists (
    select 1 from public.product_availability a
    where a.product_id = p.id
      and (a.weekday = extract(isodow from l_start) or a.on_date = l_start::date)
      and (case when p.availability = 'timeslot' then a.starts_at = l_start::time and a.ends_at = t_end
                else a.starts_at <= l_start::time and t_end <= a.ends_at end)) then
    code := 'outside_availability';
    message := case when p.availability = 'timeslot'
                    then format('%s can only be booked in its fixed timeslots', p.name)
                    else format('%s is not open at that time', p.name) end;
    return;
  end if;
  select string_agg(r ->> 'detail', '; ') into v_text
  from jsonb_array_elements(app_private.booking_requirements(p.id, p_member, l_start::date)) r
  where r ->> 'type' = 'certificate' and not (r ->> 'met')::boolean;
  if v_text is not null then
    code := 'certificate_missing'; message := format('A required certificate is not valid on the booked day: %s', v_text);
    return;
  end if;
  select string_agg(r ->> 'name', ', ') into v_text
  from jsonb_array_elements(app_private.booking_requirements(p.id, p_member, l_start::date)) r
  where r ->> 'type' = 'group' and not (r ->> 'met')::boolean;
  if v_text is not null then
    code := 'group_required'; message := format('%s is only for members of: %s', p.name, v_text); return;
  end if;
  if p.require_contact_sharing and not coalesce(p_share, false) then
    code := 'contact_sharing_required'; message := format('%s requires that the booker shares contact details', p.name);
    return;
  end if;
  select count(*) into v_overlap from public.bookings b
  where b.product_id = p.id and b.status <> 'cancelled' and b.starts_at < p_ends and b.ends_at > p_starts
    and b.starts_at > p_starts - interval '1 day';
  if v_overlap >= p.capacity then
    code := 'fully_booked'; message := format('%s is fully booked at that time', p.name); return;
  end if;
end
$$;
