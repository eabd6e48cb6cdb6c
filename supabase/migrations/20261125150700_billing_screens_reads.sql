-- Reads behind the orders and billing screens (docs/decisions/0867): list views that carry
-- the names the lists search and sort by (security_invoker, so the RLS of the tables decides
-- what each caller sees), and the billing home's figures in one call.

create or replace view public.order_summaries with (security_invoker = true) as
select o.id, o.community_id, o.product_id, o.product_name, o.member_id, m.full_name as member_name,
       o.status, o.amount_ore, o.currency, o.status_changed_at, o.created_at
from public.orders o
join public.members m on m.id = o.member_id;

create or replace function app_private.user_name_in(p_community_id uuid, p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select m.full_name from public.members m
                   where m.community_id = p_community_id and m.user_id = p_user_id order by m.created_at limit 1),
                  (select u.email::text from auth.users u where u.id = p_user_id))
$$;

-- Who changed an order: the name the changer has as a member of the order's community.
create or replace view public.order_history with (security_invoker = true) as
select h.id, h.community_id, h.order_id, h.from_status, h.to_status, h.changed_at, h.changed_by,
       app_private.user_name_in(h.community_id, h.changed_by) as changed_by_name
from public.order_status_changes h;

-- An invoice as the lists show it: the account's name and kind, what is still owed and the
-- status a treasurer filters by (an issued invoice past its due date is overdue).
create or replace view public.invoice_summaries with (security_invoker = true) as
select i.id, i.community_id, i.account_id, a.name as account_name, a.kind as account_kind, i.number, i.kind,
       i.status, case when i.status = 'issued' and i.kind = 'invoice' and i.due_on < current_date
                      then 'overdue' else i.status::text end as list_status,
       i.issued_on, i.due_on, i.subtotal_ore, i.vat_ore, i.total_ore, i.fees_ore, i.paid_ore,
       case when i.status = 'issued' and i.kind = 'invoice' then i.total_ore + i.fees_ore - i.paid_ore else 0 end
         as outstanding_ore,
       i.currency, i.credited_invoice_id, i.emailed_at, i.note, i.created_at
from public.invoices i
join public.billing_accounts a on a.id = i.account_id;

create or replace view public.billing_account_summaries with (security_invoker = true) as
select a.id, a.community_id, a.name, a.kind, a.member_id, a.email, a.cvr, a.ean, a.language, a.plan_id,
       a.payment_terms_id, a.created_at, b.outstanding_ore, b.overdue_ore, b.credit_ore, b.balance_ore
from public.billing_accounts a
join public.billing_account_balances b on b.account_id = a.id;


-- The billing home: what is outstanding, overdue and paid this month, drafts waiting, members
-- in arrears, and the next fee runs of paid groups. Billing admins only.
create or replace function public.billing_overview(p_community_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_zone text;
  v_today date;
  v_month date;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'The billing overview is for billing admins of the community');
  end if;
  select time_zone into v_zone from public.communities where id = p_community_id;
  v_today := (now() at time zone v_zone)::date;
  v_month := date_trunc('month', v_today)::date;
  return jsonb_build_object(
    'currency', (select currency from public.communities where id = p_community_id),
    'outstanding', (select jsonb_build_object('ore', coalesce(sum(i.total_ore + i.fees_ore - i.paid_ore), 0), 'count', count(*))
                    from public.invoices i where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'),
    'overdue', (select jsonb_build_object('ore', coalesce(sum(i.total_ore + i.fees_ore - i.paid_ore), 0), 'count', count(*))
                from public.invoices i where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
                  and i.due_on < v_today),
    'paid_this_month', (select jsonb_build_object('ore', coalesce(sum(p.amount_ore), 0), 'count', count(*))
                        from public.invoice_payments p where p.community_id = p_community_id
                          and p.method <> 'account_credit' and p.paid_at >= (v_month::timestamp at time zone v_zone)),
    'drafts', (select count(*) from public.invoices i where i.community_id = p_community_id and i.status = 'draft'),
    'members_in_arrears', (select count(distinct a.member_id) from public.invoices i
                           join public.billing_accounts a on a.id = i.account_id
                           where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
                             and i.due_on < v_today and a.member_id is not null),
    'next_fee_runs', coalesce((
      select jsonb_agg(jsonb_build_object('frequency', r.payment_frequency, 'groups', r.groups, 'members', r.members,
                                          'next_period_start', r.next_start) order by r.next_start)
      from (select g.payment_frequency, count(distinct g.id) as groups, count(gm.id) as members,
                   (p.period_end)::date as next_start
            from public.groups g
            left join public.group_members gm on gm.group_id = g.id and gm.left_at is null
            cross join lateral app_private.fee_period(g.payment_frequency, v_today) p
            where g.community_id = p_community_id and not g.archived and g.price_ore > 0
              and g.payment_frequency is not null and g.payment_frequency <> 'one_time'
            group by g.payment_frequency, p.period_end) r), '[]'::jsonb));
end
$$;
revoke execute on function public.billing_overview(uuid) from public, anon;
grant execute on function public.billing_overview(uuid) to authenticated, service_role;
