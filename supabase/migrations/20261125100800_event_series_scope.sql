-- Cancelling and editing a date of a recurring event say which dates they mean: this date,
-- this and the following dates, or all dates of the series (docs/decisions/0806). Before,
-- cancelling cancelled only the date it was called on while the screen said the event was
-- cancelled. Both functions run with the caller's rights, so the events policies decide.
-- Guest volunteers cannot be added to a cancelled date.

-- The dates of a scope, in start order: the event itself, or its series from it on, or all.
create or replace function app_private.series_scope(e public.events, p_scope text) returns setof uuid
language sql stable set search_path = '' as $$
  select x.id from public.events x
  where case p_scope
          when 'this' then x.id = e.id
          when 'following' then x.id = e.id
            or (e.series_id is not null and x.series_id = e.series_id and x.starts_at >= e.starts_at)
          when 'all' then x.id = e.id or (e.series_id is not null and x.series_id = e.series_id)
        end
  order by x.starts_at, x.id
$$;

create or replace function app_private.check_series_scope(p_scope text) returns void
language plpgsql immutable as $$
begin
  if p_scope is null or p_scope not in ('this', 'following', 'all') then
    perform app_private.fail('invalid_scope', 'The scope must be this, following or all');
  end if;
end
$$;

-- Cancels the dates of the scope that are not cancelled yet; returns how many it cancelled.
create or replace function public.cancel_event(p_event_id uuid, p_scope text default 'this') returns integer
language plpgsql volatile security invoker set search_path = '' as $$
declare
  e public.events;
  n integer;
begin
  perform app_private.check_series_scope(p_scope);
  select * into e from public.events where id = p_event_id;
  if e.id is null then
    perform app_private.fail('event_not_found', 'No such event');
  end if;
  if not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can cancel an event');
  end if;
  if e.status = 'cancelled' and p_scope = 'this' then
    perform app_private.fail('already_cancelled', 'This date is already cancelled');
  end if;
  update public.events set status = 'cancelled'
  where id in (select app_private.series_scope(e, p_scope)) and status <> 'cancelled';
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.cancel_event(uuid, text) from public, anon;
grant execute on function public.cancel_event(uuid, text) to authenticated, service_role;

-- Saves one date with save_event, then carries what a series shares to the other dates of
-- the scope that are not cancelled: title, location, description, image, visibility and type,
-- and a change of start or end time as the same shift. Tickets, add-ons and volunteer jobs
-- stay per date. Returns the saved date's id.
create or replace function public.save_event_series(p_event jsonb, p_scope text default 'this') returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  v_id uuid;
  before public.events;
  e public.events;
  start_shift interval;
begin
  perform app_private.check_series_scope(p_scope);
  v_id := nullif(p_event ->> 'id', '')::uuid;
  if v_id is not null then
    select * into before from public.events where id = v_id;
  end if;
  v_id := public.save_event(p_event);
  if p_scope = 'this' or before.id is null then
    return v_id;
  end if;
  select * into e from public.events where id = v_id;
  start_shift := e.starts_at - before.starts_at;
  update public.events x set
    title = e.title,
    location = e.location,
    description = e.description,
    image_path = e.image_path,
    visibility = e.visibility,
    kind = e.kind,
    starts_at = x.starts_at + start_shift,
    -- Every date keeps the edited date's length.
    ends_at = x.starts_at + start_shift + (e.ends_at - e.starts_at)
  where x.id in (select app_private.series_scope(e, p_scope)) and x.id <> e.id and x.status <> 'cancelled';
  return v_id;
end
$$;
revoke execute on function public.save_event_series(jsonb, text) from public, anon;
grant execute on function public.save_event_series(jsonb, text) to authenticated, service_role;

-- A guest volunteer (added by an admin) only on a date that is not cancelled; members already
-- go through sign_up_volunteer, which checks the event.
create or replace function app_private.before_guest_signup() returns trigger
language plpgsql as $$
begin
  if new.member_id is null and new.status = 'signed_up' and exists (
       select 1 from public.volunteer_jobs j join public.events e on e.id = j.event_id
       where j.id = new.job_id and e.status = 'cancelled') then
    perform app_private.fail('event_cancelled', 'Volunteers cannot be added to a cancelled date');
  end if;
  return new;
end
$$;
create trigger volunteer_signups_guest_on_cancelled before insert or update on public.volunteer_signups
  for each row execute function app_private.before_guest_signup();
