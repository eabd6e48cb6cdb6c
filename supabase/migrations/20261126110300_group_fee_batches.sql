-- Fee runs in batches (docs/decisions/0881): a run of a large group does not fit in one
-- request (the data service stops a statement after 8 s, and issuing an invoice with its
-- number, due date and audit entry costs about a millisecond or two each), so
-- run_group_fees takes at most p_limit members per call and the screen calls it until a
-- call charges nobody, showing the progress. Each call is its own transaction under the
-- same per-community lock and unique charge index, so batches, concurrent runs and a
-- later run still charge each membership once per period.

create or replace function app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid,
  p_limit integer)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare r record;
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  if p_limit is not null and p_limit < 1 then
    perform app_private.fail('invalid_batch', 'A batch holds at least one member');
  end if;
  if not exists (select 1 from public.communities c where c.id = p_community_id) then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  -- One run per community at a time: a second run waits and then finds everything charged.
  perform pg_advisory_xact_lock(hashtextextended('invoice_group_fees:' || p_community_id::text, 0));

  create temporary table if not exists pg_temp.group_fees_due (
    group_member_id uuid, group_id uuid, member_id uuid, description text, price_ore integer,
    currency char(3), period_start date, account_id uuid, invoice_id uuid, member_name text
  ) on commit drop;
  delete from pg_temp.group_fees_due;
  insert into pg_temp.group_fees_due (group_member_id, group_id, member_id, description, price_ore, currency,
                                      period_start, member_name)
  select d.group_member_id, d.group_id, d.member_id, d.description, d.amount_ore, d.currency, d.period_start,
         d.member_name
  from app_private.group_fees_due(p_community_id, p_day, p_group_id) d;
  -- A batch: the first members by name (every line of a member stays in one batch).
  if p_limit is not null then
    delete from pg_temp.group_fees_due d where d.member_id not in (
      select x.member_id from pg_temp.group_fees_due x
      group by x.member_id order by min(x.member_name), x.member_id limit p_limit);
  end if;

  -- Each member's own billing account (the oldest, if several), created when missing.
  insert into public.billing_accounts (community_id, name, kind, member_id, email, street, postal_code, city)
  select p_community_id, m.full_name, 'member', m.id, m.email, m.street, m.postal_code, m.city
  from public.members m
  where m.id in (select d.member_id from pg_temp.group_fees_due d)
    and not exists (select 1 from public.billing_accounts a where a.member_id = m.id and a.kind = 'member');
  update pg_temp.group_fees_due d set account_id = (
    select a.id from public.billing_accounts a where a.member_id = d.member_id and a.kind = 'member'
    order by a.created_at, a.id limit 1);
  analyze pg_temp.group_fees_due;

  with created as (
    insert into public.invoices (community_id, account_id, currency, note)
    select p_community_id, d.account_id, d.currency, 'Holdkontingent'
    from pg_temp.group_fees_due d group by d.account_id, d.currency
    returning id, account_id, currency)
  update pg_temp.group_fees_due d set invoice_id = c.id
  from created c where c.account_id = d.account_id and c.currency = d.currency;

  insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore,
                                    vat_rate_bp, vat_exempt, sort_order)
  select p_community_id, d.invoice_id, d.description, 1, d.price_ore, 0, true,
         (row_number() over (partition by d.invoice_id order by d.description))::integer
  from pg_temp.group_fees_due d;

  insert into public.group_fee_charges (community_id, group_id, member_id, group_member_id, period_start,
                                        invoice_id, amount_ore)
  select p_community_id, d.group_id, d.member_id, d.group_member_id, d.period_start, d.invoice_id, d.price_ore
  from pg_temp.group_fees_due d;

  update public.group_members gm set payment_status = 'pending'
  where gm.id in (select d.group_member_id from pg_temp.group_fees_due d) and gm.payment_status <> 'paid';

  -- Issue in name order, so the numbers of one run follow the member list.
  for r in select distinct d.invoice_id, d.member_name from pg_temp.group_fees_due d
           order by d.member_name, d.invoice_id loop
    update public.invoices set status = 'issued' where id = r.invoice_id;
  end loop;

  return query
  select i.id, a.member_id, i.number, i.total_ore, d.n
  from (select d.invoice_id, count(*)::integer as n from pg_temp.group_fees_due d group by d.invoice_id) d
  join public.invoices i on i.id = d.invoice_id
  join public.billing_accounts a on a.id = i.account_id
  order by i.number;
end
$$;

create or replace function public.invoice_group_fees(p_community_id uuid, p_day date default current_date)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language sql volatile security definer set search_path = '' as $$
  select * from app_private.run_group_fees(p_community_id, p_day, null, null)
$$;

drop function public.run_group_fees(uuid, date);
drop function app_private.run_group_fees(uuid, date, uuid);

-- The fee run of one group (the group page's run), at most p_limit members per call.
create or replace function public.run_group_fees(p_group_id uuid, p_day date default current_date,
  p_limit integer default null)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not (app_private.has_area(v_community, 'group')
                                 or app_private.has_area(v_community, 'billing')) then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  return query select * from app_private.run_group_fees(v_community, p_day, p_group_id, p_limit);
end
$$;
revoke execute on function public.run_group_fees(uuid, date, integer) from public, anon;
grant execute on function public.run_group_fees(uuid, date, integer) to authenticated, service_role;
