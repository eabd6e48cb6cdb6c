-- The register's count trusts the planner above 10,000 expected matches (was 20,000 in
-- 20261126100100): between the two, the exact count read every match's heap page (a filter
-- of active women aged 18-59 at 100,000 members: about 15,000 matches, 200 ms of counting
-- for a 5 ms page). Decision 0857. Same signature and rows.

create or replace function public.member_register(
  p_community_id uuid, p_filters jsonb default '{}', p_sort text default 'name',
  p_ascending boolean default true, p_limit int default 50, p_offset int default 0,
  p_count boolean default true)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  f jsonb := coalesce(p_filters, '{}');
  v_text text := trim(coalesce(f ->> 'search', ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_statuses public.member_status[];
  v_genders public.gender[];
  v_tags uuid[];
  v_groups uuid[];
  v_birth_from date;
  v_birth_to date;
  v_joined_from date;
  v_joined_to date;
  v_where text := 'm.community_id = $1';
  v_dir text := case when coalesce(p_ascending, true) then 'asc' else 'desc' end;
  v_order text;
  v_limit int := least(greatest(coalesce(p_limit, 50), 1), 200);
  v_offset int := greatest(coalesce(p_offset, 0), 0);
  v_total bigint;
  v_estimated boolean := false;
  v_plan jsonb;
  v_guess bigint;
  v_source text := 'select m.* from public.members m where true';
  v_rows jsonb;
begin
  perform app_private.require_member_admin(p_community_id);
  begin
    v_statuses := array(select jsonb_array_elements_text(coalesce(f -> 'statuses', '[]')))::public.member_status[];
    v_genders := array(select jsonb_array_elements_text(coalesce(f -> 'genders', '[]')))::public.gender[];
    v_tags := array(select jsonb_array_elements_text(coalesce(f -> 'tags', '[]')))::uuid[];
    v_groups := array(select jsonb_array_elements_text(coalesce(f -> 'groups', '[]')))::uuid[];
    v_joined_from := (f ->> 'joined_from')::date;
    v_joined_to := (f ->> 'joined_to')::date;
    -- Born on or before today minus age_min years; after today minus (age_max + 1) years.
    v_birth_to := (current_date - make_interval(years => (f ->> 'age_min')::int))::date;
    v_birth_from := (current_date - make_interval(years => (f ->> 'age_max')::int + 1))::date + 1;
  exception when others then
    perform app_private.fail('invalid_filter', 'A filter of the member register has a value it cannot use');
  end;
  if p_sort is not null and p_sort not in ('name', 'mid', 'joined_on', 'age', 'status', 'email') then
    perform app_private.fail('invalid_sort', 'The member register sorts by name, mid, joined_on, age, status or email');
  end if;

  if v_text <> '' then
    v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
    v_phone := replace(v_text, ' ', '');
    v_where := v_where || ' and (m.full_name ilike $2 or lower(m.email) = lower($3) or m.mid = $4'
      || ' or replace(m.phone, '' '', '''') = $5 or m.membership_id = $3)';
  end if;
  if cardinality(v_statuses) > 0 then v_where := v_where || ' and m.status = any ($6)'; end if;
  if cardinality(v_genders) > 0 then v_where := v_where || ' and m.gender = any ($7)'; end if;
  if cardinality(v_tags) > 0 then
    v_where := v_where || ' and exists (select 1 from public.member_tags t where t.member_id = m.id and t.tag_id = any ($8))';
  end if;
  if cardinality(v_groups) > 0 then
    v_where := v_where || ' and exists (select 1 from public.group_members g where g.member_id = m.id'
      || ' and g.group_id = any ($9) and g.left_at is null)';
  end if;
  if v_birth_from is not null then v_where := v_where || ' and m.birth_date >= $10'; end if;
  if v_birth_to is not null then v_where := v_where || ' and m.birth_date <= $11'; end if;
  if v_joined_from is not null then v_where := v_where || ' and m.joined_on >= $12'; end if;
  if v_joined_to is not null then v_where := v_where || ' and m.joined_on <= $13'; end if;
  if f ? 'arrears' and jsonb_typeof(f -> 'arrears') = 'boolean' then
    v_where := v_where || case when (f ->> 'arrears')::boolean then ' and ' else ' and not ' end
      || 'exists (select 1 from public.member_arrears x where x.member_id = m.id and x.since < current_date)';
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then format('m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    when 'mid' then format('m.mid %s', v_dir)
    when 'joined_on' then format('m.joined_on %1$s, m.id %1$s', v_dir)
    -- Youngest first when ascending by age: the latest birth date.
    when 'age' then format('m.birth_date %s nulls last, m.id', case v_dir when 'asc' then 'desc' else 'asc' end)
    when 'status' then format('m.status %1$s, m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    else format('lower(m.email) %1$s nulls last, m.id %1$s', v_dir) end;

  -- The planner first: above 10,000 expected matches its estimate is the total (the app says
  -- "about"); otherwise an exact count up to 10,000, and the estimate above that.
  if coalesce(p_count, true) or v_text <> '' then
    execute 'explain (format json) select 1 from public.members m where ' || v_where
    into v_plan
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;
    v_guess := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
  end if;
  if coalesce(p_count, true) then
    if v_guess > 10000 then
      v_total := v_guess;
      v_estimated := true;
    else
      execute 'select count(*) from (select 1 from public.members m where ' || v_where || ' limit 10001) s'
      into v_total
      using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
            v_birth_from, v_birth_to, v_joined_from, v_joined_to;
      if v_total > 10000 then
        v_total := greatest(10001, v_guess);
        v_estimated := true;
      end if;
    end if;
  end if;
  -- A search for a rare term collects its matches through the indexes first and sorts those
  -- (walking the name index and testing every member against it would read the whole
  -- register). A common term sorted by name walks the name index instead, as lookup_members
  -- does: its first page is found after a few hundred members, where collecting would read
  -- every match.
  if v_text <> '' and not (coalesce(p_sort, 'name') = 'name' and coalesce(v_total, v_guess) > 2000) then
    v_source := 'with hits as materialized (select m.* from public.members m where ' || v_where
      || ') select m.* from hits m where true';
    v_where := 'true';
  end if;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'mid', p.mid, 'membership_id', p.membership_id, 'first_name', p.first_name,
      'last_name', p.last_name, 'full_name', p.full_name, 'email', p.email, 'phone', p.phone,
      'gender', p.gender, 'birth_date', p.birth_date, 'status', p.status, 'joined_on', p.joined_on,
      'left_on', p.left_on, 'city', p.city, 'has_account', p.user_id is not null,
      'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                        where mt.member_id = p.id), '[]'),
      'in_arrears', exists (select 1 from public.member_arrears x
                            where x.member_id = p.id and x.since < current_date)) order by p.ord), '[]')
    from (select m.*, row_number() over (order by %1$s) as ord from (
            %5$s and %2$s order by %1$s limit %3$s offset %4$s) m) p
  $q$, v_order, v_where, v_limit, v_offset, v_source)
    into v_rows
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;

  return jsonb_build_object('total', v_total, 'estimated', v_estimated, 'rows', v_rows);
end
$$;
revoke execute on function public.member_register(uuid, jsonb, text, boolean, int, int, boolean) from public, anon;
grant execute on function public.member_register(uuid, jsonb, text, boolean, int, int, boolean) to authenticated, service_role;
