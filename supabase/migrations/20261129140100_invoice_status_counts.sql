-- How many invoices a community has in each stored status, kept by triggers (issue 20,
-- docs/decisions/0956). The invoice list counted its total exactly on every page (count=exact
-- over invoice_summaries), which at 200,000 invoices reads them all. The unfiltered list and the
-- list filtered by status only now read their total from here; searches and other filters keep
-- exact counts over their smaller sets.
--
-- Overdue is a matter of the calendar and is not stored (decision 0867): the overdue count is
-- counted over the (community, status, due_on) index, and issued-not-overdue is the stored
-- issued count less that.

create table public.invoice_status_counts (
  community_id uuid not null references public.communities (id) on delete cascade,
  status public.invoice_status not null,
  invoices bigint not null default 0 check (invoices >= 0),
  primary key (community_id, status)
);
alter table public.invoice_status_counts enable row level security;
create policy invoice_status_counts_billing_admin_read on public.invoice_status_counts for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
revoke insert, update, delete, truncate on public.invoice_status_counts from anon, authenticated;
grant select on public.invoice_status_counts to authenticated, service_role;

-- Every community gets a counter for every status, so the triggers only ever update.
insert into public.invoice_status_counts (community_id, status, invoices)
select c.id, s.status, (select count(*) from public.invoices i where i.community_id = c.id and i.status = s.status)
  from public.communities c cross join unnest(enum_range(null::public.invoice_status)) as s(status);

-- A transaction that writes a community's invoices first locks that community's counters, all
-- of them and in status order, before anything else on the invoice (this trigger's name sorts
-- before invoices_before_write, which takes the invoice-number counter on issuing). So two
-- transactions never hold counters, or a counter and the number, crosswise: creating a credit
-- note (insert, then issue) beside a plain issue waits instead of deadlocking. Once a
-- transaction holds them, a transaction-local setting skips the lookup for its further rows.
-- An update that changes no status locks nothing. A community made after this migration gets
-- its counters with its first invoice.
create or replace function app_private.invoices_lock_status_counts() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_community uuid := case when tg_op = 'DELETE' then old.community_id else new.community_id end;
  v_key text := 'app.invoice_counts_' || replace(v_community::text, '-', '');
  v_rows int;
begin
  if coalesce(current_setting(v_key, true), '') <> txid_current()::text then
    perform 1 from public.invoice_status_counts where community_id = v_community order by status for update;
    get diagnostics v_rows = row_count;
    -- A delete adds no counters: the community's may be going away in the same statement.
    if v_rows < cardinality(enum_range(null::public.invoice_status)) and tg_op <> 'DELETE' then
      insert into public.invoice_status_counts (community_id, status)
      select v_community, s from unnest(enum_range(null::public.invoice_status)) s order by s
      on conflict do nothing;
      perform 1 from public.invoice_status_counts where community_id = v_community order by status for update;
    end if;
    perform set_config(v_key, txid_current()::text, true);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger invoices_a_lock_status_counts before insert or delete on public.invoices
  for each row execute function app_private.invoices_lock_status_counts();
create trigger invoices_a_lock_status_counts_update before update on public.invoices
  for each row when (old.status is distinct from new.status or old.community_id is distinct from new.community_id)
  execute function app_private.invoices_lock_status_counts();

-- One statement per invoice statement: the rows' net change per (community, status), added to
-- the counters that the row trigger above locked.
create or replace function app_private.invoices_count_statuses() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.invoice_status_counts c set invoices = c.invoices + d.n
      from (select community_id, status, count(*) as n from new_rows group by community_id, status) d
     where c.community_id = d.community_id and c.status = d.status;
  elsif tg_op = 'DELETE' then
    update public.invoice_status_counts c set invoices = c.invoices - d.n
      from (select community_id, status, count(*) as n from old_rows group by community_id, status) d
     where c.community_id = d.community_id and c.status = d.status;
  else
    update public.invoice_status_counts c set invoices = c.invoices + d.n
      from (select community_id, status, sum(n) as n
              from (select community_id, status, 1 as n from new_rows
                    union all
                    select community_id, status, -1 from old_rows) r
             group by community_id, status
            having sum(n) <> 0) d
     where c.community_id = d.community_id and c.status = d.status;
  end if;
  return null;
end
$$;

create trigger invoices_count_inserted after insert on public.invoices
  referencing new table as new_rows for each statement execute function app_private.invoices_count_statuses();
create trigger invoices_count_updated after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.invoices_count_statuses();
create trigger invoices_count_deleted after delete on public.invoices
  referencing old table as old_rows for each statement execute function app_private.invoices_count_statuses();

create or replace function app_private.invoices_count_truncated() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.invoice_status_counts set invoices = 0;
  return null;
end
$$;
create trigger invoices_count_truncated after truncate on public.invoices
  for each statement execute function app_private.invoices_count_truncated();

-- The invoice list's total for a community, unfiltered (p_status null) or by list status
-- (draft, issued, overdue, paid, void, credited). Null for a caller who is not a billing admin
-- there, whose list shows only their own invoices and counts them exactly.
create or replace function public.invoice_list_count(p_community_id uuid, p_status text default null)
returns bigint
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_overdue bigint := 0;
  v_total bigint;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    return null;
  end if;
  if p_status is not null and p_status not in ('draft', 'issued', 'overdue', 'paid', 'void', 'credited') then
    perform app_private.fail('invalid_status', 'Unknown invoice status');
  end if;
  if p_status in ('issued', 'overdue') then
    select count(*) into v_overdue from public.invoices i
     where i.community_id = p_community_id and i.status = 'issued' and i.kind = 'invoice'
       and i.due_on < current_date;
    if p_status = 'overdue' then
      return v_overdue;
    end if;
  end if;
  select coalesce(sum(c.invoices), 0) into v_total from public.invoice_status_counts c
   where c.community_id = p_community_id
     and (p_status is null or c.status = (case when p_status = 'overdue' then 'issued' else p_status end)::public.invoice_status);
  return v_total - v_overdue;
end
$$;
revoke execute on function public.invoice_list_count(uuid, text) from public, anon;
grant execute on function public.invoice_list_count(uuid, text) to authenticated, service_role;
