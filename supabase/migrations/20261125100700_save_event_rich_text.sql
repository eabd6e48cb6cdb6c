-- save_event with the description as a rich-text document (docs/decisions/0805): the
-- document travels as JSON inside the event and is stored as it is, so the column's check
-- decides whether it is allowed. A JSON null clears the description. Otherwise unchanged from
-- 20261122111900_events_admin_series_guard.sql.
create or replace function public.save_event(p_event jsonb) returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
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
revoke execute on function public.save_event(jsonb) from public, anon;
