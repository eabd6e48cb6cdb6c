-- Booking calls (docs/decisions/0900): a member books for themself, a booking admin books on
-- behalf of a member in wall-clock time of the community, checks in, cancels (the cancellation
-- deadline decides whether the price stays due) and deletes a product (its future bookings
-- are cancelled with the reason, decision 0901). Every refusal is a code and words.

-- Inserts a booking that app_private.booking_refusal has passed; the price and the
-- requirements met at booking time are recorded on it.
create or replace function app_private.insert_booking(p public.booking_products, p_member uuid,
  p_starts timestamptz, p_ends timestamptz, p_share boolean, p_note text, p_series uuid) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
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

-- The product row, locked, for a booking call; refused when missing, deleted or (for an
-- admin call) outside the caller's booking area.
create or replace function app_private.lock_product_for_booking(p_product_id uuid, p_admin boolean)
returns public.booking_products
language plpgsql volatile security definer set search_path = '' as $$
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

-- A product of the caller's booking area (deleted ones too), or product_not_found.
create or replace function app_private.booking_admin_product(p_product_id uuid) returns public.booking_products
language plpgsql stable security definer set search_path = '' as $$
declare p public.booking_products;
begin
  select * into p from public.booking_products where id = p_product_id;
  if p.id is null or not app_private.has_area(p.community_id, 'booking') then
    perform app_private.fail('product_not_found', 'No such product');
  end if;
  return p;
end
$$;

-- Refuses a member who is not (or no longer) in the community.
create or replace function app_private.require_member_in(p_member uuid, p_community uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.members m
                 where m.id = p_member and m.community_id = p_community and m.status <> 'left') then
    perform app_private.fail('member_not_found', 'No such member in this community');
  end if;
end
$$;

-- Member side: book a product for a period as the calling member.
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
  p := app_private.lock_product_for_booking(p_product_id, false);
  v_member := app_private.my_member_id(p.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can book');
  end if;
  r := app_private.booking_refusal(p, v_member, p_starts_at, p_ends_at, p_share_contact, false);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, v_member, p_starts_at, p_ends_at, p_share_contact, p_note, null);
end
$$;

-- Admin side: book on behalf of a member of the product's community. Times are wall-clock
-- times in the community's time zone, so a booking keeps them across a summer-time change.
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
  p := app_private.lock_product_for_booking(p_product_id, true);
  perform app_private.require_member_in(p_member_id, p.community_id);
  select c.time_zone into tz from public.communities c where c.id = p.community_id;
  v_starts := app_private.local_instant(p_starts_local, tz);
  v_ends := app_private.local_instant(p_ends_local, tz);
  if v_starts is null or v_ends is null then
    perform app_private.fail('invalid_local_time',
      format('%s does not exist in %s (the clock skips that hour when summer time starts)',
             case when v_starts is null then p_starts_local else p_ends_local end, tz));
  end if;
  r := app_private.booking_refusal(p, p_member_id, v_starts, v_ends, p_share_contact, true);
  if r.code is not null then
    perform app_private.fail(r.code, r.message);
  end if;
  return app_private.insert_booking(p, p_member_id, v_starts, v_ends, p_share_contact, p_note, null);
end
$$;

-- Which requirements a member meets for a product on a day, for the booking form.
create or replace function public.booking_requirements_check(p_product_id uuid, p_member_id uuid, p_day date)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  perform app_private.require_member_in(p_member_id, p.community_id);
  return app_private.booking_requirements(p.id, p_member_id, p_day);
end
$$;

-- Cancel a booking ('this') or it and the later dates of its season series ('following').
-- Less than the product's cancellation deadline before the start, the price stays due.
drop function public.cancel_booking(uuid);
create function public.cancel_booking(p_booking_id uuid, p_scope text default 'this') returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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

-- Check a booking in (booking admins). Only a booked booking can be checked in.
create or replace function public.check_in_booking(p_booking_id uuid) returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
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

-- Delete a product (decision 0901): it disappears from lists and can no longer be booked;
-- its future bookings are cancelled with the reason 'product_deleted' (no fee). Returns how
-- many were cancelled.
create or replace function public.delete_booking_product(p_product_id uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
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

-- Capacity holds for every write through the API, not only the booking calls: a direct
-- insert or update of a booking locks the product and counts the overlapping bookings.
-- Trusted work (seed, migrations, server jobs) is not checked.
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
  select capacity into v_capacity from public.booking_products where id = new.product_id for update;
  select count(*) into v_overlap from public.bookings b
  where b.product_id = new.product_id and b.status <> 'cancelled' and b.id <> new.id
    and b.starts_at < new.ends_at and b.ends_at > new.starts_at and b.starts_at > new.starts_at - interval '1 day';
  if v_overlap >= v_capacity then
    perform app_private.fail('fully_booked', 'The product is fully booked at that time');
  end if;
  return new;
end
$$;
create trigger bookings_capacity_guard before insert or update on public.bookings
  for each row execute function app_private.guard_booking_capacity();

revoke execute on function public.book_product(uuid, timestamptz, timestamptz, boolean, text),
  public.admin_book_product(uuid, uuid, timestamp, timestamp, boolean, text),
  public.booking_requirements_check(uuid, uuid, date), public.cancel_booking(uuid, text),
  public.check_in_booking(uuid), public.delete_booking_product(uuid) from public, anon;
grant execute on function public.book_product(uuid, timestamptz, timestamptz, boolean, text),
  public.admin_book_product(uuid, uuid, timestamp, timestamp, boolean, text),
  public.booking_requirements_check(uuid, uuid, date), public.cancel_booking(uuid, text),
  public.check_in_booking(uuid), public.delete_booking_product(uuid) to authenticated, service_role;
revoke execute on function app_private.insert_booking(public.booking_products, uuid, timestamptz, timestamptz,
  boolean, text, uuid), app_private.lock_product_for_booking(uuid, boolean),
  app_private.booking_refusal(public.booking_products, uuid, timestamptz, timestamptz, boolean, boolean),
  app_private.booking_requirements(uuid, uuid, date) from public, anon, authenticated;
