-- Member arrears, once more (docs/decisions/0930): the row triggers of 20261127100000 refresh
-- one member per changed invoice, so a bulk statement (the demo seed issues every invoice in
-- one update) refreshed row by row. Statement triggers with transition tables again, but they
-- refresh only the members whose invoices' unpaid state can have changed (the same test as the
-- WHEN conditions), and return at once when none did: a part payment costs a join of two
-- one-row tables, a bulk update one refresh for all its members.

drop trigger invoices_arrears_insert on public.invoices;
drop trigger invoices_arrears_update on public.invoices;
drop trigger invoices_arrears_delete on public.invoices;
drop function app_private.invoice_refresh_arrears();

create or replace function app_private.invoices_refresh_arrears() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.account_id) into v_accounts from new_rows n
     where n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.account_id) into v_accounts from old_rows o
     where o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore;
  else
    select array_agg(distinct x.account_id) into v_accounts
      from old_rows o join new_rows n on n.id = o.id
      cross join lateral (values (o.account_id), (n.account_id)) x (account_id)
     where (o.status = 'issued' and o.due_on is not null and o.paid_ore < o.total_ore)
             is distinct from (n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
        or ((n.status = 'issued' and n.due_on is not null and n.paid_ore < n.total_ore)
            and (o.due_on, o.account_id) is distinct from (n.due_on, n.account_id));
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

create trigger invoices_arrears_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function app_private.invoices_refresh_arrears();
create trigger invoices_arrears_update after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.invoices_refresh_arrears();
create trigger invoices_arrears_delete after delete on public.invoices
  referencing old table as old_rows for each statement execute function app_private.invoices_refresh_arrears();
