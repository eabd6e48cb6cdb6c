-- The member register and the invitee search at 100,000 members (issue 16; measured with
-- npm run bench:schema, docs/decisions/0857):
--   * arrears: member_arrears keeps, per member, the earliest due date of an issued invoice
--     that is not paid, written by triggers on invoices and billing accounts; "in arrears" is
--     "since < current_date", so it stays right as days pass without any write. The filter
--     and the row flag read it instead of joining accounts and invoices for every member;
--   * the count asks the planner first and counts exactly only when it expects at most
--     20,000 matches;
--   * a search for a common term sorted by name walks the name index (as lookup_members);
--   * lookup_member_directory (the events invitee search) finds the names first, with a
--     limit, and only then applies the directory's contact rule to those rows.

create table public.member_arrears (
  member_id uuid primary key,
  community_id uuid not null,
  since date not null,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade
);
create index member_arrears_community_idx on public.member_arrears (community_id, since);
alter table public.member_arrears enable row level security;
create policy member_arrears_register_read on public.member_arrears for select
  using (community_id = any ((select app_private.register_communities())::uuid[]));
revoke insert, update, delete, truncate on public.member_arrears from anon, authenticated;

-- Recomputes the arrears of some members from their invoices.
create or replace function app_private.refresh_member_arrears(p_members uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  with due as (
    select a.member_id, min(a.community_id::text)::uuid as community_id, min(i.due_on) as since
      from public.billing_accounts a
      join public.invoices i on i.account_id = a.id
     where a.member_id = any (p_members) and i.status = 'issued' and i.due_on is not null
       and i.paid_ore < i.total_ore
     group by a.member_id),
  gone as (
    delete from public.member_arrears x
     where x.member_id = any (p_members) and not exists (select 1 from due where due.member_id = x.member_id))
  insert into public.member_arrears (member_id, community_id, since)
  select member_id, community_id, since from due
  on conflict (member_id) do update set since = excluded.since
    where public.member_arrears.since is distinct from excluded.since
$$;
revoke execute on function app_private.refresh_member_arrears(uuid[]) from public, anon, authenticated;

create or replace function app_private.invoices_refresh_arrears() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct account_id) into v_accounts from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct account_id) into v_accounts from old_rows;
  else
    select array_agg(distinct account_id) into v_accounts
      from (select account_id from new_rows union select account_id from old_rows) x;
  end if;
  perform app_private.refresh_member_arrears(array(
    select distinct a.member_id from public.billing_accounts a
     where a.id = any (v_accounts) and a.member_id is not null));
  return null;
end
$$;
create trigger invoices_arrears_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function app_private.invoices_refresh_arrears();
create trigger invoices_arrears_update after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.invoices_refresh_arrears();
create trigger invoices_arrears_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function app_private.invoices_refresh_arrears();

create or replace function app_private.account_refresh_arrears() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform app_private.refresh_member_arrears(array_remove(array[old.member_id, new.member_id], null));
  return null;
end
$$;
create trigger billing_accounts_arrears after update of member_id on public.billing_accounts
  for each row when (old.member_id is distinct from new.member_id)
  execute function app_private.account_refresh_arrears();

select app_private.refresh_member_arrears(array(
  select distinct member_id from public.billing_accounts where member_id is not null));

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

  -- The planner first: above 20,000 expected matches its estimate is the total (the app says
  -- "about"); otherwise an exact count up to 10,000, and the estimate above that.
  if coalesce(p_count, true) or v_text <> '' then
    execute 'explain (format json) select 1 from public.members m where ' || v_where
    into v_plan
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;
    v_guess := (v_plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric::bigint;
  end if;
  if coalesce(p_count, true) then
    if v_guess > 20000 then
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

-- The names the caller may see that match, first and with the limit (security definer: the
-- other areas cannot read members); the directory's row and contact rules then apply to
-- those rows only, instead of to every member of the community before the name filter.
create or replace function app_private.directory_name_hits(p_community_id uuid, p_pattern text, p_mid bigint,
                                                           p_limit int) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select array(
    select x.id from public.members x
     where x.community_id = p_community_id and (x.full_name ilike p_pattern or x.mid = p_mid)
       and ((select app_private.is_trusted())
            or p_community_id = any ((select app_private.admin_communities())::uuid[])
            or (x.user_id is not null and x.user_id = (select auth.uid())))
     order by x.last_name, x.first_name, x.id
     limit p_limit)
$$;
grant execute on function app_private.directory_name_hits(uuid, text, bigint, int) to authenticated, service_role;

create or replace function public.lookup_member_directory(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.member_directory
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  return query
  select d.* from public.member_directory d
  where d.id = any (app_private.directory_name_hits(p_community_id, v_pattern, v_mid, v_limit))
    and d.community_id = p_community_id
  order by d.last_name, d.first_name, d.id;
end
$$;
