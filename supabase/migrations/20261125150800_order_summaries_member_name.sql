-- order_summaries joined members under the caller's rights, and booking admins (who manage
-- orders, decision 0702) may not read the member register: every order disappeared from
-- their list. The member's name now comes from a definer function, for orders the caller
-- can already see through the orders policies.
create or replace function app_private.member_name(p_member_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select m.full_name from public.members m where m.id = p_member_id
$$;
revoke execute on function app_private.member_name(uuid) from public, anon;
grant execute on function app_private.member_name(uuid) to authenticated, service_role;

create or replace view public.order_summaries with (security_invoker = true) as
select o.id, o.community_id, o.product_id, o.product_name, o.member_id, app_private.member_name(o.member_id) as member_name,
       o.status, o.amount_ore, o.currency, o.status_changed_at, o.created_at
from public.orders o;
