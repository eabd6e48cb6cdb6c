-- The booking call under concurrency (docs/decisions/0951). Capacity used to be kept by
-- locking the product row FOR UPDATE for every booking, so every booking of a product waited
-- for the one before it to commit, whatever its hours. Now:
--   * a single booking (book_product, admin_book_product, a direct write through the API)
--     share-locks the product row: bookings of a product no longer wait for each other, but
--     still wait for (and are waited for by) whatever changes the product under FOR UPDATE:
--     the product editor, delete_booking_product and create_booking_series;
--   * and takes a transaction-scoped advisory lock per clock hour (UTC) its period touches.
--     Two bookings that overlap share an instant, so they share that instant's hour and take
--     turns; the one that comes second counts the first. Bookings of other hours pass freely.
--     The locks are taken in ascending order, so two callers never wait for each other in a
--     circle;
--   * the capacity count is unchanged (every non-cancelled booking overlapping the period).
-- A season series keeps the product lock FOR UPDATE: its plan and its inserts see no other
-- booking of the product change in between.

-- The hours of a period locked for booking product p_product. A period of more than 26 hours
-- takes no lock: it is never saved, as guard_booking_capacity refuses every write of more
-- than a day before it counts (and the booking calls refuse it as not within one day).
create or replace function app_private.lock_booking_hours(p_product uuid, p_starts timestamptz, p_ends timestamptz)
returns void
language plpgsql volatile set search_path = '' as $$
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

-- The product row, share-locked, for a single booking; refused when missing, deleted or (for
-- an admin call) outside the caller's booking area.
create or replace function app_private.product_for_booking(p_product_id uuid, p_admin boolean)
returns public.booking_products
language plpgsql volatile security definer set search_path = '' as $$
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

-- As in 20261126130000, with the requirements worked out once instead of twice.
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

-- Member side, as in 20261126130100, under the narrower locks.
create or replace function public.book_product(p_product_id uuid, p_starts_at timestamptz, p_ends_at timestamptz,
  p_share_contact boolean default false, p_note text default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- Admin side, as in 20261126130100, under the narrower locks.
create or replace function public.admin_book_product(p_product_id uuid, p_member_id uuid,
  p_starts_local timestamp, p_ends_local timestamp, p_share_contact boolean default false, p_note text default null)
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- Capacity for every write through the API, as in 20261126130100, under the same locks as
-- the booking calls (a share lock on the product, the period's hours).
create or replace function app_private.guard_booking_capacity() returns trigger
language plpgsql security definer set search_path = '' as $$
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

revoke execute on function app_private.lock_booking_hours(uuid, timestamptz, timestamptz),
  app_private.product_for_booking(uuid, boolean) from public, anon, authenticated;
