-- The feed says whether it is a product's or a member's calendar (the feed route titles it
-- and its events by that); otherwise as in 20261126130300.
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
    'kind', case when t.product_id is not null then 'product' else 'member' end,
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
revoke execute on function app_private.booking_feed(text) from public, anon, authenticated;
