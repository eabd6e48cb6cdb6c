-- The money core of invoicing (docs/decisions/0862):
-- * an invoice's amounts follow its lines while it is a draft and never change once issued;
--   its paid and fee amounts follow the recorded payments and reminders only;
-- * issued invoices are never deleted (their numbers stay gap-free), they are credited;
-- * a payment beyond what is owed becomes a recorded credit on the account;
-- * a credit note refers to its invoice and reverses it exactly, line by line;
-- * credit lines (a volunteer fee credit, a discount) subtract, amounts themselves are never negative.
-- Writes that only the database's own triggers may make are recognised by pg_trigger_depth() > 1
-- (the payment, reminder, line and credit-note triggers); direct work (migrations, seed, server
-- jobs) and the service role are trusted as elsewhere.

alter table public.invoices
  add column kind text not null default 'invoice' check (kind in ('invoice', 'credit_note')),
  add column credited_invoice_id uuid,
  add column fees_ore bigint not null default 0 check (fees_ore >= 0),
  add column emailed_at timestamptz,
  add foreign key (credited_invoice_id, community_id) references public.invoices (id, community_id),
  add constraint invoices_credit_note_refers check ((kind = 'credit_note') = (credited_invoice_id is not null));
create unique index invoices_one_credit_note_key on public.invoices (credited_invoice_id) where kind = 'credit_note';
create index invoices_status_due_idx on public.invoices (community_id, status, due_on);

alter table public.invoice_lines
  add column plan_id uuid,
  add column line_kind text not null default 'charge' check (line_kind in ('charge', 'credit')),
  add foreign key (plan_id, community_id) references public.billing_plans (id, community_id);
-- A credit line subtracts: its net and VAT are the negative of quantity × unit price.
alter table public.invoice_lines drop column vat_ore, drop column net_ore;
alter table public.invoice_lines
  add column net_ore bigint generated always as (
    case when line_kind = 'credit' then -1 else 1 end * quantity::bigint * unit_price_ore) stored,
  add column vat_ore bigint generated always as (
    case when vat_exempt then 0
         else (case when line_kind = 'credit' then -1 else 1 end)
              * round(quantity::numeric * unit_price_ore * vat_rate_bp / 10000)::bigint end) stored;
create index invoice_lines_plan_idx on public.invoice_lines (plan_id) where plan_id is not null;

-- A plan that has been billed or given to an account is archived (active = false), not deleted.
create or replace function app_private.before_billing_plan_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if pg_trigger_depth() = 1 and (exists (select 1 from public.invoice_lines l where l.plan_id = old.id)
                                 or exists (select 1 from public.billing_accounts a where a.plan_id = old.id)) then
    perform app_private.fail('plan_in_use', 'This plan has been used; archive it instead of deleting it');
  end if;
  return old;
end
$$;
create trigger billing_plans_before_delete before delete on public.billing_plans
  for each row execute function app_private.before_billing_plan_delete();

-- Credits on an account: what was paid beyond an invoice, what a credited invoice had been
-- paid, and (negative) what was used to pay another invoice.
create table public.account_credits (
  id uuid primary key default gen_random_uuid(),
  community_id uuid not null,
  account_id uuid not null,
  amount_ore bigint not null check (amount_ore <> 0),
  source text not null check (source in ('overpayment', 'credited_payment', 'applied')),
  invoice_id uuid,
  payment_id uuid references public.invoice_payments (id) on delete cascade,
  created_at timestamptz not null default now(),
  foreign key (account_id, community_id) references public.billing_accounts (id, community_id) on delete cascade,
  foreign key (invoice_id, community_id) references public.invoices (id, community_id) on delete cascade
);
create index account_credits_account_idx on public.account_credits (account_id, created_at);
alter table public.account_credits enable row level security;
create policy account_credits_billing_admin_read on public.account_credits for select
  using (community_id = any ((select app_private.area_communities('billing'))::uuid[]));
revoke insert, update, delete on public.account_credits from anon, authenticated;

create or replace function app_private.trusted_or_trigger() returns boolean
language sql stable as $$
  select pg_trigger_depth() > 1 or app_private.is_trusted()
$$;

-- The invoice, if the caller is a billing admin of its community; otherwise invoice_not_found.
create or replace function app_private.billing_invoice(p_invoice_id uuid) returns public.invoices
language plpgsql stable security definer set search_path = '' as $$
declare i public.invoices;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.id is null or not app_private.has_area(i.community_id, 'billing') then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  return i;
end
$$;

-- Lines: clear refusals before the table's checks would answer with a constraint name.
create or replace function app_private.before_invoice_line_write() returns trigger
language plpgsql as $$
begin
  new.description := trim(coalesce(new.description, ''));
  if new.description = '' then
    perform app_private.fail('description_required', 'Every invoice line needs a description');
  end if;
  if new.unit_price_ore is null or new.unit_price_ore < 0 then
    perform app_private.fail('negative_amount', 'A line amount cannot be negative; credit the invoice or add a credit line');
  end if;
  if new.quantity is null or new.quantity < 1 then
    perform app_private.fail('invalid_quantity', 'A line''s quantity is a whole number of at least 1');
  end if;
  if new.vat_exempt and new.vat_rate_bp <> 0 then
    perform app_private.fail('vat_on_exempt_line', 'A VAT-exempt line cannot carry VAT');
  end if;
  if new.vat_rate_bp < 0 or new.vat_rate_bp > 10000 then
    perform app_private.fail('invalid_vat_rate', 'A VAT rate lies between 0 % and 100 %');
  end if;
  return new;
end
$$;
create trigger invoice_lines_before_write before insert or update on public.invoice_lines
  for each row execute function app_private.before_invoice_line_write();

create or replace function app_private.after_invoice_lines_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  create temporary table if not exists pg_temp.touched_invoices (id uuid) on commit drop;
  delete from pg_temp.touched_invoices;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from new_lines;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into pg_temp.touched_invoices select distinct invoice_id from old_lines;
  end if;
  if exists (select 1 from public.invoices i join pg_temp.touched_invoices t on t.id = i.id where i.status <> 'draft') then
    perform app_private.fail('invoice_not_draft', 'Only draft invoices can be edited; an issued invoice is credited instead');
  end if;
  update public.invoices i set subtotal_ore = s.net, vat_ore = s.vat, total_ore = s.net + s.vat
  from (select t.id, coalesce(sum(l.net_ore), 0) as net, coalesce(sum(l.vat_ore), 0) as vat
        from (select distinct id from pg_temp.touched_invoices) t
        left join public.invoice_lines l on l.invoice_id = t.id group by t.id) s
  where i.id = s.id and (i.subtotal_ore, i.vat_ore, i.total_ore) is distinct from (s.net, s.vat, s.net + s.vat);
  if exists (select 1 from public.invoices i join pg_temp.touched_invoices t on t.id = i.id where i.total_ore < 0) then
    perform app_private.fail('negative_total', 'Credit lines cannot take an invoice below zero');
  end if;
  return null;
end
$$;

create or replace function app_private.before_invoice_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_days int;
  v_inner boolean := app_private.trusted_or_trigger();
  v_original public.invoices;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'draft' then
      perform app_private.fail('invalid_transition', 'An invoice starts as a draft');
    end if;
    new.number := null;
    new.paid_ore := 0;
    new.fees_ore := 0;
    new.emailed_at := null;
    if not v_inner then
      new.subtotal_ore := 0; new.vat_ore := 0; new.total_ore := 0;
    end if;
    if new.kind = 'credit_note' then
      select * into v_original from public.invoices where id = new.credited_invoice_id;
      if v_original.id is null or v_original.kind <> 'invoice' or v_original.status not in ('issued', 'paid') then
        perform app_private.fail('invoice_not_creditable', 'Only an issued or paid invoice can be credited');
      end if;
      new.account_id := v_original.account_id;
      new.currency := v_original.currency;
    end if;
    return new;
  end if;

  if new.number is distinct from old.number and not app_private.is_trusted() then
    perform app_private.fail('read_only_field', 'Invoice numbers are assigned when the invoice is issued');
  end if;
  if (new.kind, new.credited_invoice_id) is distinct from (old.kind, old.credited_invoice_id) then
    perform app_private.fail('read_only_field', 'An invoice cannot become a credit note or change what it credits');
  end if;
  if not v_inner and (new.paid_ore, new.fees_ore) is distinct from (old.paid_ore, old.fees_ore) then
    perform app_private.fail('read_only_field', 'Paid amounts and fees follow the recorded payments and reminders');
  end if;
  if not v_inner and (new.subtotal_ore, new.vat_ore, new.total_ore) is distinct from (old.subtotal_ore, old.vat_ore, old.total_ore) then
    perform app_private.fail('read_only_field', 'An invoice''s totals follow its lines');
  end if;
  if old.status <> 'draft' and (new.subtotal_ore, new.vat_ore, new.total_ore, new.account_id, new.currency, new.issued_on)
       is distinct from (old.subtotal_ore, old.vat_ore, old.total_ore, old.account_id, old.currency, old.issued_on) then
    perform app_private.fail('invoice_not_draft', 'An issued invoice never changes its amounts; credit it instead');
  end if;

  if new.status <> old.status then
    if not (old.status, new.status) in (('draft', 'issued'), ('draft', 'void'), ('issued', 'paid'), ('issued', 'void'),
                                        ('issued', 'credited'), ('paid', 'credited')) then
      perform app_private.fail('invalid_transition', format('An invoice cannot go from %s to %s', old.status, new.status));
    end if;
    if new.status = 'credited' and not v_inner then
      perform app_private.fail('invalid_transition', 'An invoice is credited by issuing its credit note');
    end if;
    if new.status = 'paid' and new.paid_ore < new.total_ore + new.fees_ore then
      perform app_private.fail('not_fully_paid', 'An invoice is paid when payments cover its total; record the payment');
    end if;
    if old.status = 'issued' and new.status = 'void' and (old.paid_ore > 0 or old.kind = 'credit_note') then
      perform app_private.fail('invoice_not_voidable', 'An invoice with payments (or a credit note) cannot be voided; credit it instead');
    end if;
    if new.status = 'issued' then
      if not exists (select 1 from public.invoice_lines l where l.invoice_id = new.id and l.line_kind = 'charge' and l.net_ore > 0) then
        perform app_private.fail('invoice_empty', 'An invoice needs at least one line with an amount');
      end if;
      if new.kind = 'credit_note' then
        select * into v_original from public.invoices where id = new.credited_invoice_id for update;
        if v_original.status not in ('issued', 'paid') then
          perform app_private.fail('invoice_not_creditable', 'Only an issued or paid invoice can be credited');
        end if;
        if (new.subtotal_ore, new.vat_ore, new.total_ore) is distinct from
             (v_original.subtotal_ore, v_original.vat_ore, v_original.total_ore)
           or exists (select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = new.id
                      except all
                      select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = v_original.id)
           or exists (select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = v_original.id
                      except all
                      select description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
                      from public.invoice_lines where invoice_id = new.id) then
          perform app_private.fail('credit_note_mismatch', 'A credit note reverses its invoice exactly, line by line');
        end if;
      end if;
      -- Bulk loads (trusted) may number their invoices themselves and bump the counter.
      if new.number is null or not app_private.is_trusted() then
        new.number := app_private.next_number(new.community_id, 'invoice');
      end if;
      new.issued_on := coalesce(new.issued_on, current_date);
      if new.kind = 'credit_note' then
        new.due_on := new.issued_on;
      else
        select coalesce(t.days_due, (select days_due from public.payment_terms d
                                     where d.community_id = new.community_id and d.is_default), 14)
          into v_days
          from public.billing_accounts a left join public.payment_terms t on t.id = a.payment_terms_id
         where a.id = new.account_id;
        new.due_on := coalesce(new.due_on, new.issued_on + coalesce(v_days, 14));
        -- Fully covered by credit lines: nothing to pay.
        if new.total_ore = 0 then
          new.status := 'paid';
        end if;
      end if;
    end if;
  end if;
  return new;
end
$$;

-- Issuing a credit note credits its invoice; what had been paid on it becomes account credit.
create or replace function app_private.after_credit_note_issued() returns trigger
language plpgsql security definer set search_path = '' as $$
declare v_original public.invoices;
begin
  update public.invoices set status = 'credited' where id = new.credited_invoice_id returning * into v_original;
  if v_original.paid_ore > 0 then
    insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id)
    values (v_original.community_id, v_original.account_id, v_original.paid_ore, 'credited_payment', v_original.id);
  end if;
  return null;
end
$$;
create trigger invoices_after_credit_note_issued after update of status on public.invoices
  for each row when (new.kind = 'credit_note' and old.status = 'draft' and new.status = 'issued')
  execute function app_private.after_credit_note_issued();

create or replace function app_private.before_invoice_delete() returns trigger
language plpgsql as $$
begin
  if old.status <> 'draft' and not app_private.trusted_or_trigger() then
    perform app_private.fail('invoice_not_draft', 'Only drafts can be deleted; an issued invoice keeps its number and is credited instead');
  end if;
  return old;
end
$$;
create trigger invoices_before_delete before delete on public.invoices
  for each row execute function app_private.before_invoice_delete();

-- Payments: what is owed is paid, anything beyond becomes a credit on the account.
create or replace function app_private.after_invoice_payment() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  i public.invoices;
  v_owed bigint;
  v_applied bigint;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.kind <> 'invoice' then
    perform app_private.fail('invoice_not_payable', 'A credit note is not paid; record payments on invoices');
  end if;
  if i.status = 'paid' then
    perform app_private.fail('invoice_already_paid', 'This invoice is paid in full already');
  end if;
  if i.status <> 'issued' then
    perform app_private.fail('invoice_not_payable', format('Payments are recorded on issued invoices only; this one is %s', i.status));
  end if;
  v_owed := i.total_ore + i.fees_ore - i.paid_ore;
  v_applied := least(new.amount_ore, v_owed);
  if new.method = 'account_credit' and new.amount_ore > v_owed then
    perform app_private.fail('overpayment_from_credit', 'Account credit pays at most what the invoice still owes');
  end if;
  update public.invoices set paid_ore = paid_ore + v_applied,
    status = case when paid_ore + v_applied >= total_ore + fees_ore then 'paid'::public.invoice_status else status end
  where id = i.id;
  if new.amount_ore > v_applied then
    insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id, payment_id)
    values (i.community_id, i.account_id, new.amount_ore - v_applied, 'overpayment', i.id, new.id);
  end if;
  return null;
end
$$;

create or replace function app_private.before_invoice_payment() returns trigger
language plpgsql as $$
begin
  if new.amount_ore is null or new.amount_ore <= 0 then
    perform app_private.fail('invalid_amount', 'A payment is an amount above zero');
  end if;
  if new.method = 'account_credit' and not app_private.trusted_or_trigger()
     and coalesce(current_setting('app.applying_credit', true), '') <> new.invoice_id::text then
    perform app_private.fail('invalid_method', 'Account credit is used with "apply credit", not recorded as a payment');
  end if;
  new.reference := nullif(trim(coalesce(new.reference, '')), '');
  return new;
end
$$;
create trigger invoice_payments_before_insert before insert on public.invoice_payments
  for each row execute function app_private.before_invoice_payment();

-- Pays an issued invoice from the account's credit, as far as the credit goes.
create or replace function public.apply_account_credit(p_invoice_id uuid) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  i public.invoices;
  v_available bigint;
  v_amount bigint;
  v_payment uuid;
begin
  i := app_private.billing_invoice(p_invoice_id);
  -- One account's credit is spent by one call at a time.
  perform 1 from public.billing_accounts where id = i.account_id for update;
  select coalesce(sum(amount_ore), 0) into v_available from public.account_credits where account_id = i.account_id;
  v_amount := least(v_available, i.total_ore + i.fees_ore - i.paid_ore);
  if v_amount <= 0 then
    perform app_private.fail('no_credit', 'The account has no credit to apply');
  end if;
  perform set_config('app.applying_credit', p_invoice_id::text, true);
  insert into public.invoice_payments (community_id, invoice_id, amount_ore, method, reference)
  values (i.community_id, i.id, v_amount, 'account_credit', 'Tilgodehavende') returning id into v_payment;
  perform set_config('app.applying_credit', '', true);
  insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id, payment_id)
  values (i.community_id, i.account_id, -v_amount, 'applied', i.id, v_payment);
  return v_amount;
end
$$;
revoke execute on function public.apply_account_credit(uuid) from public, anon;
grant execute on function public.apply_account_credit(uuid) to authenticated, service_role;

-- Credits an issued or paid invoice: a credit note with the same lines, issued at once.
create or replace function public.credit_invoice(p_invoice_id uuid, p_reason text default null) returns uuid
language plpgsql volatile security invoker set search_path = '' as $$
declare
  i public.invoices;
  v_note uuid;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.id is null then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  if exists (select 1 from public.invoices where credited_invoice_id = i.id) then
    perform app_private.fail('invoice_already_credited', 'This invoice has a credit note already');
  end if;
  insert into public.invoices (community_id, account_id, kind, credited_invoice_id, currency, note)
  values (i.community_id, i.account_id, 'credit_note', i.id, i.currency,
          coalesce(nullif(trim(coalesce(p_reason, '')), ''), 'Kreditnota for faktura ' || i.number))
  returning id into v_note;
  insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
                                    vat_exempt, sort_order, plan_id, line_kind)
  select community_id, v_note, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, sort_order, plan_id, line_kind
  from public.invoice_lines where invoice_id = i.id order by sort_order, id;
  update public.invoices set status = 'issued' where id = v_note;
  return v_note;
end
$$;
revoke execute on function public.credit_invoice(uuid, text) from public, anon;
grant execute on function public.credit_invoice(uuid, text) to authenticated, service_role;

-- What each account owes and holds: open invoices (with reminder fees) less its credit.
create view public.billing_account_balances with (security_invoker = true) as
select a.id as account_id, a.community_id,
       coalesce(o.outstanding, 0)::bigint as outstanding_ore,
       coalesce(o.overdue, 0)::bigint as overdue_ore,
       coalesce(c.credit, 0)::bigint as credit_ore,
       (coalesce(o.outstanding, 0) - coalesce(c.credit, 0))::bigint as balance_ore
from public.billing_accounts a
left join lateral (
  select sum(i.total_ore + i.fees_ore - i.paid_ore) as outstanding,
         sum(i.total_ore + i.fees_ore - i.paid_ore) filter (where i.due_on < current_date) as overdue
  from public.invoices i where i.account_id = a.id and i.status = 'issued' and i.kind = 'invoice') o on true
left join lateral (
  select sum(ac.amount_ore) as credit from public.account_credits ac where ac.account_id = a.id) c on true;
grant select on public.billing_account_balances to authenticated, service_role;
