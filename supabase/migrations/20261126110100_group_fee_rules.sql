-- Group fees with a charging start and a mid-period join rule (docs/decisions/0881):
--
-- app_private.group_charge is the one rule: what a member who joined on a day owes for the
-- period that contains another day. The price screen's preview (preview_group_charges), the
-- fee run's preview (preview_group_fees) and the runs themselves (invoice_group_fees for the
-- community, run_group_fees for one group) all use it, so the preview is what gets charged.
-- A run never charges a membership twice for a period: the unique index on
-- group_fee_charges (group_member_id, period_start) and one run per community at a time.

-- The charge for the period of p_day. A member starts to count from the later of the day
-- they joined and the day charging starts; starting inside a period is a mid-period join,
-- charged in full, pro rata by days, or not at all until the next period. No row: nothing due.
create or replace function app_private.group_charge(p_frequency public.payment_frequency, p_price_ore integer,
  p_charging_starts_on date, p_mid_period_join text, p_joined_on date, p_day date)
returns table (period_start date, period_end date, label text, amount_ore integer, reason text)
language sql immutable as $$
  with s as (select greatest(p_joined_on, coalesce(p_charging_starts_on, p_joined_on)) as starts_on)
  select p_joined_on, p_joined_on + 1, null::text, p_price_ore, 'one_time'
  from s where p_frequency = 'one_time' and s.starts_on <= p_day
  union all
  select p.period_start, p.period_end, p.label,
         case when s.starts_on <= p.period_start or p_mid_period_join = 'full' then p_price_ore
              when p_mid_period_join = 'pro_rata'
                then round(p_price_ore::numeric * (p.period_end - s.starts_on) / (p.period_end - p.period_start))::integer
              else 0 end,
         case when s.starts_on <= p.period_start then 'full_period'
              when p_mid_period_join = 'full' then 'joined_mid_period_full'
              when p_mid_period_join = 'pro_rata' then 'joined_mid_period_pro_rata'
              else 'joined_mid_period_free' end
  from s cross join lateral app_private.fee_period(p_frequency, p_day) p
  where p_frequency is not null and p_frequency <> 'one_time' and s.starts_on < p.period_end
$$;

-- The next charges of a price setting for a member joining on a day (the price screen shows
-- these before saving). Free periods are listed too, with amount 0.
create or replace function public.preview_group_charges(p_frequency public.payment_frequency, p_price_ore integer,
  p_charging_starts_on date, p_mid_period_join text, p_join_date date, p_count integer default 3)
returns table (period_start date, period_end date, label text, amount_ore integer, reason text)
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_day date;
  v_step interval;
  i integer;
begin
  if p_join_date is null or p_frequency is null then
    return;
  end if;
  if p_price_ore is null or p_price_ore < 0 then
    perform app_private.fail('invalid_price', 'The price cannot be below zero');
  end if;
  if coalesce(p_mid_period_join, '') not in ('full', 'pro_rata', 'free_until_next_period') then
    perform app_private.fail('invalid_mid_period_join', 'Choose full, pro rata or free until the next period');
  end if;
  v_day := greatest(p_join_date, coalesce(p_charging_starts_on, p_join_date));
  if p_frequency = 'one_time' then
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
                                                        p_mid_period_join, p_join_date, v_day);
    return;
  end if;
  v_step := case p_frequency when 'monthly' then interval '1 month' when 'quarterly' then interval '3 months'
                             else interval '1 year' end;
  for i in 0 .. least(greatest(coalesce(p_count, 3), 1), 24) - 1 loop
    return query select * from app_private.group_charge(p_frequency, p_price_ore, p_charging_starts_on,
      p_mid_period_join, p_join_date,
      case when i = 0 then v_day
           else ((select f.period_start from app_private.fee_period(p_frequency, v_day) f) + i * v_step)::date end);
  end loop;
end
$$;
revoke execute on function public.preview_group_charges(public.payment_frequency, integer, date, text, date, integer)
  from public, anon;
grant execute on function public.preview_group_charges(public.payment_frequency, integer, date, text, date, integer)
  to authenticated, service_role;

-- What a run for the period of p_day would charge: in the community, or in one group.
-- Memberships of paid, unarchived groups overlapping the period (dates in the community's
-- time zone), of members who have not left the club, not charged for that period yet.
create or replace function app_private.group_fees_due(p_community_id uuid, p_day date, p_group_id uuid)
returns table (group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text,
               description text, period_start date, amount_ore integer, reason text, currency char(3))
language sql stable security definer set search_path = '' as $$
  select gm.id, g.id, g.title, m.id, m.full_name,
         case when ch.label is null then g.title else g.title || ', ' || ch.label end
           || case when ch.reason = 'joined_mid_period_pro_rata' then ' (forholdsmæssigt)' else '' end,
         ch.period_start, ch.amount_ore, ch.reason, g.currency
  from public.communities c
  join public.groups g on g.community_id = c.id
  join public.group_members gm on gm.group_id = g.id
  join public.members m on m.id = gm.member_id
  cross join lateral app_private.group_charge(g.payment_frequency, g.price_ore, g.charging_starts_on,
    g.mid_period_join, (gm.joined_at at time zone c.time_zone)::date, p_day) ch
  where c.id = p_community_id and (p_group_id is null or g.id = p_group_id)
    and not g.archived and g.payment_frequency is not null and g.price_ore > 0 and m.status <> 'left'
    and ch.amount_ore > 0
    and (gm.left_at is null or (gm.left_at at time zone c.time_zone)::date >= case
           when g.payment_frequency = 'one_time' then p_day else ch.period_start end)
    and not exists (select 1 from public.group_fee_charges f
                    where f.group_member_id = gm.id and f.period_start = ch.period_start)
$$;

-- Who may preview and run group fees: billing admins of the community, for a given day.
create or replace function app_private.check_fee_run(p_community_id uuid, p_day date) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Group fees are invoiced by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_period', 'Give a day inside the period to invoice');
  end if;
end
$$;

-- The fee run's preview: who, how much and why.
create or replace function public.preview_group_fees(p_community_id uuid, p_day date default current_date,
  p_group_id uuid default null)
returns table (group_member_id uuid, group_id uuid, group_title text, member_id uuid, member_name text,
               description text, period_start date, amount_ore integer, reason text, currency char(3))
language plpgsql stable security definer set search_path = '' as $$
begin
  perform app_private.check_fee_run(p_community_id, p_day);
  return query select * from app_private.group_fees_due(p_community_id, p_day, p_group_id) d
               order by d.member_name, d.group_title;
end
$$;
revoke execute on function public.preview_group_fees(uuid, date, uuid) from public, anon;
grant execute on function public.preview_group_fees(uuid, date, uuid) to authenticated, service_role;

create or replace function app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare r record;
begin
  perform app_private.check_fee_run(p_community_id, p_day);
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
  select * from app_private.run_group_fees(p_community_id, p_day, null)
$$;

-- The fee run of one group (the group page's run).
create or replace function public.run_group_fees(p_group_id uuid, p_day date default current_date)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
declare v_community uuid;
begin
  select g.community_id into v_community from public.groups g where g.id = p_group_id;
  if v_community is null or not (app_private.has_area(v_community, 'group')
                                 or app_private.has_area(v_community, 'billing')) then
    perform app_private.fail('group_not_found', 'No such group');
  end if;
  return query select * from app_private.run_group_fees(v_community, p_day, p_group_id);
end
$$;
revoke execute on function public.run_group_fees(uuid, date) from public, anon;
grant execute on function public.run_group_fees(uuid, date) to authenticated, service_role;
