-- Events (tickets, add-ons, volunteers, invitations): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION public.add_event_participant(p_community_id uuid, p_ticket_id uuid, p_quantity integer DEFAULT 1, p_member_id uuid DEFAULT NULL::uuid, p_guest_name text DEFAULT NULL::text, p_guest_email text DEFAULT NULL::text, p_payment text DEFAULT 'to_pay'::text, p_addons jsonb DEFAULT '[]'::jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- An event administrator adds a participant by hand (decision 1071): a member of the community
-- or a guest (name and e-mail), on a ticket type of an event of that community. The places go
-- through the same rule as a purchase (app_private.take_ticket_places: limits, add-ons, locks);
-- sale windows and release do not bind an administrator. The purchase is marked as added by them,
-- complimentary (costs nothing) or to be paid (the price, collected by the club).
declare
  t public.tickets;
  e public.events;
  v_name text := nullif(btrim(p_guest_name), '');
  v_email text := lower(nullif(btrim(p_guest_email), ''));
begin
  if not app_private.has_area(p_community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can add participants');
  end if;
  select * into t from public.tickets where id = p_ticket_id and community_id = p_community_id;
  if t.id is null then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  select * into e from public.events where id = t.event_id;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  if p_payment is null or p_payment not in ('complimentary', 'to_pay') then
    perform app_private.fail('invalid_payment', 'Payment is complimentary or to_pay');
  end if;
  perform app_private.check_member_or_guest(p_community_id, p_member_id, v_name, v_email);
  return app_private.take_ticket_places(t.id, p_quantity, coalesce(p_addons, '[]'::jsonb), p_member_id, v_name,
                                        v_email, auth.uid(), p_payment, p_quantity);
end
$$;

REVOKE ALL ON FUNCTION public.add_event_participant(p_community_id uuid, p_ticket_id uuid, p_quantity integer, p_member_id uuid, p_guest_name text, p_guest_email text, p_payment text, p_addons jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_event_participant(p_community_id uuid, p_ticket_id uuid, p_quantity integer, p_member_id uuid, p_guest_name text, p_guest_email text, p_payment text, p_addons jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_event_participant(p_community_id uuid, p_ticket_id uuid, p_quantity integer, p_member_id uuid, p_guest_name text, p_guest_email text, p_payment text, p_addons jsonb) TO authenticated;

CREATE FUNCTION public.add_volunteer(p_community_id uuid, p_job_id uuid, p_timeslot_id uuid DEFAULT NULL::uuid, p_member_id uuid DEFAULT NULL::uuid, p_guest_name text DEFAULT NULL::text, p_guest_email text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- An event administrator puts a member of the community, or a guest (name and e-mail), on a
-- volunteer slot (decision 1071), under the same slot rules as a member's own sign-up
-- (app_private.take_volunteer_slot).
declare
  v_name text := nullif(btrim(p_guest_name), '');
  v_email text := lower(nullif(btrim(p_guest_email), ''));
begin
  if not app_private.has_area(p_community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can add volunteers');
  end if;
  if not exists (select 1 from public.volunteer_jobs j where j.id = p_job_id and j.community_id = p_community_id) then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  perform app_private.check_member_or_guest(p_community_id, p_member_id, v_name, v_email);
  return app_private.take_volunteer_slot(p_job_id, p_timeslot_id, p_member_id, v_name, v_email);
end
$$;

REVOKE ALL ON FUNCTION public.add_volunteer(p_community_id uuid, p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.add_volunteer(p_community_id uuid, p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.add_volunteer(p_community_id uuid, p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) TO authenticated;

CREATE FUNCTION app_private.before_event_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and new.status <> old.status then
    if not (old.status, new.status) in (
      ('draft', 'scheduled'), ('draft', 'published'), ('draft', 'cancelled'),
      ('scheduled', 'draft'), ('scheduled', 'published'), ('scheduled', 'cancelled'),
      ('published', 'cancelled')) then
      perform app_private.fail('invalid_transition',
        format('An event cannot go from %s to %s', old.status, new.status));
    end if;
  end if;
  if tg_op = 'INSERT' and new.status = 'cancelled' then
    perform app_private.fail('invalid_transition', 'A new event cannot be cancelled');
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status <> 'published') then
    new.published_at := coalesce(new.release_at, now());
    if new.published_at > now() then new.published_at := now(); end if;
  end if;
  if new.status = 'cancelled' and (tg_op = 'INSERT' or old.status <> 'cancelled') then
    new.cancelled_at := now();
    if old.status = 'scheduled' and old.release_at <= now() then
      new.published_at := coalesce(old.published_at, old.release_at);
    end if;
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_event_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_guest_signup() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if new.member_id is null and new.status = 'signed_up' and exists (
       select 1 from public.volunteer_jobs j join public.events e on e.id = j.event_id
       where j.id = new.job_id and e.status = 'cancelled') then
    perform app_private.fail('event_cancelled', 'Volunteers cannot be added to a cancelled date');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_guest_signup() FROM anon, authenticated, service_role;

CREATE FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer DEFAULT 1, p_addons jsonb DEFAULT '[]'::jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A member takes tickets (app_private.sell_ticket: who may buy and when, then the places).
begin
  return app_private.sell_ticket(p_ticket_id, p_quantity, p_addons, null, p_quantity);
end
$$;

REVOKE ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.buy_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb) TO service_role;

CREATE FUNCTION public.cancel_event(p_event_id uuid, p_scope text DEFAULT 'this'::text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_event(p_event_id uuid, p_scope text) TO service_role;

CREATE FUNCTION public.cancel_ticket(p_purchase_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  p public.ticket_purchases;
begin
  select * into p from public.ticket_purchases where id = p_purchase_id for update;
  if p.id is null or not (p.member_id = any (app_private.my_member_ids())
                          or app_private.has_area(p.community_id, 'event')) then
    perform app_private.fail('purchase_not_found', 'No such ticket purchase');
  end if;
  if p.status = 'cancelled' then
    perform app_private.fail('already_cancelled', 'The ticket is already cancelled');
  end if;
  if not app_private.ticket_refund_open(p.id) then
    perform app_private.fail('refund_window_closed', 'The last refund date has passed');
  end if;
  -- Money paid online goes back through the provider (request_ticket_refund); cancelling here
  -- would end the ticket and keep the money.
  if exists (select 1 from public.order_lines l join public.orders o on o.id = l.order_id
              where l.purchase_id = p.id and l.amount_ore > 0 and o.payment_status in ('paid', 'authorized')) then
    perform app_private.fail('paid_online', 'This ticket was paid online; ask for a refund instead');
  end if;
  update public.ticket_purchases set status = 'cancelled', cancelled_at = now() where id = p.id;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_ticket(p_purchase_id uuid) TO service_role;

CREATE FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A member gives back their own shift until it starts (the event's start when the job has no
-- timeslots); an event administrator may take anyone off a shift not yet checked in (decision 1072).
declare r record;
begin
  select v.id, v.member_id, v.community_id, coalesce(s.starts_at, e.starts_at) as starts_at
    into r
    from public.volunteer_signups v
    join public.volunteer_jobs j on j.id = v.job_id
    join public.events e on e.id = j.event_id
    left join public.volunteer_timeslots s on s.id = v.timeslot_id
   where v.id = p_signup_id and v.status = 'signed_up' and v.checked_in_at is null
   for update of v;
  if r.id is null or not (r.member_id = any (app_private.my_member_ids())
                          or app_private.has_area(r.community_id, 'event')) then
    perform app_private.fail('signup_not_found', 'No active sign-up to cancel');
  end if;
  if r.starts_at <= now() and not app_private.has_area(r.community_id, 'event') then
    perform app_private.fail('shift_started', 'The shift has started; ask the coordinator instead');
  end if;
  update public.volunteer_signups set status = 'cancelled' where id = r.id;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_volunteer_signup(p_signup_id uuid) TO service_role;

CREATE FUNCTION app_private.check_member_or_guest(p_community_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Whom an administrator adds (decision 1071): a member of the community who has not left, or a
-- guest with a name and a valid e-mail address (the name and address already trimmed).
begin
  if p_member_id is not null then
    if p_guest_name is not null or p_guest_email is not null then
      perform app_private.fail('member_or_guest', 'Add a member or a guest, not both');
    end if;
    if not exists (select 1 from public.members m where m.id = p_member_id and m.community_id = p_community_id
                   and m.status <> 'left') then
      perform app_private.fail('not_a_member', 'Not a member of this community');
    end if;
  else
    if p_guest_name is null then
      perform app_private.fail('guest_name_required', 'Give the guest''s name');
    end if;
    if p_guest_email is null or p_guest_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      perform app_private.fail('invalid_email', 'Give a valid e-mail address for the guest');
    end if;
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_member_or_guest(p_community_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_member_or_guest(p_community_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM PUBLIC;

CREATE FUNCTION app_private.check_series_scope(p_scope text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    AS $$
begin
  if p_scope is null or p_scope not in ('this', 'following', 'all') then
    perform app_private.fail('invalid_scope', 'The scope must be this, following or all');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_series_scope(p_scope text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.event_visible(p_id uuid, p_community uuid, p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone, p_visibility public.event_visibility) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app_private.is_released(p_status, p_release_at, p_published_at) and (
    p_visibility = 'public'
    or (p_visibility = 'members' and p_community = any (app_private.member_communities()))
    or (p_visibility = 'invite_only' and app_private.is_invited(p_id)))
$$;

REVOKE ALL ON FUNCTION app_private.event_visible(p_id uuid, p_community uuid, p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone, p_visibility public.event_visibility) FROM anon, authenticated, service_role;

CREATE FUNCTION public.expand_event_series(p_event_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.expand_event_series(p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.expand_event_series(p_event_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.expand_event_series(p_event_id uuid) TO service_role;

CREATE FUNCTION app_private.is_invited(p_event uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.event_invitations i
    where i.event_id = p_event
      and (i.member_id = any (app_private.my_member_ids())
           or i.group_id = any (app_private.my_group_ids())
           or i.tag_id = any (app_private.my_tag_ids())))
$$;

REVOKE ALL ON FUNCTION app_private.is_invited(p_event uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.is_released(p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select p_status = 'published'
      or (p_status = 'scheduled' and p_release_at <= now())
      or (p_status = 'cancelled' and p_published_at is not null)
$$;

REVOKE ALL ON FUNCTION app_private.is_released(p_status public.event_status, p_release_at timestamp with time zone, p_published_at timestamp with time zone) FROM anon, authenticated, service_role;

CREATE FUNCTION public.save_event(p_event jsonb) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_id uuid := nullif(p_event ->> 'id', '')::uuid;
  v_community uuid;
  e public.events;
  x jsonb;
  y jsonb;
  v_part uuid;
  v_keep uuid[];
  v_keep_inner uuid[];
  v_order int;
  v_inner_order int;
begin
  if p_event is null or jsonb_typeof(p_event) <> 'object' then
    perform app_private.fail('invalid_event', 'The event must be a JSON object');
  end if;
  if v_id is null then
    insert into public.events (community_id, title, location, description, image_path, starts_at, ends_at, status,
                               release_at, visibility, kind, repeat, repeat_until)
    values ((p_event ->> 'community_id')::uuid, p_event ->> 'title', p_event ->> 'location',
            nullif(p_event -> 'description', 'null'::jsonb), p_event ->> 'image_path', (p_event ->> 'starts_at')::timestamptz,
            (p_event ->> 'ends_at')::timestamptz, coalesce(p_event ->> 'status', 'draft')::public.event_status,
            (p_event ->> 'release_at')::timestamptz,
            coalesce(p_event ->> 'visibility', 'members')::public.event_visibility,
            coalesce(p_event ->> 'kind', 'internal')::public.event_kind,
            coalesce(p_event ->> 'repeat', 'never')::public.repeat_rule, (p_event ->> 'repeat_until')::date)
    returning * into e;
  else
    update public.events set
      title = p_event ->> 'title',
      location = p_event ->> 'location',
      description = nullif(p_event -> 'description', 'null'::jsonb),
      image_path = p_event ->> 'image_path',
      starts_at = (p_event ->> 'starts_at')::timestamptz,
      ends_at = (p_event ->> 'ends_at')::timestamptz,
      status = coalesce(p_event ->> 'status', status::text)::public.event_status,
      release_at = (p_event ->> 'release_at')::timestamptz,
      visibility = coalesce(p_event ->> 'visibility', visibility::text)::public.event_visibility,
      kind = coalesce(p_event ->> 'kind', kind::text)::public.event_kind,
      repeat = coalesce(p_event ->> 'repeat', repeat::text)::public.repeat_rule,
      repeat_until = (p_event ->> 'repeat_until')::date
    where id = v_id
    returning * into e;
    if e.id is null then
      perform app_private.fail('event_not_found', 'No such event');
    end if;
  end if;
  v_id := e.id;
  v_community := e.community_id;

  -- Tickets.
  select coalesce(array_agg((t ->> 'id')::uuid) filter (where t ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'tickets', '[]')) t;
  if exists (select 1 from public.ticket_purchases p join public.tickets t on t.id = p.ticket_id
             where t.event_id = v_id and not (t.id = any (v_keep))) then
    perform app_private.fail('ticket_has_sales', 'A ticket type that has been sold cannot be removed');
  end if;
  delete from public.tickets where event_id = v_id and not (id = any (v_keep));
  v_order := 0;
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'tickets', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.tickets (community_id, event_id, name, participant_limit, join_opens_at, join_closes_at,
                                  refund_closes_at, price_ore, sort_order)
      values (v_community, v_id, x ->> 'name', (x ->> 'participant_limit')::int, (x ->> 'join_opens_at')::timestamptz,
              (x ->> 'join_closes_at')::timestamptz, (x ->> 'refund_closes_at')::timestamptz,
              coalesce((x ->> 'price_ore')::int, 0), v_order);
    else
      update public.tickets set name = x ->> 'name', participant_limit = (x ->> 'participant_limit')::int,
        join_opens_at = (x ->> 'join_opens_at')::timestamptz, join_closes_at = (x ->> 'join_closes_at')::timestamptz,
        refund_closes_at = (x ->> 'refund_closes_at')::timestamptz, price_ore = coalesce((x ->> 'price_ore')::int, 0),
        sort_order = v_order
      where id = v_part and event_id = v_id;
    end if;
    v_order := v_order + 1;
  end loop;

  -- Add-ons and their options.
  select coalesce(array_agg((a ->> 'id')::uuid) filter (where a ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) a;
  select coalesce(array_agg((o ->> 'id')::uuid) filter (where o ->> 'id' is not null), '{}') into v_keep_inner
  from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) a,
       jsonb_array_elements(coalesce(a -> 'options', '[]')) o;
  if exists (select 1 from public.purchase_addons pa join public.addon_options o on o.id = pa.option_id
             join public.event_addons a on a.id = o.addon_id
             where a.event_id = v_id and not (o.id = any (v_keep_inner))) then
    perform app_private.fail('addon_has_sales', 'An add-on option that has been sold cannot be removed');
  end if;
  delete from public.event_addons where event_id = v_id and not (id = any (v_keep));
  delete from public.addon_options o using public.event_addons a
  where a.id = o.addon_id and a.event_id = v_id and not (o.id = any (v_keep_inner));
  v_order := 0;
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'addons', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.event_addons (community_id, event_id, name, min_per_person, max_per_person, sort_order)
      values (v_community, v_id, x ->> 'name', coalesce((x ->> 'min_per_person')::int, 0),
              (x ->> 'max_per_person')::int, v_order)
      returning id into v_part;
    else
      update public.event_addons set name = x ->> 'name', min_per_person = coalesce((x ->> 'min_per_person')::int, 0),
        max_per_person = (x ->> 'max_per_person')::int, sort_order = v_order
      where id = v_part and event_id = v_id;
    end if;
    v_inner_order := 0;
    for y in select * from jsonb_array_elements(coalesce(x -> 'options', '[]')) loop
      if y ->> 'id' is null then
        insert into public.addon_options (community_id, addon_id, title, price_ore, capacity, hint, sort_order)
        values (v_community, v_part, y ->> 'title', coalesce((y ->> 'price_ore')::int, 0), (y ->> 'capacity')::int,
                nullif(y ->> 'hint', ''), v_inner_order);
      else
        update public.addon_options set title = y ->> 'title', price_ore = coalesce((y ->> 'price_ore')::int, 0),
          capacity = (y ->> 'capacity')::int, hint = nullif(y ->> 'hint', ''), sort_order = v_inner_order
        where id = (y ->> 'id')::uuid and addon_id = v_part;
      end if;
      v_inner_order := v_inner_order + 1;
    end loop;
    v_order := v_order + 1;
  end loop;

  -- Volunteer jobs and their timeslots.
  select coalesce(array_agg((j ->> 'id')::uuid) filter (where j ->> 'id' is not null), '{}') into v_keep
  from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) j;
  select coalesce(array_agg((s ->> 'id')::uuid) filter (where s ->> 'id' is not null), '{}') into v_keep_inner
  from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) j,
       jsonb_array_elements(coalesce(j -> 'timeslots', '[]')) s;
  if exists (select 1 from public.volunteer_signups v join public.volunteer_jobs j on j.id = v.job_id
             where j.event_id = v_id and v.status = 'signed_up'
               and (not (j.id = any (v_keep)) or (v.timeslot_id is not null and not (v.timeslot_id = any (v_keep_inner))))) then
    perform app_private.fail('job_has_signups', 'A volunteer job or timeslot with sign-ups cannot be removed');
  end if;
  delete from public.volunteer_jobs where event_id = v_id and not (id = any (v_keep));
  delete from public.volunteer_timeslots s using public.volunteer_jobs j
  where j.id = s.job_id and j.event_id = v_id and not (s.id = any (v_keep_inner));
  for x in select * from jsonb_array_elements(coalesce(p_event -> 'jobs', '[]')) loop
    v_part := (x ->> 'id')::uuid;
    if v_part is null then
      insert into public.volunteer_jobs (community_id, event_id, title, description, relevant_roles, compensation, slots)
      values (v_community, v_id, x ->> 'title', nullif(x ->> 'description', ''),
              coalesce(array(select jsonb_array_elements_text(x -> 'relevant_roles')), '{}'),
              nullif(x ->> 'compensation', ''), coalesce((x ->> 'slots')::int, 1))
      returning id into v_part;
    else
      update public.volunteer_jobs set title = x ->> 'title', description = nullif(x ->> 'description', ''),
        relevant_roles = coalesce(array(select jsonb_array_elements_text(x -> 'relevant_roles')), '{}'),
        compensation = nullif(x ->> 'compensation', ''), slots = coalesce((x ->> 'slots')::int, 1)
      where id = v_part and event_id = v_id;
    end if;
    for y in select * from jsonb_array_elements(coalesce(x -> 'timeslots', '[]')) loop
      if y ->> 'id' is null then
        insert into public.volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
        values (v_community, v_part, (y ->> 'starts_at')::timestamptz, (y ->> 'ends_at')::timestamptz,
                (y ->> 'slots')::int);
      else
        update public.volunteer_timeslots set starts_at = (y ->> 'starts_at')::timestamptz,
          ends_at = (y ->> 'ends_at')::timestamptz, slots = (y ->> 'slots')::int
        where id = (y ->> 'id')::uuid and job_id = v_part;
      end if;
    end loop;
  end loop;

  -- Invitations are a set: replaced as a whole.
  if p_event ? 'invitations' then
    delete from public.event_invitations where event_id = v_id;
    insert into public.event_invitations (community_id, event_id, member_id, group_id, tag_id)
    select v_community, v_id, (i ->> 'member_id')::uuid, (i ->> 'group_id')::uuid, (i ->> 'tag_id')::uuid
    from jsonb_array_elements(p_event -> 'invitations') i;
  end if;

  if e.repeat <> 'never' and e.status in ('scheduled', 'published') and e.series_id is null then
    perform public.expand_event_series(v_id);
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_event(p_event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_event(p_event jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_event(p_event jsonb) TO service_role;

CREATE FUNCTION public.save_event_series(p_event jsonb, p_scope text DEFAULT 'this'::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) TO authenticated;
GRANT ALL ON FUNCTION public.save_event_series(p_event jsonb, p_scope text) TO service_role;

CREATE FUNCTION app_private.ticket_sale_refusal(t public.tickets, e public.events) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
-- Why this ticket of this event cannot be sold right now, or null when it is on sale: the one
-- definition of the sale rules that sell_ticket enforces and start_checkout's early sold-out
-- check reads (who may see the event and who is a member are checked by each).
  select case
    when e.status = 'cancelled' then 'event_cancelled'
    when not app_private.is_released(e.status, e.release_at, e.published_at) then 'event_not_published'
    when t.join_opens_at is not null and now() < t.join_opens_at then 'sales_not_open'
    when now() > coalesce(t.join_closes_at, e.starts_at) then 'sales_closed'
  end
$$;

REVOKE ALL ON FUNCTION app_private.ticket_sale_refusal(t public.tickets, e public.events) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_sale_refusal(t public.tickets, e public.events) FROM PUBLIC;

CREATE FUNCTION app_private.sell_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_take integer) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A member takes tickets, through buy_ticket or start_checkout: the rules of who may buy and
-- when, then the places through app_private.take_ticket_places (limits, add-ons, locks), the one
-- rule an administrator's add_event_participant also goes through. p_member_id is the caller's
-- member row in the ticket's community when the caller has read it already (start_checkout,
-- which checked the ticket is of that community), or null to read it here; p_take is
-- take_ticket_places's.
declare
  t public.tickets;
  e public.events;
  v_member uuid := p_member_id;
  v_refusal text;
begin
  -- A malformed request is told so before anything about the ticket.
  if p_quantity is null or p_quantity < 1 then
    perform app_private.fail('invalid_quantity', 'Buy at least one ticket');
  end if;
  if p_addons is null or jsonb_typeof(p_addons) <> 'array' then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end if;
  select * into t from public.tickets where id = p_ticket_id;
  if t.id is null then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  select * into e from public.events where id = t.event_id;
  if not (app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
          or app_private.has_area(e.community_id, 'event')) then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  v_refusal := app_private.ticket_sale_refusal(t, e);
  -- Whether the event is on at all comes before membership, the sale window after it.
  if v_refusal = 'event_cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
  end if;
  if v_refusal = 'event_not_published' then
    perform app_private.fail('event_not_published', 'The event is not published yet');
  end if;
  if v_member is null then
    v_member := app_private.my_member_id(e.community_id);
  end if;
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community can buy tickets');
  end if;
  if v_refusal = 'sales_not_open' then
    perform app_private.fail('sales_not_open', 'Ticket sales have not opened yet');
  end if;
  if v_refusal = 'sales_closed' then
    perform app_private.fail('sales_closed', 'The last join date has passed');
  end if;
  return app_private.take_ticket_places(t.id, p_quantity, p_addons, v_member, null, null, null, null, p_take);
end
$$;

REVOKE ALL ON FUNCTION app_private.sell_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.sell_ticket(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_take integer) FROM PUBLIC;

CREATE FUNCTION app_private.series_scope(e public.events, p_scope text) RETURNS SETOF uuid
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select x.id from public.events x
  where case p_scope
          when 'this' then x.id = e.id
          when 'following' then x.id = e.id
            or (e.series_id is not null and x.series_id = e.series_id and x.starts_at >= e.starts_at)
          when 'all' then x.id = e.id or (e.series_id is not null and x.series_id = e.series_id)
        end
  order by x.starts_at, x.id
$$;

REVOKE ALL ON FUNCTION app_private.series_scope(e public.events, p_scope text) FROM anon, authenticated, service_role;

CREATE FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A member takes a volunteer slot: the job must be visible to them; the slot's rules (capacity,
-- roles, certificate, once per member) are app_private.take_volunteer_slot's, which an
-- administrator's add_volunteer also goes through.
declare
  j public.volunteer_jobs;
  e public.events;
  v_member uuid;
begin
  select * into j from public.volunteer_jobs where id = p_job_id;
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
  return app_private.take_volunteer_slot(j.id, p_timeslot_id, v_member, null, null);
end
$$;

REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.sign_up_volunteer(p_job_id uuid, p_timeslot_id uuid) TO service_role;

CREATE FUNCTION app_private.sync_ticket_stock(p_ticket_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The one definition of a ticket type's places left (decision 1073): app_private.ticket_stock
-- holds participant_limit less the places of its active purchases, never fewer than none, and none
-- for a ticket without a limit. Run after anything but app_private.take_ticket_places changes that
-- (a new or changed limit, a purchase cancelled, added, moved or deleted); one run at a time per
-- ticket. A purchase in progress has taken a row and added a purchase that are both unseen yet,
-- so the difference below does not change when it commits; only rows it holds must be waited for.
declare
  v_limit int;
  v_change bigint;
  v_free bigint;
begin
  perform pg_advisory_xact_lock(app_private.ticket_stock_lock(p_ticket_id));
  select t.participant_limit into v_limit from public.tickets t where t.id = p_ticket_id;
  if v_limit is null then
    delete from app_private.ticket_stock s where s.ticket_id = p_ticket_id;
    return;
  end if;
  loop
    select v_limit - coalesce((select sum(p.quantity) from public.ticket_purchases p
                                where p.ticket_id = p_ticket_id and p.status = 'active'), 0) - count(*), count(*)
      into v_change, v_free
    from app_private.ticket_stock s where s.ticket_id = p_ticket_id;
    if v_change > 0 then
      insert into app_private.ticket_stock (ticket_id) select p_ticket_id from generate_series(1, v_change);
    end if;
    -- More sold than the limit (it was lowered) leaves no rows, and the excess is owed from the
    -- next places given back.
    exit when v_change >= 0 or v_free = 0;
    delete from app_private.ticket_stock where id in (
      select s.id from app_private.ticket_stock s where s.ticket_id = p_ticket_id
      order by s.id limit -v_change for update);
  end loop;
end
$$;

REVOKE ALL ON FUNCTION app_private.sync_ticket_stock(p_ticket_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.sync_ticket_stock(p_ticket_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.take_ticket_places(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_guest_name text, p_guest_email text, p_added_by uuid, p_payment text, p_take integer) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The places of one purchase, for a member (buy_ticket) or added by an administrator
-- (add_event_participant, decision 1071): quantity per purchase, the ticket's participant limit,
-- add-on min/max per person and option capacity, so nothing is ever oversold. Who may take them,
-- and when, is the caller's rule. A complimentary addition costs nothing; one to be paid costs
-- what a purchase would. The places are rows of app_private.ticket_stock (decision 1073), taken
-- without waiting for other buyers; only when the free rows left are held by purchases in
-- progress does a buyer wait for them, one such buyer at a time, so a sold-out answer is exact.
-- p_take is how many places this call takes from the stock: p_quantity, except in a checkout of
-- several items of one ticket type, whose first item takes them all and the others none
-- (start_checkout), so a buyer never holds some places of a type while waiting for more.
declare
  t public.tickets;
  v_left int;
  v_got int := 0;
  v_purchase uuid := gen_random_uuid();
  v_requested jsonb;
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
  -- A shared lock: buyers do not wait for each other here, an administrator's change to the
  -- ticket (its limit, price) waits for the purchases in progress and they for it.
  select * into t from public.tickets where id = p_ticket_id for share;
  if t.id is null then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  if p_quantity > t.max_per_purchase then
    perform app_private.fail('invalid_quantity', format('At most %s tickets per purchase', t.max_per_purchase));
  end if;
  if t.participant_limit is not null and p_take > 0 then
    -- Sold out is refused from a read that locks nothing (rows held by purchases in progress count
    -- as free here, so this never refuses what could be had); it counts no further than wanted.
    select count(*) into v_left from (select from app_private.ticket_stock s where s.ticket_id = t.id limit p_take) s;
    if v_left < p_take then
      perform app_private.fail('sold_out', format('Only %s tickets left', v_left));
    end if;
    begin
      delete from app_private.ticket_stock where id in (
        select s.id from app_private.ticket_stock s where s.ticket_id = t.id
        limit p_take for update skip locked);
      get diagnostics v_got = row_count;
      if v_got < p_take then
        raise exception using errcode = 'TS001';
      end if;
    exception when sqlstate 'TS001' then
      -- Too few rows free of other purchases in progress: what this block took is given back, and
      -- this buyer waits for the others' outcome, the only such waiter (so no two wait crosswise).
      perform pg_advisory_xact_lock(app_private.ticket_stock_lock(t.id));
      v_got := 0;
      loop
        delete from app_private.ticket_stock where id in (
          select s.id from app_private.ticket_stock s where s.ticket_id = t.id
          order by s.id limit p_take - v_got for update);
        get diagnostics v_left = row_count;
        v_got := v_got + v_left;
        exit when v_got = p_take;
        select count(*) into v_left from (select from app_private.ticket_stock s where s.ticket_id = t.id
                                          limit p_take - v_got) s;
        if v_got + v_left < p_take then
          perform app_private.fail('sold_out', format('Only %s tickets left', v_got + v_left));
        end if;
      end loop;
    end;
  end if;

  -- Requested options, one row per option (a list kept in a variable: a temporary table cost more
  -- than the rest of a purchase), checked against the event's add-ons.
  begin
    select coalesce(jsonb_agg(jsonb_build_object('option_id', r.option_id, 'quantity', r.quantity)), '[]'::jsonb)
      into v_requested
    from (select (x ->> 'option_id')::uuid as option_id, sum((x ->> 'quantity')::int) as quantity
          from jsonb_array_elements(p_addons) x group by 1) r;
  exception when others then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end;
  if exists (select 1 from jsonb_array_elements(v_requested) x where x ->> 'option_id' is null) then
    perform app_private.fail('invalid_addons', 'Add-ons must be a list of {option_id, quantity}');
  end if;
  if exists (select 1 from jsonb_to_recordset(v_requested) r(option_id uuid, quantity int) where r.quantity is null or r.quantity < 0
             or r.option_id is null
             or not exists (select 1 from public.addon_options ao join public.event_addons ea on ea.id = ao.addon_id
                            where ao.id = r.option_id and ea.event_id = t.event_id)) then
    perform app_private.fail('addon_option_not_found', 'An add-on option does not belong to this event');
  end if;
  for a in select ea.*, coalesce((select sum(r.quantity) from jsonb_to_recordset(v_requested) r(option_id uuid, quantity int)
                                  join public.addon_options ao on ao.id = r.option_id
                                  where ao.addon_id = ea.id), 0) as chosen
           from public.event_addons ea where ea.event_id = t.event_id loop
    if a.chosen < a.min_per_person * p_quantity
       or (a.max_per_person is not null and a.chosen > a.max_per_person * p_quantity) then
      perform app_private.fail('addon_quantity_invalid',
        format('%s: choose between %s and %s per person', a.name, a.min_per_person,
               coalesce(a.max_per_person::text, 'any number')));
    end if;
  end loop;
  -- Options are locked in id order so two buyers never wait on each other crosswise.
  for o in select ao.*, r.quantity as wanted from public.addon_options ao
           join jsonb_to_recordset(v_requested) r(option_id uuid, quantity int) on r.option_id = ao.id
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
  from jsonb_to_recordset(v_requested) r(option_id uuid, quantity int) join public.addon_options ao on ao.id = r.option_id;
  -- Nothing to pay is complimentary, whatever the administrator chose.
  if p_payment = 'complimentary' or (p_payment is not null and v_total = 0) then
    p_payment := 'complimentary';
    v_total := 0;
  end if;
  -- This purchase's places are taken above: the stock trigger leaves this one insert alone (why a
  -- setting, see app_private.after_ticket_purchase_sync_stock), and nothing after it.
  perform set_config('app.ticket_stock_taken', v_purchase::text, true);
  insert into public.ticket_purchases (id, community_id, event_id, ticket_id, member_id, guest_name, guest_email,
                                       quantity, unit_price_ore, total_ore, currency, added_by, payment)
  values (v_purchase, t.community_id, t.event_id, t.id, p_member_id, p_guest_name, p_guest_email, p_quantity,
          t.price_ore, v_total, t.currency, p_added_by, p_payment);
  perform set_config('app.ticket_stock_taken', '', true);
  insert into public.purchase_addons (community_id, purchase_id, option_id, quantity, unit_price_ore)
  select t.community_id, v_purchase, ao.id, r.quantity, ao.price_ore
  from jsonb_to_recordset(v_requested) r(option_id uuid, quantity int) join public.addon_options ao on ao.id = r.option_id where r.quantity > 0;
  return v_purchase;
end
$$;

REVOKE ALL ON FUNCTION app_private.take_ticket_places(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_guest_name text, p_guest_email text, p_added_by uuid, p_payment text, p_take integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.take_ticket_places(p_ticket_id uuid, p_quantity integer, p_addons jsonb, p_member_id uuid, p_guest_name text, p_guest_email text, p_added_by uuid, p_payment text, p_take integer) FROM PUBLIC;

CREATE FUNCTION app_private.take_volunteer_slot(p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- One volunteer slot for a member (sign_up_volunteer, add_volunteer) or a guest (add_volunteer):
-- the timeslot, a shift not yet over, the job's roles and child-protection certificate for a
-- member, once per member, and the slots left, under the job's row lock so a slot is never
-- taken twice. Who may take it is the caller's rule.
declare
  j public.volunteer_jobs;
  e public.events;
  s public.volunteer_timeslots;
  v_refusal text;
  v_slots int;
  v_taken int;
  v_id uuid;
begin
  select * into j from public.volunteer_jobs where id = p_job_id for update;
  if j.id is null then
    perform app_private.fail('job_not_found', 'No such volunteer job');
  end if;
  select * into e from public.events where id = j.event_id;
  if e.status = 'cancelled' then
    perform app_private.fail('event_cancelled', 'The event is cancelled');
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
  if p_member_id is null then
    if coalesce(s.ends_at, e.ends_at, e.starts_at) < now() then
      perform app_private.fail('signup_closed', 'This shift is over');
    end if;
  else
    -- A member's refusal is the one rule volunteer_shifts shows (decision 1072).
    v_refusal := app_private.volunteer_refusal(j, s, e, p_member_id);
    if v_refusal is not null then
      perform app_private.fail(v_refusal, case v_refusal
        when 'signup_closed' then 'This shift is over'
        when 'role_required' then format('This job is for: %s', array_to_string(j.relevant_roles, ', '))
        else 'This job needs a valid child-protection certificate (børneattest)' end);
    end if;
    if exists (select 1 from public.volunteer_signups where job_id = j.id and member_id = p_member_id
               and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up') then
      perform app_private.fail('already_signed_up', 'Already signed up for this shift');
    end if;
  end if;
  select count(*) into v_taken from public.volunteer_signups
  where job_id = j.id and timeslot_id is not distinct from p_timeslot_id and status = 'signed_up';
  if v_taken >= v_slots then
    perform app_private.fail('no_slots_left', 'All volunteer slots are taken');
  end if;
  insert into public.volunteer_signups (community_id, job_id, timeslot_id, member_id, guest_name, guest_email)
  values (j.community_id, j.id, p_timeslot_id, p_member_id, p_guest_name, p_guest_email) returning id into v_id;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.take_volunteer_slot(p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.take_volunteer_slot(p_job_id uuid, p_timeslot_id uuid, p_member_id uuid, p_guest_name text, p_guest_email text) FROM PUBLIC;

CREATE FUNCTION app_private.volunteer_hours(p_member_id uuid, p_from date, p_to date) RETURNS numeric
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(round(sum(extract(epoch from (s.checked_out_at - s.checked_in_at))) / 3600, 2), 0)
  from public.volunteer_signups s
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between p_from and p_to
$$;

REVOKE ALL ON FUNCTION app_private.volunteer_hours(p_member_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.volunteer_refusal(j public.volunteer_jobs, s public.volunteer_timeslots, e public.events, p_member_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Why this member may not take this shift (a timeslot, or the job itself when it has none), or
-- null: the one rule sign_up_volunteer applies and volunteer_shifts shows (decision 1072).
  select case
    when coalesce(s.ends_at, e.ends_at, e.starts_at) < now() then 'signup_closed'
    when cardinality(j.relevant_roles) > 0
         and not coalesce((select m.roles && j.relevant_roles from public.members m where m.id = p_member_id), false)
      then 'role_required'
    when j.requires_child_certificate
         and not app_private.has_certificate(p_member_id, 'child_certificate', (coalesce(s.starts_at, e.starts_at))::date)
      then 'certificate_missing'
  end
$$;

REVOKE ALL ON FUNCTION app_private.volunteer_refusal(j public.volunteer_jobs, s public.volunteer_timeslots, e public.events, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.volunteer_refusal(j public.volunteer_jobs, s public.volunteer_timeslots, e public.events, p_member_id uuid) FROM PUBLIC;

CREATE FUNCTION public.volunteer_shifts(p_community_id uuid, p_event_id uuid DEFAULT NULL::uuid) RETURNS TABLE(event_id uuid, event_title text, event_location text, event_starts_at timestamp with time zone, job_id uuid, job_title text, job_description text, compensation text, relevant_roles text[], requires_child_certificate boolean, timeslot_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, slots integer, taken integer, my_signup_id uuid, my_checked_in_at timestamp with time zone, refusal text, may_cancel boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The volunteer shifts of the events the caller may see in one community (or one event), not yet
-- over: each job's timeslots (or the job itself when it has none) with places taken of places,
-- the caller's own sign-up, why they may not take it (volunteer_refusal) and whether they may
-- still give it back (cancel_volunteer_signup's rule). Counts only: no other volunteer is named.
  select e.id, e.title, e.location, e.starts_at,
         j.id, j.title, j.description, j.compensation, j.relevant_roles, j.requires_child_certificate,
         s.id, coalesce(s.starts_at, e.starts_at), coalesce(s.ends_at, e.ends_at), coalesce(s.slots, j.slots),
         (select count(*)::int from public.volunteer_signups v
           where v.job_id = j.id and v.timeslot_id is not distinct from s.id and v.status = 'signed_up'),
         mine.id, mine.checked_in_at,
         case when me.id is null then 'not_a_member' else app_private.volunteer_refusal(j, s, e, me.id) end,
         mine.id is not null and mine.checked_in_at is null and coalesce(s.starts_at, e.starts_at) > now()
    from public.events e
    join public.volunteer_jobs j on j.event_id = e.id
    left join public.volunteer_timeslots s on s.job_id = j.id
    cross join lateral (select app_private.my_member_id(p_community_id) as id) me
    left join lateral (select v.id, v.checked_in_at from public.volunteer_signups v
                        where v.job_id = j.id and v.timeslot_id is not distinct from s.id
                          and v.status = 'signed_up' and v.member_id = me.id
                        limit 1) mine on true
   where e.community_id = p_community_id and (p_event_id is null or e.id = p_event_id)
     and e.status <> 'cancelled'
     and app_private.event_visible(e.id, e.community_id, e.status, e.release_at, e.published_at, e.visibility)
     and coalesce(s.ends_at, e.ends_at, e.starts_at) >= now()
   order by coalesce(s.starts_at, e.starts_at), e.starts_at, e.id, j.title, j.id, s.starts_at
$$;

REVOKE ALL ON FUNCTION public.volunteer_shifts(p_community_id uuid, p_event_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.volunteer_shifts(p_community_id uuid, p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.volunteer_shifts(p_community_id uuid, p_event_id uuid) TO authenticated;

CREATE FUNCTION app_private.ticket_refund_open(p_purchase_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- May this purchase still be cancelled (and refunded)? Until the ticket's last refund date (the
-- event's start when none is set); always once the club cancelled the event; always for an event
-- administrator. The one rule for cancel_ticket and request_ticket_refund.
  select e.status = 'cancelled' or now() <= coalesce(t.refund_closes_at, e.starts_at)
         or app_private.has_area(p.community_id, 'event')
    from public.ticket_purchases p
    join public.tickets t on t.id = p.ticket_id
    join public.events e on e.id = p.event_id
   where p.id = p_purchase_id
$$;

REVOKE ALL ON FUNCTION app_private.ticket_refund_open(p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_refund_open(p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.ticket_refund_open(p_purchase_id uuid) TO authenticated;
GRANT ALL ON FUNCTION app_private.ticket_refund_open(p_purchase_id uuid) TO service_role;

CREATE FUNCTION app_private.ticket_stock_lock(p_ticket_id uuid) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
-- The key of a ticket type's advisory lock (decision 1073): app_private.sync_ticket_stock runs
-- under it, and app_private.take_ticket_places takes it before waiting for places held by
-- purchases in progress. The one definition, so the two always take the same lock.
  select pg_catalog.hashtextextended('ticket_stock:' || p_ticket_id::text, 0)
$$;

REVOKE ALL ON FUNCTION app_private.ticket_stock_lock(p_ticket_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_stock_lock(p_ticket_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.ticket_code_secret(p_community_id uuid) RETURNS bytea
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The community's ticket-signing secret (decision 1033), made with its first ticket purchase.
  select k.secret from app_private.ticket_code_keys k where k.community_id = p_community_id
$$;

REVOKE ALL ON FUNCTION app_private.ticket_code_secret(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_code_secret(p_community_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.ticket_code(p_purchase_id uuid, p_community_id uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- What a ticket's QR code holds: "KT1.<purchase id without dashes>.<signature>", the signature
-- the first 20 hex digits (80 bits) of an HMAC-SHA256 of the purchase id under the community's
-- secret. Unguessable and unforgeable without the secret; checked by ticket_from_code.
  select 'KT1.' || replace(p_purchase_id::text, '-', '') || '.'
         || left(encode(extensions.hmac(convert_to(p_purchase_id::text, 'UTF8'), app_private.ticket_code_secret(p_community_id), 'sha256'), 'hex'), 20)
$$;

REVOKE ALL ON FUNCTION app_private.ticket_code(p_purchase_id uuid, p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_code(p_purchase_id uuid, p_community_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.ticket_from_code(p_code text) RETURNS uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The purchase a scanned code names, or null when the code is malformed, unknown or its
-- signature does not match (a forged or altered code).
declare
  v_id uuid;
  v_community uuid;
begin
  if p_code is null or p_code !~ '^KT1\.[0-9a-f]{32}\.[0-9a-f]{20}$' then
    return null;
  end if;
  v_id := split_part(p_code, '.', 2)::uuid;
  select p.community_id into v_community from public.ticket_purchases p where p.id = v_id;
  if v_community is null or app_private.ticket_code(v_id, v_community) is distinct from p_code then
    return null;
  end if;
  return v_id;
end
$$;

REVOKE ALL ON FUNCTION app_private.ticket_from_code(p_code text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ticket_from_code(p_code text) FROM PUBLIC;
GRANT ALL ON FUNCTION app_private.ticket_from_code(p_code text) TO service_role;

CREATE FUNCTION public.my_ticket_codes(p_community_id uuid) RETURNS TABLE(purchase_id uuid, code text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The signed codes of the signed-in person's own active tickets (and their children's) in one
-- community, for the QR codes in the member app (decision 1033).
  select p.id, app_private.ticket_code(p.id, p.community_id)
    from public.ticket_purchases p
   where p.community_id = p_community_id and p.status = 'active'
     and p.member_id = any (app_private.my_member_ids())
   order by p.purchased_at, p.id
$$;

REVOKE ALL ON FUNCTION public.my_ticket_codes(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.my_ticket_codes(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.my_ticket_codes(p_community_id uuid) TO authenticated;

CREATE FUNCTION app_private.after_ticket_purchase_make_code_key() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A community's first ticket purchase makes its ticket-signing secret, so reading codes (a GET
-- the member app keeps for offline use) never has to write.
begin
  insert into app_private.ticket_code_keys (community_id)
  select distinct n.community_id from new_purchases n
  on conflict (community_id) do nothing;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_ticket_purchase_make_code_key() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_ticket_purchase_make_code_key() FROM PUBLIC;

CREATE FUNCTION app_private.after_ticket_purchase_sync_stock() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A purchase's active places changed other than by app_private.take_ticket_places (which takes its
-- own rows): the ticket's free places are worked out again.
-- The one exception, take_ticket_places's own insert, is told by the transaction-local setting
-- app.ticket_stock_taken holding that purchase's id (set just before the insert, cleared after,
-- so it names one row and nothing else is skipped; only take_ticket_places and the database owner
-- insert purchases at all, decision 1071, so no one else could use it to skip a sync). It stays a
-- setting because nothing else reaches a row trigger from its caller: a WHEN clause sees only the
-- row and the same settings;
-- pg_trigger_depth() is 0 for both this insert and the owner's direct one; session_replication_role
-- needs a superuser and would skip the code-key trigger too; a marker column would be stored on
-- every purchase and writable by whoever inserts. And the places cannot be taken in this trigger
-- instead, for every insert alike: a checkout's items of one ticket type are one take
-- (start_checkout; a take per item deadlocks two such buyers) and sold_out comes before the add-on
-- checks, both before the insert.
begin
  if tg_op = 'INSERT' and new.id::text = current_setting('app.ticket_stock_taken', true) then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.status = old.status and new.quantity = old.quantity and new.ticket_id = old.ticket_id then
    return null;
  end if;
  if tg_op <> 'INSERT' and old.status = 'active' then
    perform app_private.sync_ticket_stock(old.ticket_id);
  end if;
  if tg_op <> 'DELETE' and new.status = 'active' and (tg_op = 'INSERT' or new.ticket_id <> old.ticket_id
                                                      or old.status <> 'active') then
    perform app_private.sync_ticket_stock(new.ticket_id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_ticket_purchase_sync_stock() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_ticket_purchase_sync_stock() FROM PUBLIC;

CREATE FUNCTION app_private.after_ticket_sync_stock() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A new ticket type, or a changed participant limit: its free places are worked out again.
begin
  if tg_op = 'INSERT' or new.participant_limit is distinct from old.participant_limit then
    perform app_private.sync_ticket_stock(new.id);
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_ticket_sync_stock() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_ticket_sync_stock() FROM PUBLIC;

CREATE FUNCTION app_private.door_verdict(p_community_id uuid, p_event_id uuid, p_purchase_id uuid, p_at timestamp with time zone) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The one door rule (decision 1070) for a purchase already known to be genuine: admitted once,
-- atomically. The admission is a conditional update (checked_in_at is null), so two doors
-- scanning the same ticket at once admit it exactly once: the second waits for the first's row
-- lock, finds checked_in_at set and answers already_used with the first admission's time.
declare
  p public.ticket_purchases;
  v_title text;
  v_name text;
  v_ticket text;
  v_at timestamptz;
begin
  select * into p from public.ticket_purchases where id = p_purchase_id;
  if p.id is null or p.community_id <> p_community_id then
    return jsonb_build_object('verdict', 'not_valid');
  end if;
  select m.full_name into v_name from public.members m where m.id = p.member_id;
  v_name := coalesce(v_name, p.guest_name);
  select t.name into v_ticket from public.tickets t where t.id = p.ticket_id;
  if p.event_id <> p_event_id then
    select e.title into v_title from public.events e where e.id = p.event_id;
    return jsonb_build_object('verdict', 'wrong_event', 'purchase_id', p.id, 'name', v_name,
                              'ticket_name', v_ticket, 'event_title', v_title);
  end if;
  if p.status <> 'active'
     or exists (select 1 from public.payment_refunds r where r.purchase_id = p.id and r.state <> 'failed') then
    return jsonb_build_object('verdict', 'refunded', 'purchase_id', p.id, 'name', v_name, 'ticket_name', v_ticket);
  end if;
  -- Bought online but never paid (a checkout left open): no ticket yet.
  if exists (select 1 from public.order_lines l join public.orders o on o.id = l.order_id
              where l.purchase_id = p.id and l.amount_ore > 0)
     and not exists (select 1 from public.order_lines l join public.orders o on o.id = l.order_id
                      where l.purchase_id = p.id and o.payment_status in ('paid', 'authorized')) then
    return jsonb_build_object('verdict', 'unpaid', 'purchase_id', p.id, 'name', v_name, 'ticket_name', v_ticket);
  end if;
  update public.ticket_purchases set checked_in_at = least(coalesce(p_at, now()), now())
   where id = p.id and checked_in_at is null
  returning checked_in_at into v_at;
  if v_at is not null then
    return jsonb_build_object('verdict', 'admitted', 'purchase_id', p.id, 'name', v_name, 'ticket_name', v_ticket,
                              'quantity', p.quantity, 'checked_in_at', v_at);
  end if;
  select checked_in_at into v_at from public.ticket_purchases where id = p.id;
  return jsonb_build_object('verdict', 'already_used', 'purchase_id', p.id, 'name', v_name, 'ticket_name', v_ticket,
                            'quantity', p.quantity, 'checked_in_at', v_at);
end
$$;

REVOKE ALL ON FUNCTION app_private.door_verdict(p_community_id uuid, p_event_id uuid, p_purchase_id uuid, p_at timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.door_verdict(p_community_id uuid, p_event_id uuid, p_purchase_id uuid, p_at timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION app_private.check_door_admin(p_community_id uuid, p_event_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Only an administrator holding the community's events area works a door, and only for an event
-- of that community.
begin
  if not app_private.has_area(p_community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can check tickets at the door');
  end if;
  if not exists (select 1 from public.events e where e.id = p_event_id and e.community_id = p_community_id) then
    perform app_private.fail('event_not_found', 'No such event');
  end if;
end
$$;

REVOKE ALL ON FUNCTION app_private.check_door_admin(p_community_id uuid, p_event_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.check_door_admin(p_community_id uuid, p_event_id uuid) FROM PUBLIC;

CREATE FUNCTION public.admit_ticket(p_community_id uuid, p_event_id uuid, p_code text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A scanned QR code at the door of an event: the verdict admitted / already_used (with when) /
-- wrong_event / refunded / unpaid / not_valid (malformed, forged, unknown or another community's).
declare
  v_id uuid;
begin
  perform app_private.check_door_admin(p_community_id, p_event_id);
  v_id := app_private.ticket_from_code(btrim(p_code, E' \t\r\n'));
  if v_id is null then
    return jsonb_build_object('verdict', 'not_valid');
  end if;
  return app_private.door_verdict(p_community_id, p_event_id, v_id, null);
end
$$;

REVOKE ALL ON FUNCTION public.admit_ticket(p_community_id uuid, p_event_id uuid, p_code text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admit_ticket(p_community_id uuid, p_event_id uuid, p_code text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admit_ticket(p_community_id uuid, p_event_id uuid, p_code text) TO authenticated;

CREATE FUNCTION public.admit_purchase(p_community_id uuid, p_event_id uuid, p_purchase_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The name-search fallback at the door: the same rule and verdicts as a scan, by purchase id.
begin
  perform app_private.check_door_admin(p_community_id, p_event_id);
  return app_private.door_verdict(p_community_id, p_event_id, p_purchase_id, null);
end
$$;

REVOKE ALL ON FUNCTION public.admit_purchase(p_community_id uuid, p_event_id uuid, p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admit_purchase(p_community_id uuid, p_event_id uuid, p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admit_purchase(p_community_id uuid, p_event_id uuid, p_purchase_id uuid) TO authenticated;

CREATE FUNCTION public.undo_admission(p_community_id uuid, p_purchase_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- An administrator takes back an admission made by mistake; the ticket can be scanned again.
begin
  if not app_private.has_area(p_community_id, 'event') then
    perform app_private.fail('not_allowed', 'Only event admins can undo a check-in');
  end if;
  update public.ticket_purchases set checked_in_at = null
   where id = p_purchase_id and community_id = p_community_id;
  if not found then
    perform app_private.fail('purchase_not_found', 'No such ticket purchase');
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.undo_admission(p_community_id uuid, p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.undo_admission(p_community_id uuid, p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.undo_admission(p_community_id uuid, p_purchase_id uuid) TO authenticated;

CREATE FUNCTION public.door_list(p_community_id uuid, p_event_id uuid) RETURNS TABLE(purchase_id uuid, name text, ticket_name text, quantity integer, state text, checked_in_at timestamp with time zone, code_hash text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The event's door list for a scanner to keep offline (decision 1070): every purchase with its
-- state and the SHA-256 of its signed code (hex), never the code itself, so a lost phone holds
-- no ticket anyone could show.
begin
  perform app_private.check_door_admin(p_community_id, p_event_id);
  return query
  select p.id, coalesce(m.full_name, p.guest_name), t.name, p.quantity,
         case when p.status <> 'active'
                or exists (select 1 from public.payment_refunds r where r.purchase_id = p.id and r.state <> 'failed')
                then 'refunded'
              when exists (select 1 from public.order_lines l where l.purchase_id = p.id and l.amount_ore > 0)
               and not exists (select 1 from public.order_lines l join public.orders o on o.id = l.order_id
                                where l.purchase_id = p.id and o.payment_status in ('paid', 'authorized'))
                then 'unpaid'
              else 'active' end,
         p.checked_in_at,
         encode(extensions.digest(convert_to(app_private.ticket_code(p.id, p.community_id), 'UTF8'), 'sha256'), 'hex')
    from public.ticket_purchases p
    join public.tickets t on t.id = p.ticket_id
    left join public.members m on m.id = p.member_id
   where p.event_id = p_event_id and p.community_id = p_community_id
   order by coalesce(m.full_name, p.guest_name), p.purchased_at, p.id;
end
$$;

REVOKE ALL ON FUNCTION public.door_list(p_community_id uuid, p_event_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.door_list(p_community_id uuid, p_event_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.door_list(p_community_id uuid, p_event_id uuid) TO authenticated;

CREATE FUNCTION public.sync_door_scans(p_community_id uuid, p_event_id uuid, p_scans jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Scans a door made offline, sent when it is back online: [{code | purchase_id, scanned_at,
-- shown}] where shown is the verdict the scanner showed offline. Earliest scan first, each
-- through the same rule with its own time, so the first scan wins across doors; the answer
-- keeps the batch's order and flags a conflict where the door let someone in (shown admitted)
-- whom the database does not admit on that scan.
declare
  s record;
  v_id uuid;
  v jsonb;
  v_out jsonb[] := array[]::jsonb[];
  v_n integer;
begin
  perform app_private.check_door_admin(p_community_id, p_event_id);
  if jsonb_typeof(p_scans) is distinct from 'array' then
    perform app_private.fail('invalid_scans', 'Scans must be a list');
  end if;
  v_n := jsonb_array_length(p_scans);
  if v_n > 5000 then
    perform app_private.fail('too_many_scans', 'At most 5000 scans at a time');
  end if;
  v_out := array_fill(null::jsonb, array[greatest(v_n, 1)]);
  for s in
    select x.ordinality::integer as i, x.value as scan,
           coalesce((x.value ->> 'scanned_at')::timestamptz, now()) as at
      from jsonb_array_elements(p_scans) with ordinality x
     order by 3, 1
  loop
    if s.scan ? 'purchase_id' then
      v_id := (s.scan ->> 'purchase_id')::uuid;
    else
      v_id := app_private.ticket_from_code(btrim(s.scan ->> 'code', E' \t\r\n'));
    end if;
    if v_id is null then
      v := jsonb_build_object('verdict', 'not_valid');
    else
      v := app_private.door_verdict(p_community_id, p_event_id, v_id, s.at);
    end if;
    v := v || jsonb_build_object('index', s.i - 1,
                                 'conflict', s.scan ->> 'shown' = 'admitted' and v ->> 'verdict' <> 'admitted');
    v_out[s.i] := v;
  end loop;
  if v_n = 0 then
    return '[]'::jsonb;
  end if;
  return to_jsonb(v_out);
end
$$;

REVOKE ALL ON FUNCTION public.sync_door_scans(p_community_id uuid, p_event_id uuid, p_scans jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.sync_door_scans(p_community_id uuid, p_event_id uuid, p_scans jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.sync_door_scans(p_community_id uuid, p_event_id uuid, p_scans jsonb) TO authenticated;
