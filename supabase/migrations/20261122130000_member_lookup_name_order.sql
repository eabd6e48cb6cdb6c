-- Members lookup for a common name part ("jens" matches every Jensen): the name branch used
-- to collect every matching member through the trigram index and sort them all to keep 20.
-- It now takes its own first rows in list order, already limited and with the read rule
-- applied, so PostgreSQL can walk the (community, last name, first name) index and stop
-- after enough matches when a term is common, or use the trigram index and sort the few
-- matches when it is rare. The exact branches (e-mail, member number, phone, membership id)
-- find at most a handful of rows each. Same signature, same results and order.

create index if not exists members_community_name_id_idx
  on public.members (community_id, last_name, first_name, id);

create or replace function public.lookup_members(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.members
language plpgsql stable security definer set search_path = '' as $$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_admin boolean;
  v_me uuid := auth.uid();
  v_limit int := least(greatest(coalesce(p_limit, 20), 1), 100);
begin
  if v_text = '' then
    return;
  end if;
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  v_phone := replace(v_text, ' ', '');
  v_admin := p_community_id = any (app_private.admin_communities()) or app_private.is_trusted();
  return query
  select m.* from public.members m
  where (v_admin or (m.user_id is not null and m.user_id = v_me))
    and m.id in (
    (select x.id from public.members x
      where x.community_id = p_community_id and x.full_name ilike v_pattern
        and (v_admin or (x.user_id is not null and x.user_id = v_me))
      order by x.last_name, x.first_name, x.id
      limit v_limit)
    union all
    select x.id from public.members x where x.community_id = p_community_id and lower(x.email) = lower(v_text)
    union all
    select x.id from public.members x where x.community_id = p_community_id and x.mid = v_mid
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.phone is not null and replace(x.phone, ' ', '') = v_phone
    union all
    select x.id from public.members x
    where x.community_id = p_community_id and x.membership_id is not null and x.membership_id = v_text)
  order by m.last_name, m.first_name, m.id
  limit v_limit;
end
$$;
revoke execute on function public.lookup_members(uuid, text, int) from public, anon;
grant execute on function public.lookup_members(uuid, text, int) to authenticated, service_role;
