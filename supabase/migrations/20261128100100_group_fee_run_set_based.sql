-- Fee runs issue their invoices in one statement (docs/decisions/0933). run_group_fees issued
-- a batch's invoices one update at a time, and every update ran the statement triggers on
-- invoices (member arrears, account totals) and wrote its audit entry on its own: a
-- 5,000-member run took 22 s on a quiet machine (aim: 10 s).
-- * app_private.issue_invoices_in_order takes a block of numbers from the community counter in
--   one step, leaves each invoice's number in app_private.invoice_numbers_ahead, and issues
--   all of them in one update; the invoice trigger takes the number from there instead of
--   asking the counter again. Numbers stay gap-free (the block is exactly the invoices issued;
--   anything less fails the whole transaction) and follow the order given.
-- * The audit entry of an invoice's status change is written by a statement trigger with
--   transition tables: the same entry per invoice as before, one insert per statement.
-- Every other rule of issuing (lines, due date, credit notes, zero totals) is unchanged.

create table app_private.invoice_numbers_ahead (
  invoice_id uuid primary key,
  number bigint not null
);
revoke all on app_private.invoice_numbers_ahead from public, anon, authenticated;

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
      -- Bulk loads (trusted) may number their invoices themselves and bump the counter. A batch
      -- issued by app_private.issue_invoices_in_order has taken its numbers from the counter
      -- already, in its order, and left them in invoice_numbers_ahead.
      if new.number is null or not app_private.is_trusted() then
        new.number := coalesce((select n.number from app_private.invoice_numbers_ahead n where n.invoice_id = new.id),
                               app_private.next_number(new.community_id, 'invoice'));
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

create or replace function app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[])
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_count integer := coalesce(cardinality(p_invoice_ids), 0);
  v_last bigint;
  v_issued integer;
begin
  if v_count = 0 then
    return;
  end if;
  insert into app_private.counters as c (community_id, kind, last_value) values (p_community_id, 'invoice', v_count)
  on conflict (community_id, kind) do update set last_value = c.last_value + v_count
  returning last_value into v_last;
  insert into app_private.invoice_numbers_ahead (invoice_id, number)
  select u.id, v_last - v_count + u.ord from unnest(p_invoice_ids) with ordinality u (id, ord);
  update public.invoices i set status = 'issued'
   where i.id = any (p_invoice_ids) and i.community_id = p_community_id and i.status = 'draft';
  get diagnostics v_issued = row_count;
  delete from app_private.invoice_numbers_ahead where invoice_id = any (p_invoice_ids);
  -- A number taken and not used would be a gap: issue all of them or none.
  if v_issued <> v_count then
    perform app_private.fail('invalid_transition', 'Only draft invoices of the community are issued together');
  end if;
end
$$;
revoke execute on function app_private.issue_invoices_in_order(uuid, uuid[]) from public, anon, authenticated;

create or replace function app_private.run_group_fees(p_community_id uuid, p_day date, p_group_id uuid,
  p_limit integer)
returns table (invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
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

  -- Issue in one statement, numbered in name order so the numbers of one run follow the member list.
  perform app_private.issue_invoices_in_order(p_community_id, array(
    select d.invoice_id from pg_temp.group_fees_due d
     group by d.invoice_id order by min(d.member_name), d.invoice_id));

  return query
  select i.id, a.member_id, i.number, i.total_ore, d.n
  from (select d.invoice_id, count(*)::integer as n from pg_temp.group_fees_due d group by d.invoice_id) d
  join public.invoices i on i.id = d.invoice_id
  join public.billing_accounts a on a.id = i.account_id
  order by i.number;
end
$$;

-- Invoice status changes in the audit log: one entry per invoice as before (decision 0872),
-- written for the whole statement at once.
create or replace function app_private.audit_invoice_statuses() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.audit_log (community_id, actor_user_id, actor_email, kind, action, subject, subject_id, details)
  select n.community_id, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()),
         'money', 'invoice_status_changed', coalesce('#' || n.number::text, n.id::text), n.id::text,
         jsonb_build_object('status', jsonb_build_array(o.status, n.status), 'total_ore', n.total_ore,
                            'currency', n.currency)
    from old_rows o join new_rows n on n.id = o.id
   where o.status is distinct from n.status
     and exists (select 1 from public.communities c where c.id = n.community_id)
   order by n.number nulls last, n.id;
  return null;
end
$$;
revoke execute on function app_private.audit_invoice_statuses() from public, anon, authenticated;
drop trigger invoices_audit_status on public.invoices;
drop function app_private.audit_invoice_status();
create trigger invoices_audit_status after update on public.invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function app_private.audit_invoice_statuses();
