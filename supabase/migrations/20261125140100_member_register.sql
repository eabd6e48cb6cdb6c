-- The members register (/members): one page of members with search, filters and sorting,
-- and the number of members that match, in one call (docs/decisions/0851).
--
-- Filters (p_filters, all optional): search (name part, e-mail, member number, phone or
-- membership id, as lookup_members), statuses, genders (female, male, other), tags and groups
-- (any of the given), age_min/age_max (whole years today), joined_from/joined_to (dates) and
-- arrears (true: has an issued invoice past its due date and not fully paid; false: has none).
-- The statement is built from the filters actually given and planned with their values, so
-- each combination finds its index instead of one generic plan with every condition. Security
-- definer with the register rule applied first: member admins, owners and membership managers.
-- Rows carry no CPR at all, not even the masked value.

create index if not exists members_community_status_name_idx
  on public.members (community_id, status, last_name, first_name, id);
create index if not exists members_community_joined_idx on public.members (community_id, joined_on, id);
create index if not exists members_community_birth_idx on public.members (community_id, birth_date, id);
create index if not exists members_community_email_sort_idx on public.members (community_id, lower(email), id);
create index if not exists member_tags_tag_member_idx on public.member_tags (tag_id, member_id);
create index if not exists invoices_overdue_idx on public.invoices (account_id, due_on)
  where status = 'issued';

create or replace function public.member_register(
  p_community_id uuid, p_filters jsonb default '{}', p_sort text default 'name',
  p_ascending boolean default true, p_limit int default 50, p_offset int default 0)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
      || 'exists (select 1 from public.billing_accounts a join public.invoices i on i.account_id = a.id'
      || ' where a.member_id = m.id and i.status = ''issued'' and i.due_on < current_date and i.paid_ore < i.total_ore)';
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then format('m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    when 'mid' then format('m.mid %s', v_dir)
    when 'joined_on' then format('m.joined_on %1$s, m.id %1$s', v_dir)
    -- Youngest first when ascending by age: the latest birth date.
    when 'age' then format('m.birth_date %s nulls last, m.id', case v_dir when 'asc' then 'desc' else 'asc' end)
    when 'status' then format('m.status %1$s, m.last_name %1$s, m.first_name %1$s, m.id %1$s', v_dir)
    else format('lower(m.email) %1$s nulls last, m.id %1$s', v_dir) end;

  execute 'select count(*) from public.members m where ' || v_where
    into v_total
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'mid', p.mid, 'membership_id', p.membership_id, 'first_name', p.first_name,
      'last_name', p.last_name, 'full_name', p.full_name, 'email', p.email, 'phone', p.phone,
      'gender', p.gender, 'birth_date', p.birth_date, 'status', p.status, 'joined_on', p.joined_on,
      'left_on', p.left_on, 'city', p.city, 'has_account', p.user_id is not null,
      'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                        where mt.member_id = p.id), '[]'),
      'in_arrears', exists (select 1 from public.billing_accounts a join public.invoices i on i.account_id = a.id
                            where a.member_id = p.id and i.status = 'issued' and i.due_on < current_date
                              and i.paid_ore < i.total_ore)) order by p.ord), '[]')
    from (select m.*, row_number() over (order by %1$s) as ord from (
            select m.* from public.members m where %2$s order by %1$s limit %3$s offset %4$s) m) p
  $q$, v_order, v_where, v_limit, v_offset)
    into v_rows
    using p_community_id, v_pattern, v_text, v_mid, v_phone, v_statuses, v_genders, v_tags, v_groups,
          v_birth_from, v_birth_to, v_joined_from, v_joined_to;

  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;
revoke execute on function public.member_register(uuid, jsonb, text, boolean, int, int) from public, anon;
grant execute on function public.member_register(uuid, jsonb, text, boolean, int, int) to authenticated, service_role;

-- Everything the member page shows about one member, in one call: the member (masked CPR
-- only for membership managers), tags, groups, admin access, certificates, relations, events,
-- volunteer jobs, bookings, orders, invoices with the balance. A member of another community
-- (or no member) is a not-found error, never an empty page.
create or replace function public.member_overview(p_member_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_member public.members;
  v_accounts uuid[];
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null or not app_private.can_manage_members(v_member.community_id) then
    perform app_private.fail('member_not_found', 'No such member in your communities');
  end if;
  select coalesce(array_agg(a.id), '{}') into v_accounts from public.billing_accounts a where a.member_id = p_member_id;
  return jsonb_build_object(
    'member', (to_jsonb(v_member) - 'cpr_masked' - 'permissions')
      || jsonb_build_object('cpr_masked',
           case when app_private.is_manager(v_member.community_id) or app_private.is_trusted()
                then v_member.cpr_masked end,
           'age', extract(year from age(current_date, v_member.birth_date))::int),
    'can_see_cpr', app_private.is_manager(v_member.community_id) or app_private.is_trusted(),
    'can_grant_access', app_private.can_grant_access(v_member.community_id),
    'access', (select jsonb_build_object('role', ms.role, 'areas', to_jsonb(ms.areas::text[]),
                                         'membership_manager', ms.membership_manager)
                 from public.memberships ms
                where ms.community_id = v_member.community_id and ms.user_id = v_member.user_id),
    'tags', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
                        from public.member_tags mt join public.tags t on t.id = mt.tag_id
                       where mt.member_id = p_member_id), '[]'),
    'groups', coalesce((select jsonb_agg(jsonb_build_object('id', g.id, 'title', g.title, 'role', gm.role,
                                  'joined_at', gm.joined_at, 'left_at', gm.left_at, 'payment_status', gm.payment_status)
                                  order by gm.left_at nulls first, g.title)
                          from public.group_members gm join public.groups g on g.id = gm.group_id
                         where gm.member_id = p_member_id), '[]'),
    'certificates', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'status', c.status,
                                  'issued_on', c.issued_on, 'expires_on', c.expires_on) order by c.expires_on nulls last)
                                from public.member_certificates c where c.member_id = p_member_id), '[]'),
    'relations', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'kind', r.kind,
                                  'direction', case when r.member_id = p_member_id then 'to' else 'from' end,
                                  'member_id', o.id, 'full_name', o.full_name, 'mid', o.mid) order by o.full_name)
                             from public.member_relations r
                             join public.members o on o.id = case when r.member_id = p_member_id
                                                                  then r.related_member_id else r.member_id end
                            where r.member_id = p_member_id or r.related_member_id = p_member_id), '[]'),
    'tickets', coalesce((select jsonb_agg(jsonb_build_object('id', tp.id, 'event_id', e.id, 'event_title', e.title,
                                  'starts_at', e.starts_at, 'ticket', t.name, 'status', tp.status,
                                  'purchased_at', tp.purchased_at) order by e.starts_at desc)
                           from (select * from public.ticket_purchases x where x.member_id = p_member_id
                                 order by x.purchased_at desc limit 50) tp
                           join public.tickets t on t.id = tp.ticket_id
                           join public.events e on e.id = tp.event_id), '[]'),
    'volunteering', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'job_title', j.title,
                                  'event_id', e.id, 'event_title', e.title, 'starts_at', e.starts_at,
                                  'status', s.status, 'hours', round(extract(epoch from
                                    (coalesce(s.checked_out_at, s.checked_in_at) - s.checked_in_at)) / 3600.0, 1))
                                  order by e.starts_at desc)
                                from (select * from public.volunteer_signups x where x.member_id = p_member_id
                                      order by x.created_at desc limit 50) s
                                join public.volunteer_jobs j on j.id = s.job_id
                                join public.events e on e.id = j.event_id), '[]'),
    'bookings', coalesce((select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
                                  'ends_at', b.ends_at, 'status', b.status) order by b.starts_at desc)
                            from (select * from public.bookings x where x.member_id = p_member_id
                                  order by x.starts_at desc limit 50) b
                            join public.booking_products p on p.id = b.product_id), '[]'),
    'orders', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'product_name', o.product_name,
                                  'status', o.status, 'amount_ore', o.amount_ore, 'created_at', o.created_at)
                                  order by o.created_at desc)
                          from (select * from public.orders x where x.member_id = p_member_id
                                order by x.created_at desc limit 50) o), '[]'),
    'invoices', coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'status', i.status,
                                  'issued_on', i.issued_on, 'due_on', i.due_on, 'total_ore', i.total_ore,
                                  'paid_ore', i.paid_ore,
                                  'overdue', i.status = 'issued' and i.due_on < current_date and i.paid_ore < i.total_ore)
                                  order by i.created_at desc)
                            from (select * from public.invoices x where x.account_id = any (v_accounts)
                                  order by x.created_at desc limit 50) i), '[]'),
    'balance_ore', coalesce((select sum(i.total_ore - i.paid_ore) from public.invoices i
                              where i.account_id = any (v_accounts) and i.status = 'issued'), 0));
end
$$;
revoke execute on function public.member_overview(uuid) from public, anon;
grant execute on function public.member_overview(uuid) to authenticated, service_role;
