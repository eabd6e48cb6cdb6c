-- Season bookings (docs/decisions/0902): the same weekday and wall-clock hours every week
-- between two dates, for one member. The plan names every date's outcome before anything is
-- saved: free, skipped (a Danish public holiday or a closed day) or a conflict with the rule
-- that refuses it. Creating refuses while there are conflicts unless told to skip them.

create or replace function app_private.series_plan(p public.booking_products, p_member uuid, p_weekday integer,
  p_starts time, p_ends time, p_first_day date, p_last_day date, p_skip_holidays boolean, p_share boolean)
returns table (on_date date, starts_at timestamptz, ends_at timestamptz, outcome text, message text)
language plpgsql stable security definer set search_path = '' as $$
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

-- Every date of a planned series with its outcome (on a deleted product every date says
-- product_deleted); nothing is saved.
create or replace function public.preview_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer,
  p_starts time, p_ends time, p_first_day date, p_last_day date, p_skip_holidays boolean default true,
  p_share_contact boolean default false)
returns table (on_date date, starts_at timestamptz, ends_at timestamptz, outcome text, message text)
language plpgsql stable security definer set search_path = '' as $$
declare p public.booking_products := app_private.booking_admin_product(p_product_id);
begin
  return query select * from app_private.series_plan(p, p_member_id, p_weekday, p_starts, p_ends, p_first_day,
                                                     p_last_day, p_skip_holidays, p_share_contact);
end
$$;

-- Creates the series and books its free dates. With conflicts it refuses (series_conflicts,
-- naming the dates) unless p_skip_conflicts; then the conflicting dates are left out.
create or replace function public.create_booking_series(p_product_id uuid, p_member_id uuid, p_weekday integer,
  p_starts time, p_ends time, p_first_day date, p_last_day date, p_skip_holidays boolean default true,
  p_skip_conflicts boolean default false, p_share_contact boolean default false, p_note text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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

revoke execute on function public.preview_booking_series(uuid, uuid, integer, time, time, date, date, boolean, boolean),
  public.create_booking_series(uuid, uuid, integer, time, time, date, date, boolean, boolean, boolean, text)
  from public, anon;
grant execute on function public.preview_booking_series(uuid, uuid, integer, time, time, date, date, boolean, boolean),
  public.create_booking_series(uuid, uuid, integer, time, time, date, date, boolean, boolean, boolean, text)
  to authenticated, service_role;
revoke execute on function app_private.series_plan(public.booking_products, uuid, integer, time, time, date, date,
  boolean, boolean) from public, anon, authenticated;
