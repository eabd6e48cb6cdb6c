-- Analytics (overview figures, charts, statutory reports): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.age_band(p_age integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select case when p_age is null then 'unknown'
              when p_age <= 12 then '0-12' when p_age <= 18 then '13-18' when p_age <= 24 then '19-24'
              when p_age <= 59 then '25-59' else '60+' end
$$;

REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.age_band(p_age integer) FROM PUBLIC;

CREATE FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(product_id uuid, name text, bookings bigint, booked_hours numeric, available_hours numeric, utilisation numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  perform app_private.check_club(p_community_id, p_club_id);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with products as (
    select p.id, p.name, p.capacity from public.booking_products p
    where p.community_id = p_community_id and p.deleted_at is null
      and (p_club_id is null or p.club_id = p_club_id)),
  booked as (
    select b.product_id, count(*) as n, sum(extract(epoch from (b.ends_at - b.starts_at)) / 3600) as hours
    from public.bookings b
    where b.community_id = p_community_id and b.status <> 'cancelled'
      and b.product_id in (select products.id from products)
      and b.starts_at >= (p_from::timestamp at time zone tz) and b.starts_at < ((p_to + 1)::timestamp at time zone tz)
    group by b.product_id),
  days as (select d::date as day from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') d),
  open_hours as (
    select a.product_id, sum(extract(epoch from (a.ends_at - a.starts_at)) / 3600) as hours
    from public.product_availability a join days on (a.weekday = extract(isodow from days.day) or a.on_date = days.day)
    where a.community_id = p_community_id and a.product_id in (select products.id from products)
    group by a.product_id)
  select p.id, p.name, coalesce(b.n, 0)::bigint, round(coalesce(b.hours, 0)::numeric, 2),
    round((coalesce(o.hours, 0) * p.capacity)::numeric, 2),
    case when coalesce(o.hours, 0) = 0 then null
         else round((coalesce(b.hours, 0) / (o.hours * p.capacity))::numeric, 4) end
  from products p
  left join booked b on b.product_id = p.id
  left join open_hours o on o.product_id = p.id
  order by p.name, p.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_booking_utilisation(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(event_id uuid, title text, starts_at timestamp with time zone, capacity bigint, tickets_sold bigint, checked_in bigint, revenue_ore bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, 'day');
  perform app_private.check_club(p_community_id, p_club_id);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with e as (
    select x.id, x.title, x.starts_at from public.events x
    where x.community_id = p_community_id and x.status <> 'draft'
      and x.starts_at >= (p_from::timestamp at time zone tz) and x.starts_at < ((p_to + 1)::timestamp at time zone tz)
      and (p_club_id is null or x.club_id = p_club_id)),
  sold as (
    select tp.event_id,
      sum(tp.quantity) filter (where tp.status = 'active') as sold,
      sum(tp.quantity) filter (where tp.status = 'active' and tp.checked_in_at is not null) as checked_in,
      sum(tp.total_ore) filter (where tp.status = 'active') as revenue
    from public.ticket_purchases tp where tp.event_id in (select e.id from e) group by tp.event_id),
  cap as (
    select t.event_id, sum(t.participant_limit) as capacity
    from public.tickets t where t.event_id in (select e.id from e) group by t.event_id)
  select e.id, e.title, e.starts_at, cap.capacity::bigint,
    coalesce(sold.sold, 0)::bigint, coalesce(sold.checked_in, 0)::bigint, coalesce(sold.revenue, 0)::bigint
  from e left join sold on sold.event_id = e.id left join cap on cap.event_id = e.id
  order by e.starts_at, e.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_event_attendance(p_community_id uuid, p_from date, p_to date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'month'::text, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(period_start date, group_id uuid, title text, members bigint, joined bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  with p as (select * from app_private.periods(p_from, p_to, p_bucket)),
  first_start as (select min(p.period_start)::timestamptz as at from p),
  g as (select x.id, x.title from public.groups x
        where x.community_id = p_community_id and (p_club_id is null or x.club_id = p_club_id)),
  gm as (select gm.group_id, gm.joined_at, gm.left_at from public.group_members gm
         where gm.community_id = p_community_id and gm.group_id in (select g.id from g)),
  base as (select gm.group_id, count(*) as n from gm, first_start f
           where gm.joined_at < f.at and (gm.left_at is null or gm.left_at >= f.at) group by gm.group_id),
  moves as (
    select d.group_id, date_trunc(p_bucket, d.at)::date as period_start, sum(d.delta) as delta, sum(d.joins) as joins
    from (select gm.group_id, gm.joined_at as at, 1 as delta, 1 as joins from gm, first_start f where gm.joined_at >= f.at
          union all
          select gm.group_id, gm.left_at, -1, 0 from gm, first_start f where gm.left_at >= f.at) d
    group by 1, 2)
  select p.period_start, g.id, g.title,
    (coalesce(b.n, 0) + coalesce(sum(mv.delta) over w, 0))::bigint,
    coalesce(mv.joins, 0)::bigint
  from p cross join g
  left join base b on b.group_id = g.id
  left join moves mv on mv.group_id = g.id and mv.period_start = p.period_start
  window w as (partition by g.id order by p.period_start)
  order by p.period_start, g.title, g.id;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_group_growth(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(age_band text, gender text, members bigint, active bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  if p_on is null then
    perform app_private.fail('invalid_date', 'Choose the day to count the members on');
  end if;
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  select app_private.age_band(extract(year from age(p_on, m.birth_date))::int) as band,
         coalesce(m.gender::text, 'unknown') as sex,
         count(*)::bigint, (count(*) filter (where m.status = 'active'))::bigint
  from public.members m
  where m.community_id = p_community_id and m.joined_on <= p_on and (m.left_on is null or m.left_on > p_on)
    and (p_club_id is null or m.club_id = p_club_id)
  group by 1, 2
  order by 1, 2;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_member_demographics(p_community_id uuid, p_on date, p_club_id uuid) TO service_role;

CREATE FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'month'::text, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(period_start date, members bigint, joined bigint, left_count bigint, active bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_analytics(p_community_id);
  perform app_private.check_range(p_from, p_to, p_bucket);
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  with p as (select * from app_private.periods(p_from, p_to, p_bucket)),
  first_start as (select min(p.period_start) as at from p),
  m as (select x.joined_on, x.left_on, x.status = 'active' as is_active from public.members x
        where x.community_id = p_community_id and (p_club_id is null or x.club_id = p_club_id)),
  base as (
    select count(*) filter (where m.left_on is null or m.left_on >= f.at) as total,
           count(*) filter (where (m.left_on is null or m.left_on >= f.at) and m.is_active) as active
    from m, first_start f where m.joined_on < f.at),
  moves as (
    select date_trunc(p_bucket, d.day)::date as period_start, sum(d.delta) as delta, sum(d.active_delta) as active_delta,
           sum(d.joins) as joins, sum(d.leaves) as leaves
    from (select m.joined_on as day, 1 as delta, case when m.is_active then 1 else 0 end as active_delta, 1 as joins, 0 as leaves
          from m, first_start f where m.joined_on >= f.at
          union all
          select m.left_on, -1, case when m.is_active then -1 else 0 end, 0, 1
          from m, first_start f where m.left_on >= f.at) d
    group by 1)
  select p.period_start,
    (base.total + coalesce(sum(mv.delta) over w, 0))::bigint,
    coalesce(mv.joins, 0)::bigint,
    coalesce(mv.leaves, 0)::bigint,
    (base.active + coalesce(sum(mv.active_delta) over w, 0))::bigint
  from p cross join base left join moves mv on mv.period_start = p.period_start
  window w as (order by p.period_start)
  order by p.period_start;
end
$$;

REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.analytics_members_over_time(p_community_id uuid, p_from date, p_to date, p_bucket text, p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text;
  v_first integer;
  v_now integer;
begin
  perform app_private.require_analytics(p_community_id);
  select time_zone, extract(year from created_at at time zone time_zone)::int,
         extract(year from now() at time zone time_zone)::int
    into v_zone, v_first, v_now
  from public.communities where id = p_community_id;
  -- The club's first year is the earliest of its creation and its oldest member's joining.
  select least(v_first, coalesce(min(extract(year from joined_on))::int, v_first)) into v_first
  from public.members where community_id = p_community_id;
  if p_year is null or p_year < v_first or p_year > v_now then
    perform app_private.fail('year_out_of_range',
      format('Reports exist for %s to %s', v_first, v_now));
  end if;
  return v_zone;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_report_year(p_community_id uuid, p_year integer) FROM PUBLIC;

CREATE FUNCTION public.overview_figures(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text;
  v_today date;
  v_month date;
  v_day_start timestamptz;
  v_day_end timestamptz;
  v_result jsonb := '{}'::jsonb;
begin
  select time_zone into v_zone from public.communities where id = p_community_id;
  if v_zone is null or not (
    app_private.is_trusted() or exists (
      select 1 from public.memberships m
      where m.user_id = auth.uid() and m.community_id = p_community_id and cardinality(m.areas) > 0)) then
    perform app_private.fail('not_allowed', 'The overview is for administrators of the community');
  end if;
  v_today := (now() at time zone v_zone)::date;
  v_month := date_trunc('month', v_today)::date;
  v_day_start := v_today::timestamp at time zone v_zone;
  v_day_end := (v_today + 1)::timestamp at time zone v_zone;

  if app_private.has_area(p_community_id, 'event') then
    v_result := v_result || jsonb_build_object('events', jsonb_build_object(
      'upcoming', coalesce((
        select jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'starts_at', e.starts_at,
                                            'status', e.status, 'sold', s.sold, 'capacity', s.capacity)
                         order by e.starts_at)
        from (select id, title, starts_at, status from public.events
              where community_id = p_community_id and starts_at >= now()
                and status in ('published', 'scheduled')
              order by starts_at limit 5) e
        cross join lateral (
          select coalesce((select sum(p.quantity) from public.ticket_purchases p
                           where p.event_id = e.id and p.status = 'active'), 0)::int as sold,
                 (select case when count(*) = 0 or bool_or(t.participant_limit is null) then null
                              else sum(t.participant_limit) end
                  from public.tickets t where t.event_id = e.id)::int as capacity) s), '[]'::jsonb),
      -- Volunteer places still free on shifts in the next 14 days (a shift without its own
      -- number of places has the job's).
      'open_volunteer_slots', (
        select coalesce(sum(greatest(coalesce(ts.slots, j.slots) - (
                 select count(*) from public.volunteer_signups v
                 where v.timeslot_id = ts.id and v.status = 'signed_up'), 0)), 0)::int
        from public.volunteer_timeslots ts
        join public.volunteer_jobs j on j.id = ts.job_id
        join public.events e on e.id = j.event_id
        where ts.community_id = p_community_id and e.status in ('published', 'scheduled')
          and ts.starts_at >= now() and ts.starts_at < v_day_start + interval '15 days')));
  end if;

  if app_private.has_area(p_community_id, 'news') then
    v_result := v_result || jsonb_build_object('news', jsonb_build_object(
      'recent', coalesce((
        select jsonb_agg(jsonb_build_object('id', n.id, 'title', n.title, 'status', n.status,
                                            'release_at', n.release_at, 'published_at', n.published_at)
                         order by n.sort_at desc)
        from (select id, title, status, release_at, published_at, coalesce(published_at, release_at, created_at) as sort_at
              from public.news_posts where community_id = p_community_id and status in ('published', 'scheduled')
              order by coalesce(published_at, release_at, created_at) desc limit 5) n), '[]'::jsonb),
      'scheduled_today', (select count(*) from public.news_posts
                          where community_id = p_community_id and status = 'scheduled'
                            and release_at >= v_day_start and release_at < v_day_end)::int));
  end if;

  if app_private.has_area(p_community_id, 'member') then
    v_result := v_result || jsonb_build_object('members', jsonb_build_object(
      'count', (select count(*) from public.members where community_id = p_community_id and status <> 'left')::int,
      'joined_this_month', (select count(*) from public.members
                            where community_id = p_community_id and joined_on >= v_month)::int,
      'left_this_month', (select count(*) from public.members
                          where community_id = p_community_id and left_on >= v_month)::int,
      'certificates_expiring', (select count(*) from public.member_certificates c
                                join public.members m on m.id = c.member_id
                                where c.community_id = p_community_id and c.status = 'approved'
                                  and m.status <> 'left'
                                  and c.expires_on >= v_today and c.expires_on <= v_today + 30)::int));
  end if;

  if app_private.has_area(p_community_id, 'billing') then
    v_result := v_result || jsonb_build_object('billing', (
      select jsonb_build_object('currency', b -> 'currency', 'outstanding', b -> 'outstanding', 'overdue', b -> 'overdue')
      from public.billing_overview(p_community_id) as o(b)));
  end if;

  if app_private.has_area(p_community_id, 'booking') then
    v_result := v_result || jsonb_build_object('booking', jsonb_build_object(
      'today', (select count(*) from public.bookings
                where community_id = p_community_id and status <> 'cancelled'
                  and starts_at < v_day_end and ends_at > v_day_start)::int));
  end if;

  if app_private.has_area(p_community_id, 'group') then
    v_result := v_result || jsonb_build_object('groups', jsonb_build_object(
      'join_requests', (select count(*) from public.group_join_requests
                        where community_id = p_community_id and status = 'pending')::int));
  end if;

  return v_result || jsonb_build_object('today', v_today, 'time_zone', v_zone);
end
$$;

REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.overview_figures(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.overview_figures(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.overview_figures(p_community_id uuid) TO service_role;

CREATE FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer DEFAULT NULL::integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(activity_id uuid, activity text, gender text, age_band text, members bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.activity_id, d.activity, d.gender, d.age_band, count(*)
  from public.report_member_counts_detail(p_community_id, p_year, p_max_age, p_club_id) d
  group by d.activity_id, d.activity, d.gender, d.age_band
  order by d.activity, d.gender, d.age_band
$$;

REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_member_counts(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer DEFAULT NULL::integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(member_id uuid, first_name text, last_name text, gender text, birth_date date, age integer, age_band text, activity_id uuid, activity text, counted_from date, paid_by text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text := app_private.check_report_year(p_community_id, p_year);
  v_start date := make_date(p_year, 1, 1);
  v_end date := make_date(p_year, 12, 31);
  v_latest_start date := make_date(p_year, 10, 1);
begin
  if p_max_age is not null and (p_max_age < 0 or p_max_age > 130) then
    perform app_private.fail('invalid_age', 'The age limit is between 0 and 130');
  end if;
  perform app_private.check_club(p_community_id, p_club_id);
  -- An activity is a group with a fee, its own price or a plan that grants it. The fee is paid
  -- however it was billed (decision 1050): a group fee charge of the year on a paid invoice, a
  -- paid invoice of the year with a line of a plan that grants the group or the club's
  -- membership, or the club marked the member exempt; coaches and leaders count without paying.
  return query
  select m.id, m.first_name, m.last_name, coalesce(m.gender::text, 'unknown'), m.birth_date, a.age,
         app_private.age_band(a.age),
         g.id, g.title, greatest(m.joined_on, (gm.joined_at at time zone v_zone)::date),
         f.paid_by
  from public.group_members gm
  join public.groups g on g.id = gm.group_id
  join public.members m on m.id = gm.member_id
  cross join lateral (select extract(year from age(v_end, m.birth_date))::int as age) a
  cross join lateral (
    select case
      when gm.role in ('coach', 'leader') then gm.role
      when gm.payment_status = 'exempt' then 'exempt'
      when exists (
        select 1 from public.group_fee_charges c join public.invoices i on i.id = c.invoice_id
        where c.group_member_id = gm.id and c.period_start between v_start and v_end
          and i.status = 'paid') then 'fee'
      when exists (
        select 1 from public.billing_accounts ba
        join public.invoices i on i.account_id = ba.id
        join public.invoice_lines l on l.invoice_id = i.id
        join public.billing_plans p on p.id = l.plan_id
        where ba.member_id = m.id and i.kind = 'invoice' and i.status = 'paid'
          and i.issued_on between v_start and v_end and l.line_kind = 'charge'
          and (p.grants = 'membership' or (p.grants = 'group' and p.group_id = g.id))) then 'plan'
    end as paid_by) f
  where gm.community_id = p_community_id
    and (g.price_ore > 0 or exists (select 1 from public.billing_plans p
                                    where p.group_id = g.id and p.grants = 'group'))
    and (p_club_id is null or g.club_id = p_club_id)
    and (p_max_age is null or a.age <= p_max_age)
    and m.status <> 'passive'
    and m.joined_on <= v_latest_start and (m.left_on is null or m.left_on > v_end)
    and (gm.joined_at at time zone v_zone)::date <= v_latest_start
    and (gm.left_at is null or (gm.left_at at time zone v_zone)::date > v_end)
    and f.paid_by is not null
  order by g.title, m.last_name, m.first_name, m.id;
end
$$;

REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_member_counts_detail(p_community_id uuid, p_year integer, p_max_age integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(product_id uuid, product text, bookings bigint, hours numeric, under25_hours numeric, over25_hours numeric, unknown_age_hours numeric)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select d.product_id, d.product, count(*), sum(d.hours),
         coalesce(sum(d.hours) filter (where d.age_group = 'under25'), 0),
         coalesce(sum(d.hours) filter (where d.age_group = 'over25'), 0),
         coalesce(sum(d.hours) filter (where d.age_group = 'unknown'), 0)
  from public.report_premises_hours_detail(p_community_id, p_year, p_club_id) d
  group by d.product_id, d.product
  order by d.product, d.product_id
$$;

REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_premises_hours(p_community_id uuid, p_year integer, p_club_id uuid) TO service_role;

CREATE FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid DEFAULT NULL::uuid) RETURNS TABLE(booking_id uuid, product_id uuid, product text, member_id uuid, first_name text, last_name text, day date, hours numeric, age integer, age_group text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_zone text := app_private.check_report_year(p_community_id, p_year);
begin
  perform app_private.check_club(p_community_id, p_club_id);
  return query
  select b.id, p.id, p.name, m.id, m.first_name, m.last_name, x.day,
         round((extract(epoch from (b.ends_at - b.starts_at)) / 3600)::numeric, 2), x.age,
         case when x.age is null then 'unknown' when x.age < 25 then 'under25' else 'over25' end
  from public.bookings b
  join public.booking_products p on p.id = b.product_id
  left join public.members m on m.id = b.member_id
  cross join lateral (select (b.starts_at at time zone v_zone)::date as day) d
  cross join lateral (select d.day, extract(year from age(d.day, m.birth_date))::int as age) x
  where b.community_id = p_community_id and b.status <> 'cancelled'
    and b.starts_at >= (make_date(p_year, 1, 1)::timestamp at time zone v_zone)
    and b.starts_at < (make_date(p_year + 1, 1, 1)::timestamp at time zone v_zone)
    and (p_club_id is null or p.club_id = p_club_id)
  order by p.name, b.starts_at, b.id;
end
$$;

REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.report_premises_hours_detail(p_community_id uuid, p_year integer, p_club_id uuid) TO service_role;

CREATE FUNCTION app_private.require_analytics(p_community uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.has_area(p_community, 'analytics') then
    perform app_private.fail('not_allowed', 'Analytics are for analytics admins of the community');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.require_analytics(p_community uuid) FROM anon, authenticated, service_role;
