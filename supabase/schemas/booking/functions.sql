-- Booking (bookable products, bookings, series, feeds): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  tz text;
  v_starts timestamptz;
  v_ends timestamptz;
  r record;
begin
  if p_starts_local is null or p_ends_local is null or p_ends_local <= p_starts_local then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  p := app_private.product_for_booking(p_product_id, true);
  perform app_private.require_member_in(p_member_id, p.community_id);
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  v_starts := app_private.local_instant(p_starts_local, tz);
  v_ends := app_private.local_instant(p_ends_local, tz);
  if v_starts is null or v_ends is null then
    perform app_private.fail('invalid_local_time',
      format('%s does not exist in %s (the clock skips that hour when summer time starts)',
             case when v_starts is null then p_starts_local else p_ends_local end, tz));
  end if;
  perform app_private.lock_booking_hours(p.id, v_starts, v_ends);
  r := app_private.booking_refusal(p, p_member_id, v_starts, v_ends, p_share_contact, true);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, p_member_id, v_starts, v_ends, p_share_contact, p_note, null);
end
$$;

REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.admin_book_product(p_product_id uuid, p_member_id uuid, p_starts_local timestamp without time zone, p_ends_local timestamp without time zone, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION app_private.before_booking_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.status <> old.status then
    if not (old.status, new.status) in (('booked', 'checked_in'), ('booked', 'cancelled')) then
      perform app_private.fail('invalid_transition', format('A booking cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'checked_in' then new.checked_in_at := coalesce(new.checked_in_at, now()); end if;
    if new.status = 'cancelled' then new.cancelled_at := now(); end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_booking_update() FROM anon, authenticated, service_role;

CREATE FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_member uuid;
  r record;
begin
  if p_starts_at is null or p_ends_at is null or p_ends_at <= p_starts_at then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  p := app_private.product_for_booking(p_product_id, false);
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can book');
  end if;
  perform app_private.lock_booking_hours(p.id, p_starts_at, p_ends_at);
  r := app_private.booking_refusal(p, v_member, p_starts_at, p_ends_at, p_share_contact, false);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, v_member, p_starts_at, p_ends_at, p_share_contact, p_note, null);
end
$$;

REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.book_product(p_product_id uuid, p_starts_at timestamp with time zone, p_ends_at timestamp with time zone, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION app_private.booking_admin_product(p_product_id uuid) RETURNS public.booking_products
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id;
  if p.id is null or not app_private.has_area(p.community_id, 'booking') then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.booking_admin_product(p_product_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) RETURNS TABLE(id uuid, product_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, status public.booking_status, member_name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_admin boolean;
  v_mine uuid[];
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '42 days' then
    perform app_private.fail('invalid_range', 'The calendar shows at most 42 days, ending after they start');
  end if;
  v_admin := app_private.has_area(p_community_id, 'booking');
  v_mine := case when v_admin then '{}'::uuid[] else app_private.my_member_ids() end;
  if not v_admin and cardinality(v_mine) = 0 then
    return;
  end if;
  return query
  select b.id, b.product_id, b.starts_at, b.ends_at, b.status, m.full_name
  from public.bookings b
  join public.members m on m.id = b.member_id
  where b.community_id = p_community_id and b.status <> 'cancelled'
    and b.starts_at >= p_from and b.starts_at < p_to
    and (v_admin or b.member_id = any (v_mine))
  order by b.starts_at, b.id;
end
$$;

REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.booking_calendar(p_community_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) TO service_role;

CREATE FUNCTION app_private.booking_feed(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  t public.booking_feed_tokens;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Feeds are read through the feed URL');
  end if;
  select * into t from public.booking_feed_tokens where token = p_token;
  if t.token is null then
    return null;
  end if;
  return jsonb_build_object(
    'kind', case when t.product_id is not null then 'product' else 'member' end,
    'name', coalesce((select p.name from public.booking_products p where p.id = t.product_id),
                     (select trim(m.first_name || ' ' || coalesce(m.last_name, '')) from public.members m
                       where m.id = t.member_id)),
    'community', (select c.name from public.communities c where c.id = t.community_id),
    'time_zone', (select c.time_zone from public.communities c where c.id = t.community_id),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
               'ends_at', b.ends_at, 'status', b.status, 'created_at', b.created_at,
               'booker', case when t.member_id is not null or b.contact_shared
                              then trim(m.first_name || ' ' || coalesce(m.last_name, '')) end)
               order by b.starts_at)
        from public.bookings b
        join public.booking_products p on p.id = b.product_id
        join public.members m on m.id = b.member_id
       where (b.product_id = t.product_id or b.member_id = t.member_id)
         and b.starts_at >= now() - interval '90 days' and b.starts_at < now() + interval '400 days'), '[]'));
end
$$;

REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_feed(p_token text) FROM PUBLIC;

CREATE FUNCTION public.booking_feed_token(p_product_id uuid DEFAULT NULL::uuid, p_member_id uuid DEFAULT NULL::uuid, p_renew boolean DEFAULT false) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_community uuid;
  v_token text;
begin
  if num_nonnulls(p_product_id, p_member_id) <> 1 then
    perform app_private.fail('invalid_feed', 'A feed is for one product or one member');
  end if;
  if p_product_id is not null then
    select community_id into v_community from public.booking_products where id = p_product_id and deleted_at is null;
  else
    select community_id into v_community from public.members where id = p_member_id;
  end if;
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('feed_not_found', 'No such product or member');
  end if;
  if coalesce(p_renew, false) then
    delete from public.booking_feed_tokens
     where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  end if;
  select token into v_token from public.booking_feed_tokens
   where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  if v_token is null then
    v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    insert into public.booking_feed_tokens (token, community_id, product_id, member_id)
    values (v_token, v_community, p_product_id, p_member_id);
  end if;
  return v_token;
end
$$;

REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) TO authenticated;
GRANT ALL ON FUNCTION public.booking_feed_token(p_product_id uuid, p_member_id uuid, p_renew boolean) TO service_role;

CREATE FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  l_start timestamp;
  l_end timestamp;
  t_end time;
  v_len interval;
  v_text text;
  v_overlap int;
  v_requirements jsonb;
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
  v_requirements := app_private.booking_requirements(p.id, p_member, l_start::date);
  select string_agg(r ->> 'detail', '; ') into v_text
  from jsonb_array_elements(v_requirements) r
  where r ->> 'type' = 'certificate' and not (r ->> 'met')::boolean;
  if v_text is not null then
    code := 'certificate_missing'; message := format('A required certificate is not valid on the booked day: %s', v_text);
    return;
  end if;
  select string_agg(r ->> 'name', ', ') into v_text
  from jsonb_array_elements(v_requirements) r
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

REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_refusal(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_on_behalf boolean, OUT code text, OUT message text) FROM PUBLIC;

CREATE FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(r order by r ->> 'type', r ->> 'name'), '[]') from (
    select jsonb_build_object('type', 'certificate', 'name', rc.kind, 'expires_on', c.expires_on,
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
    select jsonb_build_object('type', 'group', 'name', g.title, 'expires_on', null, 'met', gm.member_id is not null,
      'detail', case when gm.member_id is null then format('not a member of the group %s', g.title) end)
    from public.product_required_groups rg join public.groups g on g.id = rg.group_id
    left join public.group_members gm on gm.group_id = rg.group_id and gm.member_id = p_member and gm.left_at is null
    where rg.product_id = p_product) x
$$;

REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.booking_requirements(p_product uuid, p_member uuid, p_day date) FROM PUBLIC;

CREATE FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  perform app_private.require_member_in(p_member_id, p.community_id);
  return app_private.booking_requirements(p.id, p_member_id, p_day);
end
$$;

REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text DEFAULT 'week'::text) RETURNS TABLE(period_start date, product_id uuid, name text, bookings bigint, booked_hours numeric, under25_hours numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare tz text;
begin
  if not app_private.has_area(p_community_id, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community see its utilisation');
  end if;
  if p_bucket is null or p_bucket not in ('week', 'month') then
    perform app_private.fail('invalid_bucket', 'Bucket is week or month');
  end if;
  perform app_private.check_range(p_from, p_to, p_bucket);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with b as (
    select x.product_id, (x.starts_at at time zone tz)::date as day,
           extract(epoch from (x.ends_at - x.starts_at)) / 3600 as hours,
           m.birth_date is not null and age((x.starts_at at time zone tz)::date, m.birth_date) < interval '25 years'
             as young
      from public.bookings x join public.members m on m.id = x.member_id
     where x.community_id = p_community_id and x.status <> 'cancelled'
       and x.starts_at >= (p_from::timestamp at time zone tz) and x.starts_at < ((p_to + 1)::timestamp at time zone tz))
  select per.period_start, p.id, p.name, count(b.product_id),
         round(coalesce(sum(b.hours), 0)::numeric, 2),
         round(coalesce(sum(b.hours) filter (where b.young), 0)::numeric, 2)
    from app_private.periods(p_from, p_to, p_bucket) per
   cross join public.booking_products p
    left join b on b.product_id = p.id and b.day >= per.period_start and b.day < per.period_end
   where p.community_id = p_community_id and (p.deleted_at is null or b.product_id is not null)
   group by per.period_start, p.id, p.name
   order by per.period_start, p.name;
end
$$;

REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) TO authenticated;
GRANT ALL ON FUNCTION public.booking_utilisation(p_community_id uuid, p_from date, p_to date, p_bucket text) TO service_role;

CREATE FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text DEFAULT 'this'::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  b public.bookings;
  v_admin boolean;
  v_count int;
  v_due bigint;
  v_late boolean;
begin
  if p_scope is null or p_scope not in ('this', 'following') then
    perform app_private.fail('invalid_scope', 'Cancel this booking or this and the following dates of its series');
  end if;
  select * into b from public.bookings where id = p_booking_id for update;
  v_admin := b.id is not null and app_private.has_area(b.community_id, 'booking');
  if b.id is null or not (v_admin or b.member_id = any (app_private.my_member_ids())) then
    perform app_private.fail('booking_not_found', 'No such booking');
  end if;
  if b.status <> 'booked' then
    perform app_private.fail('invalid_transition', format('A %s booking cannot be cancelled',
      replace(b.status::text, '_', '-')));
  end if;
  if b.starts_at < now() and not v_admin then
    perform app_private.fail('booking_started', 'A booking that has started cannot be cancelled');
  end if;
  if p_scope = 'following' and b.series_id is null then
    perform app_private.fail('not_a_series', 'This booking is not part of a season series');
  end if;
  with cancelled as (
    update public.bookings x
       set status = 'cancelled', cancel_reason = coalesce(x.cancel_reason, 'cancelled'),
           late_cancellation = x.starts_at < now() + make_interval(hours => p.cancel_deadline_hours)
      from public.booking_products p
     where p.id = x.product_id and x.status = 'booked'
       and (x.id = b.id or (p_scope = 'following' and x.series_id = b.series_id and x.starts_at >= b.starts_at))
    returning x.late_cancellation, x.price_ore)
  select count(*), coalesce(sum(price_ore) filter (where late_cancellation), 0), bool_or(late_cancellation)
    into v_count, v_due, v_late from cancelled;
  return jsonb_build_object('cancelled', v_count, 'late_cancellation', v_late, 'price_due_ore', v_due);
end
$$;

REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_booking(p_booking_id uuid, p_scope text) TO service_role;

CREATE FUNCTION public.check_in_booking(p_booking_id uuid) RETURNS timestamp with time zone
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare b public.bookings;
begin
  select * into b from public.bookings where id = p_booking_id for update;
  if b.id is null or not app_private.has_area(b.community_id, 'booking') then
    perform app_private.fail('booking_not_found', 'No such booking');
  end if;
  if b.status <> 'booked' then
    perform app_private.fail('invalid_transition', format('A %s booking cannot be checked in',
      replace(b.status::text, '_', '-')));
  end if;
  update public.bookings set status = 'checked_in', checked_in_at = now() where id = b.id;
  return now();
end
$$;

REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.check_in_booking(p_booking_id uuid) TO service_role;

CREATE FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean DEFAULT true, p_skip_conflicts boolean DEFAULT false, p_share_contact boolean DEFAULT false, p_note text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_plan jsonb;
  v_series uuid;
  v_booked int := 0;
  v_skipped int := 0;
  v_conflicts text;
  v_conflict_count int;
  r record;
begin
  p := app_private.lock_product_for_booking(p_product_id, true);
  select coalesce(jsonb_agg(to_jsonb(x) order by x.on_date), '[]') into v_plan
    from app_private.series_plan(p, p_member_id, p_weekday, p_starts, p_ends, p_first_day, p_last_day,
                                 p_skip_holidays, p_share_contact) x;
  select count(*), string_agg(format('%s (%s)', s.on_date, s.message), '; ' order by s.on_date)
    into v_conflict_count, v_conflicts
    from jsonb_to_recordset(v_plan) as s(on_date date, outcome text, message text)
   where s.outcome not in ('free', 'holiday', 'closed_day');
  if v_conflict_count > 0 and not coalesce(p_skip_conflicts, false) then
    perform app_private.fail('series_conflicts', format('%s dates conflict: %s', v_conflict_count, v_conflicts));
  end if;
  if not exists (select 1 from jsonb_to_recordset(v_plan) as s(outcome text) where s.outcome = 'free') then
    perform app_private.fail('series_empty', 'No date of the series can be booked');
  end if;
  insert into public.booking_series (community_id, product_id, member_id, weekday, starts_at, ends_at, first_day,
                                     last_day, skip_holidays, note, created_by)
  values (p.community_id, p.id, p_member_id, p_weekday, p_starts, p_ends, p_first_day, p_last_day,
          coalesce(p_skip_holidays, true), nullif(trim(coalesce(p_note, '')), ''), auth.uid())
  returning id into v_series;
  for r in select * from jsonb_to_recordset(v_plan) as s(on_date date, starts_at timestamptz, ends_at timestamptz,
                                                           outcome text) order by s.on_date loop
    if r.outcome = 'free' then
      perform app_private.insert_booking(p, p_member_id, r.starts_at, r.ends_at, p_share_contact, p_note, v_series);
      v_booked := v_booked + 1;
    else
      v_skipped := v_skipped + 1;
    end if;
  end loop;
  return jsonb_build_object('series_id', v_series, 'booked', v_booked, 'skipped', v_skipped,
                            'conflicts', v_conflict_count);
end
$$;

REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) TO authenticated;
GRANT ALL ON FUNCTION public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_skip_conflicts boolean, p_share_contact boolean, p_note text) TO service_role;

CREATE FUNCTION public.delete_booking_product(p_product_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.booking_products;
  v_count int;
begin
  select * into p from public.booking_products where id = p_product_id for update;
  if p.id is null or not app_private.has_area(p.community_id, 'booking') then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s is already deleted', p.name));
  end if;
  update public.booking_products set deleted_at = now() where id = p.id;
  with cancelled as (
    update public.bookings set status = 'cancelled', cancel_reason = 'product_deleted', late_cancellation = false
     where product_id = p.id and status = 'booked' and starts_at >= now() returning 1)
  select count(*) into v_count from cancelled;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.delete_booking_product(p_product_id uuid) TO service_role;

CREATE FUNCTION app_private.guard_booking_capacity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_capacity int;
  v_overlap int;
begin
  if app_private.is_trusted() or new.status = 'cancelled' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and new.starts_at = old.starts_at and new.ends_at = old.ends_at
     and new.product_id = old.product_id then
    return new;
  end if;
  if new.ends_at - new.starts_at > interval '1 day' then
    perform app_private.fail('too_long', 'A booking must stay within one day');
  end if;
  select capacity into v_capacity from public.booking_products where id = new.product_id for share;
  perform app_private.lock_booking_hours(new.product_id, new.starts_at, new.ends_at);
  select count(*) into v_overlap from public.bookings b
  where b.product_id = new.product_id and b.status <> 'cancelled' and b.id <> new.id
    and b.starts_at < new.ends_at and b.ends_at > new.starts_at and b.starts_at > new.starts_at - interval '1 day';
  if v_overlap >= v_capacity then
    perform app_private.fail('fully_booked', 'The product is fully booked at that time');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.guard_booking_capacity() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  v_id uuid;
begin
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, currency,
                               contact_shared, note, series_id, requirements, booked_by)
  values (p.community_id, p.id, p_member, p_starts, p_ends,
          case p.price_mode when 'hourly' then round(p.price_ore * extract(epoch from (p_ends - p_starts)) / 3600)
                            when 'individual' then p.price_ore else 0 end,
          p.currency, coalesce(p_share, false), nullif(trim(coalesce(p_note, '')), ''), p_series,
          app_private.booking_requirements(p.id, p_member, (p_starts at time zone tz)::date), auth.uid())
  returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.insert_booking(p public.booking_products, p_member uuid, p_starts timestamp with time zone, p_ends timestamp with time zone, p_share boolean, p_note text, p_series uuid) FROM PUBLIC;

CREATE FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  h integer;
begin
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    return;
  end if;
  if p_ends - p_starts > interval '26 hours' then
    return;
  end if;
  for h in floor(extract(epoch from p_starts) / 3600)::integer .. ceil(extract(epoch from p_ends) / 3600)::integer - 1 loop
    perform pg_advisory_xact_lock(hashtextextended('booking_hour:' || p_product::text || ':' || h, 0));
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.lock_booking_hours(p_product uuid, p_starts timestamp with time zone, p_ends timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) RETURNS public.booking_products
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id for update;
  if p.id is null or (p_admin and not app_private.has_area(p.community_id, 'booking')) then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s has been deleted and cannot be booked', p.name));
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean) FROM PUBLIC;

CREATE FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean DEFAULT true, p_share_contact boolean DEFAULT false) RETURNS TABLE(on_date date, starts_at timestamp with time zone, ends_at timestamp with time zone, outcome text, message text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  return query select * from app_private.series_plan(p, p_member_id, p_weekday, p_starts, p_ends, p_first_day,
                                                     p_last_day, p_skip_holidays, p_share_contact);
end
$$;

REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) TO authenticated;
GRANT ALL ON FUNCTION public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share_contact boolean) TO service_role;

CREATE FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) RETURNS public.booking_products
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id for share;
  if p.id is null or (p_admin and not app_private.has_area(p.community_id, 'booking')) then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  if p.deleted_at is not null then
    perform app_private.fail('product_deleted', format('%s has been deleted and cannot be booked', p.name));
  end if;
  return p;
end
$$;

REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.product_for_booking(p_product_id uuid, p_admin boolean) FROM PUBLIC;

CREATE FUNCTION public.save_booking_product(p_product jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid := nullif(p_product ->> 'id', '')::uuid;
  v_community uuid := (p_product ->> 'community_id')::uuid;
  v_existing public.booking_products;
begin
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community edit its products');
  end if;
  if v_id is not null then
    select * into v_existing from public.booking_products where id = v_id and community_id = v_community for update;
    if v_existing.id is null or v_existing.deleted_at is not null then
      perform app_private.fail('product_not_found', 'No such product');
    end if;
  end if;
  if jsonb_typeof(p_product -> 'hours') <> 'array' or jsonb_array_length(p_product -> 'hours') = 0 then
    perform app_private.fail('hours_required', 'Give the product at least one opening period');
  end if;
  if v_id is null then
    insert into public.booking_products (community_id, name) values (v_community, coalesce(p_product ->> 'name', ''))
    returning id into v_id;
  end if;
  update public.booking_products set
    name = trim(coalesce(p_product ->> 'name', '')),
    description = nullif(trim(coalesce(p_product ->> 'description', '')), ''),
    image_path = nullif(p_product ->> 'image_path', ''),
    account_id = nullif(p_product ->> 'account_id', '')::uuid,
    availability = (p_product ->> 'availability')::public.booking_availability,
    capacity = (p_product ->> 'capacity')::int,
    price_mode = (p_product ->> 'price_mode')::public.booking_price_mode,
    price_ore = case when p_product ->> 'price_mode' = 'none' then 0 else (p_product ->> 'price_ore')::int end,
    require_contact_sharing = coalesce((p_product ->> 'require_contact_sharing')::boolean, false),
    min_duration_minutes = (p_product ->> 'min_duration_minutes')::int,
    max_duration_minutes = (p_product ->> 'max_duration_minutes')::int,
    min_notice_minutes = coalesce((p_product ->> 'min_notice_minutes')::int, 0),
    opens_days_ahead = (p_product ->> 'opens_days_ahead')::int,
    cancel_deadline_hours = coalesce((p_product ->> 'cancel_deadline_hours')::int, 0)
  where id = v_id;
  delete from public.product_availability where product_id = v_id;
  insert into public.product_availability (community_id, product_id, weekday, on_date, starts_at, ends_at)
  select v_community, v_id, (h ->> 'weekday')::smallint, (h ->> 'on_date')::date, (h ->> 'starts_at')::time,
         (h ->> 'ends_at')::time
  from jsonb_array_elements(p_product -> 'hours') h;
  delete from public.product_required_certificates where product_id = v_id;
  insert into public.product_required_certificates (community_id, product_id, kind)
  select distinct v_community, v_id, k from jsonb_array_elements_text(coalesce(p_product -> 'certificates', '[]')) k;
  delete from public.product_required_groups where product_id = v_id;
  insert into public.product_required_groups (community_id, product_id, group_id)
  select distinct v_community, v_id, g::uuid from jsonb_array_elements_text(coalesce(p_product -> 'group_ids', '[]')) g;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_booking_product(p_product jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_booking_product(p_product jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_booking_product(p_product jsonb) TO service_role;

CREATE FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) RETURNS TABLE(on_date date, starts_at timestamp with time zone, ends_at timestamp with time zone, outcome text, message text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tz text;
  d date;
  r record;
  v_holiday text;
begin
  if p_weekday is null or p_weekday not between 1 and 7 then
    perform app_private.fail('invalid_weekday', 'The weekday is 1 (Monday) to 7 (Sunday)');
  end if;
  if p_starts is null or p_ends is null or p_ends <= p_starts then
    perform app_private.fail('invalid_period', 'A booking must end after it starts');
  end if;
  if p_first_day is null or p_last_day is null or p_last_day < p_first_day then
    perform app_private.fail('invalid_range', 'The series must end on or after its first day');
  end if;
  if p_last_day - p_first_day > 550 then
    perform app_private.fail('series_too_long', 'A season series spans at most 18 months');
  end if;
  perform app_private.require_member_in(p_member, p.community_id);
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  for d in select g::date from generate_series(p_first_day::timestamp, p_last_day::timestamp, interval '1 day') g
           where extract(isodow from g) = p_weekday loop
    on_date := d;
    starts_at := app_private.local_instant(d + p_starts, tz);
    ends_at := app_private.local_instant(d + p_ends, tz);
    select h.name_da into v_holiday from public.danish_holidays(d, d) h limit 1;
    if p_skip_holidays and v_holiday is not null then
      outcome := 'holiday'; message := v_holiday;
    elsif starts_at is null or ends_at is null then
      outcome := 'invalid_local_time'; message := format('%s does not exist on %s (summer-time change)', p_starts, d);
    else
      r := app_private.booking_refusal(p, p_member, starts_at, ends_at, p_share, true);
      outcome := coalesce(r.code, 'free');
      message := r.message;
    end if;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer, p_starts time without time zone, p_ends time without time zone, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean) FROM PUBLIC;
