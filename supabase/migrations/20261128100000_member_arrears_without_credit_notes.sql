-- Member arrears count invoices only (docs/decisions/0930, amended): a credit note is issued
-- with its due date on the day it is issued and is never paid, so it met "issued, due, paid
-- less than total" and put the member whose invoice had been credited in arrears from the next
-- day. Billing's own sums (billing_account_totals, the arrears list) already count
-- kind = 'invoice' only; the members area now does the same, in the refresh and in the
-- statement triggers' test of which invoices count.

create or replace function app_private.refresh_member_arrears(p_members uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  with due as (
    select a.member_id, min(a.community_id::text)::uuid as community_id, min(i.due_on) as since
      from public.billing_accounts a
      join public.invoices i on i.account_id = a.id
     where a.member_id = any (p_members) and i.kind = 'invoice' and i.status = 'issued'
       and i.due_on is not null and i.paid_ore < i.total_ore
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

-- Same triggers as 20261127100200; a row counts only when it is an invoice (kind never changes).
create or replace function app_private.invoices_refresh_arrears() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.account_id) into v_accounts from new_rows n
     where n.kind = 'invoice' and n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.account_id) into v_accounts from old_rows o
     where o.kind = 'invoice' and o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore;
  else
    select array_agg(distinct x.account_id) into v_accounts
      from old_rows o join new_rows n on n.id = o.id
      cross join lateral (values (o.account_id), (n.account_id)) x (account_id)
     where n.kind = 'invoice'
       and ((o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore)
              is distinct from (n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
            or ((n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
                and (o.due_on, o.account_id) is distinct from (n.due_on, n.account_id)));
  end if;
  if v_accounts is null then
    return null;
  end if;
  perform app_private.refresh_member_arrears(array(
    select distinct a.member_id from public.billing_accounts a
     where a.id = any (v_accounts) and a.member_id is not null));
  return null;
end
$$;
revoke execute on function app_private.invoices_refresh_arrears() from public, anon, authenticated;

-- Members wrongly in arrears today: those whose accounts hold an issued credit note.
select app_private.refresh_member_arrears(array(
  select distinct a.member_id from public.billing_accounts a
    join public.invoices i on i.account_id = a.id
   where i.kind = 'credit_note' and a.member_id is not null));

-- The member page (member_overview, as in 20261125140100) had the same fault: a credit note was
-- marked overdue and its total added to the member's balance. Invoices now carry their kind,
-- and only invoices are overdue or owed.
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
    'invoices', coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status,
                                  'issued_on', i.issued_on, 'due_on', i.due_on, 'total_ore', i.total_ore,
                                  'paid_ore', i.paid_ore,
                                  'overdue', i.kind = 'invoice' and i.status = 'issued' and i.due_on < current_date
                                             and i.paid_ore < i.total_ore)
                                  order by i.created_at desc)
                            from (select * from public.invoices x where x.account_id = any (v_accounts)
                                  order by x.created_at desc limit 50) i), '[]'),
    'balance_ore', coalesce((select sum(i.total_ore - i.paid_ore) from public.invoices i
                              where i.account_id = any (v_accounts) and i.kind = 'invoice' and i.status = 'issued'), 0));
end
$$;
revoke execute on function public.member_overview(uuid) from public, anon;
grant execute on function public.member_overview(uuid) to authenticated, service_role;
