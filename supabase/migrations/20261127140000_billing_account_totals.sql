-- Per-payer money kept by triggers (issue 20, docs/decisions/0910). The payer list, the arrears
-- list and a payer's page read billing_account_summaries, whose balances were summed from every
-- invoice and credit of every account on each request (337 ms p95 for the arrears list at
-- 20,000 members). billing_account_totals keeps, per account, what its open invoices still owe
-- (reminder fees included), its credit, and the earliest and latest due date among its open
-- invoices. Overdue depends on the day, so it is not stored: an account with nothing due before
-- today owes nothing overdue, one whose latest due date has passed owes all of it overdue, and
-- only an account with open invoices on both sides of today sums its own invoices.
--
-- Beside it, member_arrears (the members area, decision 0857) keeps per member the earliest due
-- date of an unpaid invoice, for the register's arrears filter. It is not reused for billing's
-- figures: it counts an issued credit note as unpaid (status issued, paid 0) and leaves reminder
-- fees out, so a member whose invoice was credited would show in arrears from the next day. The
-- billing home's members in arrears now come from this table instead of every overdue invoice.

create table public.billing_account_totals (
  account_id uuid primary key,
  community_id uuid not null,
  outstanding_ore bigint not null default 0,
  credit_ore bigint not null default 0,
  open_invoices int not null default 0,
  first_due_on date,
  last_due_on date,
  foreign key (account_id, community_id) references public.billing_accounts (id, community_id) on delete cascade
);
create index billing_account_totals_overdue_idx on public.billing_account_totals (community_id, first_due_on)
  where first_due_on is not null;
alter table public.billing_account_totals enable row level security;
create policy billing_account_totals_billing_admin_read on public.billing_account_totals for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
create policy billing_account_totals_own_read on public.billing_account_totals for select
  using (account_id = any ((select app_private.my_account_ids())::uuid[]));
revoke insert, update, delete, truncate on public.billing_account_totals from anon, authenticated;
grant select on public.billing_account_totals to authenticated, service_role;

-- Recomputes the totals of some accounts. The rows are locked first (in account order, so two
-- writers never wait on each other crosswise) and the sums are read by a later statement, which
-- under read committed sees what a concurrent writer of the same account committed meanwhile.
create or replace function app_private.refresh_account_totals(p_accounts uuid[]) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if coalesce(cardinality(p_accounts), 0) = 0 then
    return;
  end if;
  insert into public.billing_account_totals (account_id, community_id)
  select a.id, a.community_id from public.billing_accounts a where a.id = any (p_accounts)
  on conflict (account_id) do nothing;
  perform 1 from public.billing_account_totals t where t.account_id = any (p_accounts)
   order by t.account_id for update;
  update public.billing_account_totals t
     set outstanding_ore = s.outstanding, credit_ore = s.credit, open_invoices = s.open,
         first_due_on = s.first_due, last_due_on = s.last_due
    from (select a.id,
                 coalesce(o.outstanding, 0) as outstanding, coalesce(o.open, 0) as open,
                 o.first_due, o.last_due, coalesce(c.credit, 0) as credit
            from unnest(p_accounts) as a(id)
            left join lateral (
              select sum(i.total_ore + i.fees_ore - i.paid_ore) as outstanding, count(*) as open,
                     min(i.due_on) as first_due, max(i.due_on) as last_due
                from public.invoices i
               where i.account_id = a.id and i.status = 'issued' and i.kind = 'invoice') o on true
            left join lateral (
              select sum(ac.amount_ore) as credit from public.account_credits ac where ac.account_id = a.id) c on true) s
   where t.account_id = s.id
     and (t.outstanding_ore, t.credit_ore, t.open_invoices, t.first_due_on, t.last_due_on)
         is distinct from (s.outstanding, s.credit, s.open::int, s.first_due, s.last_due);
end
$$;
revoke execute on function app_private.refresh_account_totals(uuid[]) from public, anon, authenticated;

create or replace function app_private.invoices_refresh_account_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct account_id order by account_id) into v_accounts from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct account_id order by account_id) into v_accounts from old_rows;
  else
    -- Only rows whose money, state or due date changed (a sent e-mail changes none of them).
    select array_agg(distinct x.account_id order by x.account_id) into v_accounts
      from (select n.account_id from new_rows n join old_rows o on o.id = n.id
             where (n.account_id, n.status, n.kind, n.total_ore, n.fees_ore, n.paid_ore, n.due_on)
                   is distinct from (o.account_id, o.status, o.kind, o.total_ore, o.fees_ore, o.paid_ore, o.due_on)
            union
            select o.account_id from new_rows n join old_rows o on o.id = n.id
             where n.account_id is distinct from o.account_id) x;
  end if;
  perform app_private.refresh_account_totals(v_accounts);
  return null;
end
$$;
create trigger invoices_account_totals_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function app_private.invoices_refresh_account_totals();
create trigger invoices_account_totals_update after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.invoices_refresh_account_totals();
create trigger invoices_account_totals_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function app_private.invoices_refresh_account_totals();

create or replace function app_private.credits_refresh_account_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct account_id order by account_id) into v_accounts from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct account_id order by account_id) into v_accounts from old_rows;
  else
    select array_agg(distinct account_id order by account_id) into v_accounts
      from (select account_id from new_rows union select account_id from old_rows) x;
  end if;
  perform app_private.refresh_account_totals(v_accounts);
  return null;
end
$$;
create trigger account_credits_totals_insert after insert on public.account_credits
  referencing new table as new_rows for each statement execute function app_private.credits_refresh_account_totals();
create trigger account_credits_totals_update after update on public.account_credits
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.credits_refresh_account_totals();
create trigger account_credits_totals_delete after delete on public.account_credits
  referencing old table as old_rows for each statement execute function app_private.credits_refresh_account_totals();

-- A new account starts with a row of zeros, so every account has one.
create or replace function app_private.accounts_add_totals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.billing_account_totals (account_id, community_id)
  select id, community_id from new_rows
  on conflict (account_id) do nothing;
  return null;
end
$$;
create trigger billing_accounts_totals_insert after insert on public.billing_accounts
  referencing new table as new_rows for each statement execute function app_private.accounts_add_totals();

insert into public.billing_account_totals (account_id, community_id)
select id, community_id from public.billing_accounts
on conflict (account_id) do nothing;
select app_private.refresh_account_totals(array(
  select a.id from public.billing_accounts a
   where exists (select 1 from public.invoices i where i.account_id = a.id and i.status = 'issued')
      or exists (select 1 from public.account_credits c where c.account_id = a.id)
   order by a.id));

-- What each account owes and holds, now read from the totals; overdue as described above. The
-- summaries (the payer list and page) read accounts and totals once; the balances are theirs.
create or replace view public.billing_account_summaries with (security_invoker = true) as
select a.id, a.community_id, a.name, a.kind, a.member_id, a.email, a.cvr, a.ean, a.language, a.plan_id,
       a.payment_terms_id, a.created_at,
       coalesce(t.outstanding_ore, 0)::bigint as outstanding_ore,
       (case when t.first_due_on is null or t.first_due_on >= current_date then 0
             when t.last_due_on < current_date then t.outstanding_ore
             else (select coalesce(sum(i.total_ore + i.fees_ore - i.paid_ore), 0)
                     from public.invoices i
                    where i.account_id = a.id and i.status = 'issued' and i.kind = 'invoice'
                      and i.due_on < current_date) end)::bigint as overdue_ore,
       coalesce(t.credit_ore, 0)::bigint as credit_ore,
       (coalesce(t.outstanding_ore, 0) - coalesce(t.credit_ore, 0))::bigint as balance_ore
from public.billing_accounts a
left join public.billing_account_totals t on t.account_id = a.id;

create or replace view public.billing_account_balances with (security_invoker = true) as
select s.id as account_id, s.community_id, s.outstanding_ore, s.overdue_ore, s.credit_ore, s.balance_ore
from public.billing_account_summaries s;

-- The billing home: what is outstanding and the members in arrears from the totals.
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
    'outstanding', (select jsonb_build_object('ore', coalesce(sum(t.outstanding_ore), 0), 'count', coalesce(sum(t.open_invoices), 0))
                    from public.billing_account_totals t where t.community_id = p_community_id and t.open_invoices > 0),
    'overdue', (select jsonb_build_object('ore', coalesce(sum(i.total_ore + i.fees_ore - i.paid_ore), 0), 'count', count(*))
                from public.invoices i where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
                  and i.due_on < v_today),
    'paid_this_month', (select jsonb_build_object('ore', coalesce(sum(p.amount_ore), 0), 'count', count(*))
                        from public.invoice_payments p where p.community_id = p_community_id
                          and p.method <> 'account_credit' and p.paid_at >= (v_month::timestamp at time zone v_zone)),
    'drafts', (select count(*) from public.invoices i where i.community_id = p_community_id and i.status = 'draft'),
    'members_in_arrears', (select count(distinct a.member_id) from public.billing_account_totals t
                           join public.billing_accounts a on a.id = t.account_id
                           where t.community_id = p_community_id and t.first_due_on < v_today
                             and a.member_id is not null),
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
