-- Calendar feeds (docs/decisions/0903) and utilisation for premises grants (lokaletilskud).

-- One secret token per product and per member; renewing replaces it, so an old URL stops
-- working. Only the functions below read the table.
create table public.booking_feed_tokens (
  token text primary key check (token ~ '^[0-9a-f]{64}$'),
  community_id uuid not null references public.communities (id) on delete cascade,
  product_id uuid,
  member_id uuid,
  created_at timestamptz not null default now(),
  foreign key (product_id, community_id) references public.booking_products (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  check (num_nonnulls(product_id, member_id) = 1)
);
create unique index booking_feed_tokens_product_key on public.booking_feed_tokens (product_id) where product_id is not null;
create unique index booking_feed_tokens_member_key on public.booking_feed_tokens (member_id) where member_id is not null;
alter table public.booking_feed_tokens enable row level security;

-- The feed token of a product or a member (booking admins), made on first use; p_renew
-- replaces it.
create or replace function public.booking_feed_token(p_product_id uuid default null, p_member_id uuid default null,
  p_renew boolean default false) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_community uuid;
  v_token text;
begin
  if num_nonnulls(p_product_id, p_member_id) <> 1 then
    perform app_private.fail('invalid_feed', 'A feed is for one product or one member');
  end if;
  if p_product_id is not null then
    select community_id into v_community from public.booking_products where id = p_product_id and deleted_at is null;
  else
    select community_id into v_community from public.members where id = p_member_id;
  end if;
  if v_community is null or not app_private.has_area(v_community, 'booking') then
    perform app_private.fail('feed_not_found', 'No such product or member');
  end if;
  if coalesce(p_renew, false) then
    delete from public.booking_feed_tokens
     where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  end if;
  select token into v_token from public.booking_feed_tokens
   where product_id is not distinct from p_product_id and member_id is not distinct from p_member_id;
  if v_token is null then
    v_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    insert into public.booking_feed_tokens (token, community_id, product_id, member_id)
    values (v_token, v_community, p_product_id, p_member_id);
  end if;
  return v_token;
end
$$;

-- The feed behind a token (the server's feed route only; requests cannot call it): the
-- calendar's name and time zone and its bookings from 90 days back to 400 days ahead.
-- A product feed names the booker only when they shared their contact details.
create or replace function app_private.booking_feed(p_token text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  t public.booking_feed_tokens;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Feeds are read through the feed URL');
  end if;
  select * into t from public.booking_feed_tokens where token = p_token;
  if t.token is null then
    return null;
  end if;
  return jsonb_build_object(
    'name', coalesce((select p.name from public.booking_products p where p.id = t.product_id),
                     (select trim(m.first_name || ' ' || coalesce(m.last_name, '')) from public.members m
                       where m.id = t.member_id)),
    'community', (select c.name from public.communities c where c.id = t.community_id),
    'time_zone', (select c.time_zone from public.communities c where c.id = t.community_id),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object('id', b.id, 'product', p.name, 'starts_at', b.starts_at,
               'ends_at', b.ends_at, 'status', b.status, 'created_at', b.created_at,
               'booker', case when t.member_id is not null or b.contact_shared
                              then trim(m.first_name || ' ' || coalesce(m.last_name, '')) end)
               order by b.starts_at)
        from public.bookings b
        join public.booking_products p on p.id = b.product_id
        join public.members m on m.id = b.member_id
       where (b.product_id = t.product_id or b.member_id = t.member_id)
         and b.starts_at >= now() - interval '90 days' and b.starts_at < now() + interval '400 days'), '[]'));
end
$$;

-- Hours booked per product per week or month (by the local start day), and the hours booked
-- by members under 25 on the booked day: the evidence municipalities ask for premises grants.
create or replace function public.booking_utilisation(p_community_id uuid, p_from date, p_to date,
  p_bucket text default 'week')
returns table (period_start date, product_id uuid, name text, bookings bigint, booked_hours numeric,
               under25_hours numeric)
language plpgsql stable security definer set search_path = '' as $$
declare tz text;
begin
  if not app_private.has_area(p_community_id, 'booking') then
    perform app_private.fail('not_allowed', 'Only booking admins of the community see its utilisation');
  end if;
  if p_bucket is null or p_bucket not in ('week', 'month') then
    perform app_private.fail('invalid_bucket', 'Bucket is week or month');
  end if;
  perform app_private.check_range(p_from, p_to, p_bucket);
  select c.time_zone into tz from public.communities c where c.id = p_community_id;
  return query
  with b as (
    select x.product_id, (x.starts_at at time zone tz)::date as day,
           extract(epoch from (x.ends_at - x.starts_at)) / 3600 as hours,
           m.birth_date is not null and age((x.starts_at at time zone tz)::date, m.birth_date) < interval '25 years'
             as young
      from public.bookings x join public.members m on m.id = x.member_id
     where x.community_id = p_community_id and x.status <> 'cancelled'
       and x.starts_at >= (p_from::timestamp at time zone tz) and x.starts_at < ((p_to + 1)::timestamp at time zone tz))
  select per.period_start, p.id, p.name, count(b.product_id),
         round(coalesce(sum(b.hours), 0)::numeric, 2),
         round(coalesce(sum(b.hours) filter (where b.young), 0)::numeric, 2)
    from app_private.periods(p_from, p_to, p_bucket) per
   cross join public.booking_products p
    left join b on b.product_id = p.id and b.day >= per.period_start and b.day < per.period_end
   where p.community_id = p_community_id and (p.deleted_at is null or b.product_id is not null)
   group by per.period_start, p.id, p.name
   order by per.period_start, p.name;
end
$$;

revoke execute on function public.booking_feed_token(uuid, uuid, boolean),
  public.booking_utilisation(uuid, date, date, text) from public, anon;
grant execute on function public.booking_feed_token(uuid, uuid, boolean),
  public.booking_utilisation(uuid, date, date, text) to authenticated, service_role;
revoke execute on function app_private.booking_feed(text) from public, anon, authenticated;
