-- The calendar's read of a span of days (docs/decisions/0950). The grid used to embed
-- member_directory per booking; that security-barrier view works out its row rule for the
-- community before the join. booking_calendar reads the span's bookings by the
-- (community_id, starts_at) index and joins members directly, with the same visibility:
--   * booking admins of the community (and the trusted server) see every booking there with
--     the booker's name, as the bookings policy and member_directory's name rule allow them;
--   * anyone else sees only their own bookings with their own name (bookings_own_read, and
--     member_directory's own-row rule);
--   * only what the grid draws (no price, member id, e-mail or phone: the booking page still
--     reads the directory, whose contact rule decides who sees contact details).
create or replace function public.booking_calendar(p_community_id uuid, p_from timestamptz, p_to timestamptz)
returns table (id uuid, product_id uuid, starts_at timestamptz, ends_at timestamptz, status public.booking_status,
               member_name text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_admin boolean;
  v_mine uuid[];
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '42 days' then
    perform app_private.fail('invalid_range', 'The calendar shows at most 42 days, ending after they start');
  end if;
  v_admin := app_private.has_area(p_community_id, 'booking');
  v_mine := case when v_admin then '{}'::uuid[] else app_private.my_member_ids() end;
  if not v_admin and cardinality(v_mine) = 0 then
    return;
  end if;
  return query
  select b.id, b.product_id, b.starts_at, b.ends_at, b.status, m.full_name
  from public.bookings b
  join public.members m on m.id = b.member_id
  where b.community_id = p_community_id and b.status <> 'cancelled'
    and b.starts_at >= p_from and b.starts_at < p_to
    and (v_admin or b.member_id = any (v_mine))
  order by b.starts_at, b.id;
end
$$;

revoke execute on function public.booking_calendar(uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.booking_calendar(uuid, timestamptz, timestamptz) to authenticated, service_role;
