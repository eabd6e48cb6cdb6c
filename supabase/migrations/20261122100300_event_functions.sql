-- Event business functions: recurrence expansion, scheduled release, and the member-side
-- operations (buy and cancel tickets, volunteer sign-up). Each member-side function is one
-- transaction that locks the row it counts against, so capacity can never be oversold.

-- Start times of a series, computed on local wall-clock time in the given zone and then
-- converted back, so 19:00 stays 19:00 across summer-time changes.
create or replace function public.recurrence_starts(p_first timestamptz, p_rule public.repeat_rule,
  p_until date, p_time_zone text default 'Europe/Copenhagen') returns setof timestamptz
language plpgsql stable as $$
declare
  local0 timestamp := p_first at time zone p_time_zone;
  wd int := extract(isodow from local0)::int;
  month0 timestamp := date_trunc('month', local0);
  clock interval := local0 - date_trunc('day', local0);
  n int;
  candidate timestamp;
  month_start timestamp;
  last_day timestamp;
begin
  if p_rule = 'never' or p_until is null then
    return next p_first;
    return;
  end if;
  for n in 0..600 loop
    candidate := case p_rule
      when 'weekly' then local0 + make_interval(days => 7 * n)
      when 'biweekly' then local0 + make_interval(days => 14 * n)
      when 'monthly' then local0 + make_interval(months => n)
      when 'yearly' then local0 + make_interval(years => n)
      else null end;
    if p_rule in ('first_weekday', 'last_weekday') then
      month_start := month0 + make_interval(months => n);
      if p_rule = 'first_weekday' then
        candidate := month_start + make_interval(days => (wd - extract(isodow from month_start)::int + 7) % 7) + clock;
      else
        last_day := month_start + interval '1 month' - interval '1 day';
        candidate := last_day - make_interval(days => (extract(isodow from last_day)::int - wd + 7) % 7) + clock;
      end if;
      continue when candidate < local0;
    end if;
    exit when candidate::date > p_until;
    return next candidate at time zone p_time_zone;
  end loop;
end
$$;

-- Creates the occurrences of a repeating event (tickets, add-ons and volunteer jobs are
-- copied with their times shifted). Runs once per series; returns how many were made.
create or replace function public.expand_event_series(p_event_id uuid) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  e public.events;
  tz text;
  occurrence timestamptz;
  shift interval;
  new_id uuid;
  made int := 0;
  a record;
  new_addon uuid;
  j record;
  new_job uuid;
begin
  select * into e from public.events where id = p_event_id for update;
  if e.id is null then
    perform app_private.fail('event_not_found', 'No such event');
  end if;
  if not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can expand a series');
  end if;
  if e.repeat = 'never' then
    return 0;
  end if;
  if exists (select 1 from public.events where series_id = e.id and id <> e.id) then
    perform app_private.fail('series_already_expanded', 'This series already has its occurrences');
  end if;
  select time_zone into tz from public.communities where id = e.community_id;
  update public.events set series_id = id where id = e.id;
  for occurrence in select s from public.recurrence_starts(e.starts_at, e.repeat, e.repeat_until, tz) s loop
    continue when occurrence = e.starts_at;
    shift := occurrence - e.starts_at;
    insert into public.events (community_id, club_id, title, location, description, image_path, starts_at, ends_at,
                               status, release_at, visibility, kind, repeat, repeat_until, series_id, created_by)
    values (e.community_id, e.club_id, e.title, e.location, e.description, e.image_path, occurrence,
            e.ends_at + shift, case when e.status = 'cancelled' then 'draft' else e.status end, e.release_at,
            e.visibility, e.kind, e.repeat, e.repeat_until, e.id, e.created_by)
    returning id into new_id;
    insert into public.tickets (community_id, event_id, name, participant_limit, join_opens_at, join_closes_at,
                                refund_closes_at, price_ore, currency, max_per_purchase, sort_order)
    select community_id, new_id, name, participant_limit, join_opens_at + shift, join_closes_at + shift,
           refund_closes_at + shift, price_ore, currency, max_per_purchase, sort_order
    from public.tickets where event_id = e.id;
    for a in select * from public.event_addons where event_id = e.id loop
      insert into public.event_addons (community_id, event_id, name, min_per_person, max_per_person, sort_order)
      values (a.community_id, new_id, a.name, a.min_per_person, a.max_per_person, a.sort_order)
      returning id into new_addon;
      insert into public.addon_options (community_id, addon_id, title, price_ore, capacity, hint, sort_order)
      select community_id, new_addon, title, price_ore, capacity, hint, sort_order
      from public.addon_options where addon_id = a.id;
    end loop;
    for j in select * from public.volunteer_jobs where event_id = e.id loop
      insert into public.volunteer_jobs (community_id, event_id, title, description, relevant_roles, compensation,
                                         slots, requires_child_certificate)
      values (j.community_id, new_id, j.title, j.description, j.relevant_roles, j.compensation, j.slots,
              j.requires_child_certificate)
      returning id into new_job;
      insert into public.volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
      select community_id, new_job, starts_at + shift, ends_at + shift, slots
      from public.volunteer_timeslots where job_id = j.id;
    end loop;
    made := made + 1;
  end loop;
  return made;
end
$$;

-- Switches every scheduled event and news post whose release time has passed to
-- published. Reads already treat them as published; this keeps the stored status true.
-- The server (or pg_cron on Supabase) calls it every minute.
create or replace function public.publish_due_releases() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare n int;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Only the service role runs scheduled releases');
  end if;
  update public.events set status = 'published' where status = 'scheduled' and release_at <= now();
  get diagnostics n = row_count;
  return n;
end
$$;
revoke execute on function public.publish_due_releases() from public, anon, authenticated;

-- Member side: buy tickets, optionally with add-on options ([{"option_id": …, "quantity": n}]).
create or replace function public.buy_ticket(p_ticket_id uuid, p_quantity integer default 1,
  p_addons jsonb default '[]') returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  t public.tickets;
  e public.events;
  v_member uuid;
  v_sold int;
  v_purchase uuid;
  v_total bigint;
  a record;
  o record;
  v_taken int;
begin
  if p_quantity is null or p_quantity < 1 then
    perform app_private.fail('invalid_quantity', 'Buy at least one ticket');
  end if;
  if p_addons is null or jsonb_typeof(p_addons) <> 'array' then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end if;
  -- The ticket row lock makes concurrent buyers of one ticket take turns.
  select * into t from public.tickets where id = p_ticket_id for update;
  if t.id is null then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  select * into e from public.events where id = t.event_id;
  if not (app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
          or app_private.has_area(e.community_id, 'event')) then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  if not app_private.is_released(e.status, e.release_at, e.published_at) then
    perform app_private.fail('event_not_published', 'The event is not published yet');
  end if;
  v_member := app_private.my_member_id(e.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can buy tickets');
  end if;
  if t.join_opens_at is not null and now() < t.join_opens_at then
    perform app_private.fail('sales_not_open', 'Ticket sales have not opened yet');
  end if;
  if now() > coalesce(t.join_closes_at, e.starts_at) then
    perform app_private.fail('sales_closed', 'The last join date has passed');
  end if;
  if p_quantity > t.max_per_purchase then
    perform app_private.fail('invalid_quantity', format('At most %s tickets per purchase', t.max_per_purchase));
  end if;
  select coalesce(sum(quantity), 0) into v_sold from public.ticket_purchases
  where ticket_id = t.id and status = 'active';
  if t.participant_limit is not null and v_sold + p_quantity > t.participant_limit then
    perform app_private.fail('sold_out', format('Only %s tickets left', greatest(t.participant_limit - v_sold, 0)));
  end if;

  -- Requested options, one row per option, checked against the event's add-ons.
  create temporary table if not exists pg_temp.requested_options (option_id uuid primary key, quantity int)
    on commit drop;
  delete from pg_temp.requested_options;
  begin
    insert into pg_temp.requested_options
    select (x ->> 'option_id')::uuid, sum((x ->> 'quantity')::int)
    from jsonb_array_elements(p_addons) x group by 1;
  exception when others then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end;
  if exists (select 1 from pg_temp.requested_options r where r.quantity is null or r.quantity < 0
             or r.option_id is null
             or not exists (select 1 from public.addon_options ao join public.event_addons ea on ea.id = ao.addon_id
                            where ao.id = r.option_id and ea.event_id = e.id)) then
    perform app_private.fail('addon_option_not_found', 'An add-on option does not belong to this event');
  end if;
  for a in select ea.*, coalesce((select sum(r.quantity) from pg_temp.requested_options r
                                  join public.addon_options ao on ao.id = r.option_id
                                  where ao.addon_id = ea.id), 0) as chosen
           from public.event_addons ea where ea.event_id = e.id loop
    if a.chosen < a.min_per_person * p_quantity
       or (a.max_per_person is not null and a.chosen > a.max_per_person * p_quantity) then
      perform app_private.fail('addon_quantity_invalid',
        format('%s: choose between %s and %s per person', a.name, a.min_per_person,
               coalesce(a.max_per_person::text, 'any number')));
    end if;
  end loop;
  -- Options are locked in id order so two buyers never wait on each other crosswise.
  for o in select ao.*, r.quantity as wanted from public.addon_options ao
           join pg_temp.requested_options r on r.option_id = ao.id
           where r.quantity > 0 order by ao.id for update of ao loop
    if o.capacity is not null then
      select coalesce(sum(pa.quantity), 0) into v_taken from public.purchase_addons pa
      join public.ticket_purchases p on p.id = pa.purchase_id
      where pa.option_id = o.id and p.status = 'active';
      if v_taken + o.wanted > o.capacity then
        perform app_private.fail('addon_sold_out', format('%s is sold out', o.title));
      end if;
    end if;
  end loop;

  select t.price_ore::bigint * p_quantity + coalesce(sum(ao.price_ore::bigint * r.quantity), 0) into v_total
  from pg_temp.requested_options r join public.addon_options ao on ao.id = r.option_id;
  insert into public.ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, unit_price_ore,
                                       total_ore, currency)
  values (e.community_id, e.id, t.id, v_member, p_quantity, t.price_ore, v_total, t.currency)
  returning id into v_purchase;
  insert into public.purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
  select e.community_id, v_purchase, ao.id, r.quantity, ao.price_ore
  from pg_temp.requested_options r join public.addon_options ao on ao.id = r.option_id where r.quantity > 0;
  return v_purchase;
end
$$;

-- Member side: cancel one's own ticket while the refund window is open.
create or replace function public.cancel_ticket(p_purchase_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.ticket_purchases;
  t public.tickets;
  e public.events;
begin
  select * into p from public.ticket_purchases where id = p_purchase_id for update;
  if p.id is null or not (p.member_id = any (app_private.my_member_ids())
                          or app_private.has_area(p.community_id, 'event')) then
    perform app_private.fail('purchase_not_found', 'No such ticket purchase');
  end if;
  if p.status = 'cancelled' then
    perform app_private.fail('already_cancelled', 'The ticket is already cancelled');
  end if;
  select * into t from public.tickets where id = p.ticket_id;
  select * into e from public.events where id = p.event_id;
  if e.status <> 'cancelled' and now() > coalesce(t.refund_closes_at, e.starts_at)
     and not app_private.has_area(p.community_id, 'event') then
    perform app_private.fail('refund_window_closed', 'The last refund date has passed');
  end if;
  update public.ticket_purchases set status = 'cancelled', cancelled_at = now() where id = p.id;
end
$$;

-- Member side: sign up for a volunteer job (or one of its timeslots).
create or replace function public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  j public.volunteer_jobs;
  e public.events;
  s public.volunteer_timeslots;
  v_member uuid;
  v_roles text[];
  v_slots int;
  v_taken int;
  v_id uuid;
begin
  select * into j from public.volunteer_jobs where id = p_job_id for update;
  if j.id is null then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  select * into e from public.events where id = j.event_id;
  if not app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
     and not app_private.has_area(e.community_id, 'event') then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  v_member := app_private.my_member_id(e.community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can volunteer');
  end if;
  v_slots := j.slots;
  if p_timeslot_id is not null then
    select * into s from public.volunteer_timeslots where id = p_timeslot_id and job_id = j.id for update;
    if s.id is null then
      perform app_private.fail('timeslot_not_found', 'No such timeslot for this job');
    end if;
    v_slots := coalesce(s.slots, j.slots);
  elsif exists (select 1 from public.volunteer_timeslots where job_id = j.id) then
    perform app_private.fail('timeslot_required', 'Choose a timeslot for this job');
  end if;
  if coalesce(s.ends_at, e.ends_at, e.starts_at) < now() then
    perform app_private.fail('signup_closed', 'This shift is over');
  end if;
  select roles into v_roles from public.members where id = v_member;
  if cardinality(j.relevant_roles) > 0 and not (v_roles && j.relevant_roles) then
    perform app_private.fail('role_required', format('This job is for: %s', array_to_string(j.relevant_roles, ', ')));
  end if;
  if j.requires_child_certificate
     and not app_private.has_certificate(v_member, 'child_certificate', (coalesce(s.starts_at, e.starts_at))::date) then
    perform app_private.fail('certificate_missing', 'This job needs a valid child-protection certificate (børneattest)');
  end if;
  if exists (select 1 from public.volunteer_signups where job_id = j.id and member_id = v_member
             and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up') then
    perform app_private.fail('already_signed_up', 'You are already signed up');
  end if;
  select count(*) into v_taken from public.volunteer_signups
  where job_id = j.id and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up';
  if v_taken >= v_slots then
    perform app_private.fail('no_slots_left', 'All volunteer slots are taken');
  end if;
  insert into public.volunteer_signups (community_id, job_id, timeslot_id, member_id)
  values (j.community_id, j.id, p_timeslot_id, v_member) returning id into v_id;
  return v_id;
end
$$;

create or replace function public.cancel_volunteer_signup(p_signup_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare n int;
begin
  update public.volunteer_signups set status = 'cancelled'
  where id = p_signup_id and status = 'signed_up' and checked_in_at is null
    and (member_id = any (app_private.my_member_ids()) or app_private.has_area(community_id, 'event'));
  get diagnostics n = row_count;
  if n = 0 then
    perform app_private.fail('signup_not_found', 'No active sign-up to cancel');
  end if;
end
$$;

revoke execute on function public.buy_ticket(uuid, integer, jsonb), public.cancel_ticket(uuid),
  public.sign_up_volunteer(uuid, uuid), public.cancel_volunteer_signup(uuid),
  public.expand_event_series(uuid) from public, anon;
