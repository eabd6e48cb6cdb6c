-- Invoicing of paid groups (docs/decisions/0711-group-fee-invoicing.md).
--
-- invoice_group_fees(community, period) bills every member of a paid group for the period
-- that contains the given day: one invoice per member (billing account) and currency, one
-- line per group. group_fee_charges remembers what was billed for which group membership
-- and period, so running it again bills only what is new (a member who joined since, a
-- group whose price was set since). Invoices are issued at once, which numbers them from
-- the community's gap-free counter; lines are VAT exempt like kontingent (ADR 0708).

create table public.group_fee_charges (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  group_id uuid not null,
  member_id uuid not null,
  group_member_id uuid not null references public.group_members (id) on delete cascade,
  -- First day of the billed period; for a one-time fee the day the member joined.
  period_start date not null,
  invoice_id uuid not null,
  amount_ore integer not null check (amount_ore >= 0),
  created_at timestamptz not null default now(),
  foreign key (group_id, community_id) references public.groups (id, community_id) on delete cascade,
  foreign key (member_id, community_id) references public.members (id, community_id) on delete cascade,
  -- Deleting a draft invoice forgets its charges, so the next run bills them again; a void
  -- invoice keeps them: voiding is the decision not to bill.
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete cascade
);
create unique index group_fee_charges_once_key on public.group_fee_charges (group_member_id, period_start);
create index group_fee_charges_invoice_idx on public.group_fee_charges (invoice_id);
create index group_fee_charges_community_idx on public.group_fee_charges (community_id, period_start);

alter table public.group_fee_charges enable row level security;
create policy group_fee_charges_billing_admin_read on public.group_fee_charges for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[])
         or community_id = any ((select app_private.area_communities('group'))::uuid[]));
-- Deleting a charge (with its invoice still standing) lets a billing admin bill it again.
create policy group_fee_charges_billing_admin_delete on public.group_fee_charges for delete
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
revoke insert, update on public.group_fee_charges from anon, authenticated;

-- The period of a payment frequency that contains a day.
create or replace function app_private.fee_period(p_frequency public.payment_frequency, p_day date,
  out period_start date, out period_end date, out label text)
language sql immutable as $$
  select s::date, (s + step)::date,
         case p_frequency
           when 'monthly' then to_char(s, 'YYYY-MM')
           when 'quarterly' then to_char(s, 'YYYY') || ' Q' || to_char(s, 'Q')
           else to_char(s, 'YYYY') end
  from (select case p_frequency when 'monthly' then date_trunc('month', p_day::timestamp)
                                when 'quarterly' then date_trunc('quarter', p_day::timestamp)
                                else date_trunc('year', p_day::timestamp) end as s,
               case p_frequency when 'monthly' then interval '1 month'
                                when 'quarterly' then interval '3 months'
                                else interval '1 year' end as step) p
$$;

create or replace function public.invoice_group_fees(p_community_id uuid, p_day date default current_date)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_zone text;
  r record;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Group fees are invoiced by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_period', 'Give a day inside the period to invoice');
  end if;
  select c.time_zone into v_zone from public.communities c where c.id = p_community_id;
  if v_zone is null then
    perform app_private.fail('community_not_found', 'No such community');
  end if;
  -- One run per community at a time: a second run waits and then finds everything billed.
  perform pg_advisory_xact_lock(hashtextextended('invoice_group_fees:' || p_community_id::text, 0));

  create temporary table if not exists pg_temp.group_fees_due (
    group_member_id uuid, group_id uuid, member_id uuid, description text, price_ore integer,
    currency char(3), period_start date, account_id uuid, invoice_id uuid, member_name text
  ) on commit drop;
  delete from pg_temp.group_fees_due;

  -- Due: active memberships of paid, unarchived groups overlapping the period (dates in the
  -- community's time zone), of members who have not left, not billed for that period yet.
  insert into pg_temp.group_fees_due (group_member_id, group_id, member_id, description, price_ore, currency,
                                      period_start, member_name)
  select gm.id, g.id, m.id,
         case when g.payment_frequency = 'one_time' then g.title
              else g.title || ', ' || p.label end,
         g.price_ore, g.currency,
         case when g.payment_frequency = 'one_time' then (gm.joined_at at time zone v_zone)::date
              else p.period_start end,
         m.full_name
  from public.groups g
  join public.group_members gm on gm.group_id = g.id
  join public.members m on m.id = gm.member_id
  cross join lateral app_private.fee_period(g.payment_frequency, p_day) p
  where g.community_id = p_community_id and not g.archived and g.payment_frequency is not null
    and g.price_ore > 0 and m.status <> 'left'
    and (gm.joined_at at time zone v_zone)::date < case when g.payment_frequency = 'one_time'
                                                         then p_day + 1 else p.period_end end
    and (gm.left_at is null or (gm.left_at at time zone v_zone)::date >= case
           when g.payment_frequency = 'one_time' then p_day else p.period_start end)
    and not exists (
      select 1 from public.group_fee_charges c
      where c.group_member_id = gm.id
        and c.period_start = case when g.payment_frequency = 'one_time' then (gm.joined_at at time zone v_zone)::date
                                  else p.period_start end);

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
revoke execute on function public.invoice_group_fees(uuid, date) from public, anon;
grant execute on function public.invoice_group_fees(uuid, date) to authenticated, service_role;

-- A group fee invoice paid in full marks the group memberships it billed as paid.
create or replace function app_private.after_invoice_paid() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.group_members gm set payment_status = 'paid'
  from public.group_fee_charges c
  where c.invoice_id = new.id and gm.id = c.group_member_id;
  return null;
end
$$;
create trigger invoices_after_paid after update of status on public.invoices
  for each row when (new.status = 'paid' and old.status <> 'paid')
  execute function app_private.after_invoice_paid();
