-- Faster reads behind the members lookup and the invoices list (measured with
-- npm run bench:schema and EXPLAIN (ANALYZE, BUFFERS) as a billing admin).
--
-- Invoices: the member's own-invoice policy was an EXISTS over billing_accounts evaluated
-- for every invoice row, even for an admin whose area policy already let the row through.
-- The member's billing accounts are now collected once per statement (an initplan), like
-- every other "own rows" policy.
--
-- Members lookup: one branch per way of finding a member, each with its own index (trigram
-- GIN on the name, b-trees on e-mail, member number, phone and membership id), instead of
-- one OR that forced a scan of the whole community. Under row-level security PostgreSQL
-- may not use an index for a condition with a function that is not leakproof (ilike,
-- lower, replace), since it would run before the policy; so the function is security
-- definer and applies the members read rule itself: admins of the community see every
-- member, anyone else only their own member row. It returns members rows, whose only CPR
-- column is the masked one. The search text's own LIKE wildcards are escaped, so "%" finds
-- a percent sign rather than every member.

create or replace function app_private.my_account_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(a.id), '{}') from public.billing_accounts a
  join public.members m on m.id = a.member_id
  where m.user_id = auth.uid()
$$;
grant execute on function app_private.my_account_ids() to anon, authenticated, service_role;

create index if not exists billing_accounts_member_idx on public.billing_accounts (member_id);

drop policy if exists invoices_own_read on public.invoices;
create policy invoices_own_read on public.invoices for select
  using (account_id = any ((select app_private.my_account_ids())::uuid[]));

create index if not exists members_phone_digits_idx on public.members (community_id, replace(phone, ' ', ''))
  where phone is not null;
create index if not exists members_membership_id_idx on public.members (community_id, membership_id)
  where membership_id is not null;

create or replace function public.lookup_members(p_community_id uuid, p_query text, p_limit int default 20)
returns setof public.members
language plpgsql stable security definer set search_path = '' as $$
declare
  v_text text := trim(coalesce(p_query, ''));
  v_pattern text;
  v_mid bigint;
  v_phone text;
  v_admin boolean;
begin
  if v_text = '' then
    return;
  end if;
  -- Plain values (not a CTE) so each branch is planned with them and finds its index.
  v_pattern := '%' || replace(replace(replace(v_text, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_mid := case when v_text ~ '^[0-9]{1,18}$' then v_text::bigint end;
  v_phone := replace(v_text, ' ', '');
  v_admin := p_community_id = any (app_private.admin_communities()) or app_private.is_trusted();
  return query
  select m.* from public.members m
  where (v_admin or (m.user_id is not null and m.user_id = auth.uid()))
    and m.id in (
    select x.id from public.members x where x.community_id = p_community_id and x.full_name ilike v_pattern
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
  limit least(greatest(coalesce(p_limit, 20), 1), 100);
end
$$;
revoke execute on function public.lookup_members(uuid, text, int) from public, anon;
grant execute on function public.lookup_members(uuid, text, int) to authenticated, service_role;
