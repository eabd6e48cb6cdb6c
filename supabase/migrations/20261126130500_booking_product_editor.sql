-- The product editor saves a product, its opening hours and its requirements in one call
-- (one transaction), so a half-saved product never exists. Constraint violations keep their
-- own codes; the checks below name the field in words.
create or replace function public.save_booking_product(p_product jsonb) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_id uuid := nullif(p_product ->> 'id', '')::uuid;
  v_community uuid := (p_product ->> 'community_id')::uuid;
  v_existing public.booking_products;
begin
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community edit its products');
  end if;
  if v_id is not null then
    select * into v_existing from public.booking_products where id = v_id and community_id = v_community for update;
    if v_existing.id is null or v_existing.deleted_at is not null then
      perform app_private.fail('product_not_found', 'No such product');
    end if;
  end if;
  if jsonb_typeof(p_product -> 'hours') <> 'array' or jsonb_array_length(p_product -> 'hours') = 0 then
    perform app_private.fail('hours_required', 'Give the product at least one opening period');
  end if;
  if v_id is null then
    insert into public.booking_products (community_id, name) values (v_community, coalesce(p_product ->> 'name', ''))
    returning id into v_id;
  end if;
  update public.booking_products set
    name = trim(coalesce(p_product ->> 'name', '')),
    description = nullif(trim(coalesce(p_product ->> 'description', '')), ''),
    image_path = nullif(p_product ->> 'image_path', ''),
    account_id = nullif(p_product ->> 'account_id', '')::uuid,
    availability = (p_product ->> 'availability')::public.booking_availability,
    capacity = (p_product ->> 'capacity')::int,
    price_mode = (p_product ->> 'price_mode')::public.booking_price_mode,
    price_ore = case when p_product ->> 'price_mode' = 'none' then 0 else (p_product ->> 'price_ore')::int end,
    require_contact_sharing = coalesce((p_product ->> 'require_contact_sharing')::boolean, false),
    min_duration_minutes = (p_product ->> 'min_duration_minutes')::int,
    max_duration_minutes = (p_product ->> 'max_duration_minutes')::int,
    min_notice_minutes = coalesce((p_product ->> 'min_notice_minutes')::int, 0),
    opens_days_ahead = (p_product ->> 'opens_days_ahead')::int,
    cancel_deadline_hours = coalesce((p_product ->> 'cancel_deadline_hours')::int, 0)
  where id = v_id;
  delete from public.product_availability where product_id = v_id;
  insert into public.product_availability (community_id, product_id, weekday, on_date, starts_at, ends_at)
  select v_community, v_id, (h ->> 'weekday')::smallint, (h ->> 'on_date')::date, (h ->> 'starts_at')::time,
         (h ->> 'ends_at')::time
  from jsonb_array_elements(p_product -> 'hours') h;
  delete from public.product_required_certificates where product_id = v_id;
  insert into public.product_required_certificates (community_id, product_id, kind)
  select distinct v_community, v_id, k from jsonb_array_elements_text(coalesce(p_product -> 'certificates', '[]')) k;
  delete from public.product_required_groups where product_id = v_id;
  insert into public.product_required_groups (community_id, product_id, group_id)
  select distinct v_community, v_id, g::uuid from jsonb_array_elements_text(coalesce(p_product -> 'group_ids', '[]')) g;
  return v_id;
end
$$;
revoke execute on function public.save_booking_product(jsonb) from public, anon;
grant execute on function public.save_booking_product(jsonb) to authenticated, service_role;

-- As in 20261126130000, and each certificate also carries its expiry date (expires_on), so
-- the booking screen can say the reason in the reader's language.
create or replace function app_private.booking_requirements(p_product uuid, p_member uuid, p_day date)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(r order by r ->> 'type', r ->> 'name'), '[]') from (
    select jsonb_build_object('type', 'certificate', 'name', rc.kind, 'expires_on', c.expires_on,
      'met', app_private.has_certificate(p_member, rc.kind, p_day),
      'detail', case
        when app_private.has_certificate(p_member, rc.kind, p_day) then null
        when c.status = 'approved' and c.expires_on is not null
          then format('%s expires on %s, before the booked day %s', rc.kind, c.expires_on, p_day)
        when c.status is not null then format('%s is %s, not approved', rc.kind, c.status)
        else format('%s is not on file', rc.kind) end) as r
    from public.product_required_certificates rc
    left join lateral (select mc.expires_on, mc.status from public.member_certificates mc
                       where mc.member_id = p_member and mc.kind = rc.kind
                       order by (mc.status = 'approved') desc, mc.expires_on desc nulls first limit 1) c on true
    where rc.product_id = p_product
    union all
    select jsonb_build_object('type', 'group', 'name', g.title, 'expires_on', null, 'met', gm.member_id is not null,
      'detail', case when gm.member_id is null then format('not a member of the group %s', g.title) end)
    from public.product_required_groups rg join public.groups g on g.id = rg.group_id
    left join public.group_members gm on gm.group_id = rg.group_id and gm.member_id = p_member and gm.left_at is null
    where rg.product_id = p_product) x
$$;
revoke execute on function app_private.booking_requirements(uuid, uuid, date) from public, anon, authenticated;
