-- Member arrears are refreshed only when an invoice's unpaid state can change (issue 16,
-- docs/decisions/0930). Decision 0857 refreshed the members of every invoice an insert,
-- update or delete statement touched, so each recorded payment (whose trigger updates
-- paid_ore) recomputed its payer's arrears: 1,000 payment inserts took 1.32 s instead of 0.59 s.
--
-- An invoice counts towards arrears while it is issued, has a due date and is not paid in
-- full (app_private.refresh_member_arrears). Row triggers with a WHEN condition now call the
-- refresh only when that changes, or when the due date or account of a counting invoice
-- changes; the condition is evaluated without calling any function, so a part payment, a
-- draft's edits and every other update cost nothing. Invoices are inserted as drafts
-- (before_invoice_write), so the insert trigger fires only if that rule is ever relaxed.

drop trigger invoices_arrears_insert on public.invoices;
drop trigger invoices_arrears_update on public.invoices;
drop trigger invoices_arrears_delete on public.invoices;
drop function app_private.invoices_refresh_arrears();

create or replace function app_private.invoice_refresh_arrears() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_accounts uuid[] := case tg_op when 'INSERT' then array[new.account_id]
                                  when 'DELETE' then array[old.account_id]
                                  else array[old.account_id, new.account_id] end;
begin
  perform app_private.refresh_member_arrears(array(
    select distinct a.member_id from public.billing_accounts a
     where a.id = any (v_accounts) and a.member_id is not null));
  return null;
end
$$;
revoke execute on function app_private.invoice_refresh_arrears() from public, anon, authenticated;

create trigger invoices_arrears_insert after insert on public.invoices
  for each row when (new.status = 'issued' and new.due_on is not null and new.paid_ore < new.total_ore)
  execute function app_private.invoice_refresh_arrears();
create trigger invoices_arrears_update after update on public.invoices
  for each row when (
    (old.status = 'issued' and old.due_on is not null and old.paid_ore < old.total_ore)
      is distinct from (new.status = 'issued' and new.due_on is not null and new.paid_ore < new.total_ore)
    or ((new.status = 'issued' and new.due_on is not null and new.paid_ore < new.total_ore)
        and (old.due_on, old.account_id) is distinct from (new.due_on, new.account_id)))
  execute function app_private.invoice_refresh_arrears();
create trigger invoices_arrears_delete after delete on public.invoices
  for each row when (old.status = 'issued' and old.due_on is not null and old.paid_ore < old.total_ore)
  execute function app_private.invoice_refresh_arrears();
