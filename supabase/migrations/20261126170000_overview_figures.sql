-- The community overview (issue #21): one call returns the figures of every area the caller
-- administers here, and nothing of the others (an area the caller does not administer is
-- absent from the result, not zero). Times are the community's wall clock: "today", "this
-- month" and "the next 14 days" are its days. Each attention item carries a count so the screen
-- can lead to where it is handled.
create or replace function public.overview_figures(p_community_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
revoke execute on function public.overview_figures(uuid) from public, anon;
grant execute on function public.overview_figures(uuid) to authenticated, service_role;
