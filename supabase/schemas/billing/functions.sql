-- Billing (accounts, plans, terms, invoices, payments, reminders, credits, export): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION app_private.account_refresh_arrears() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.refresh_member_arrears(array_remove(array[old.member_id, new.member_id], null));
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.account_refresh_arrears() FROM anon, authenticated, service_role;

CREATE FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select 'Dato;Bilag;Konto;Tekst;Beløb;Momskode' || E'\n' || coalesce(string_agg(
    to_char(p.posted_on, 'DD-MM-YYYY') || ';' || p.voucher || ';' || p.account || ';"' ||
    replace(p.description, '"', '""') || '";' ||
    replace(to_char(p.amount_ore / 100.0, 'FM999999999990.00'), '.', ',') || ';' || p.vat_code, E'\n' order by p.ord), '')
    || E'\n'
  from public.accounting_postings(p_community_id, p_from, p_to) with ordinality
       as p(posted_on, voucher, account, description, amount_ore, vat_code, ord)
$$;

REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) TO service_role;

CREATE FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) RETURNS TABLE(posted_on date, voucher text, account text, description text, amount_ore bigint, vat_code text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare
  s public.billing_settings;
  v_zone text;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'The accounting export is for billing admins of the community');
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    perform app_private.fail('invalid_period', 'Give a period whose end is not before its start');
  end if;
  select * into s from public.billing_settings where community_id = p_community_id;
  s.debtor_account := coalesce(s.debtor_account, '5600');
  s.revenue_exempt_account := coalesce(s.revenue_exempt_account, '1000');
  s.revenue_taxable_account := coalesce(s.revenue_taxable_account, '1010');
  s.vat_account := coalesce(s.vat_account, '7700');
  s.fee_income_account := coalesce(s.fee_income_account, '1090');
  s.bank_account := coalesce(s.bank_account, '5820');
  select time_zone into v_zone from public.communities where id = p_community_id;
  return query
  with docs as (
    select i.*, case when i.kind = 'credit_note' then -1 else 1 end as sign,
           case when i.kind = 'credit_note' then 'Kreditnota ' else 'Faktura ' end || i.number || ', ' || a.name as text
    from public.invoices i join public.billing_accounts a on a.id = i.account_id
    where i.community_id = p_community_id and i.number is not null and i.issued_on between p_from and p_to
  ), lines as (
    select d.id, sum(l.net_ore) filter (where l.vat_exempt) as exempt, sum(l.net_ore) filter (where not l.vat_exempt) as taxable
    from docs d join public.invoice_lines l on l.invoice_id = d.id group by d.id
  )
  select x.posted_on, x.voucher, x.account, x.description, x.amount_ore::bigint, x.vat_code from (
    select d.issued_on as posted_on, d.number::text as voucher, s.debtor_account as account, d.text as description,
           d.sign * d.total_ore as amount_ore, '' as vat_code, d.number as n, 1 as k
    from docs d
    union all
    select d.issued_on, d.number::text, s.revenue_exempt_account, d.text, -d.sign * l.exempt, 'MOMSFRI', d.number, 2
    from docs d join lines l on l.id = d.id where coalesce(l.exempt, 0) <> 0
    union all
    select d.issued_on, d.number::text, s.revenue_taxable_account, d.text, -d.sign * l.taxable, 'U25', d.number, 3
    from docs d join lines l on l.id = d.id where coalesce(l.taxable, 0) <> 0
    union all
    select d.issued_on, d.number::text, s.vat_account, d.text, -d.sign * d.vat_ore, 'U25', d.number, 4
    from docs d where d.vat_ore <> 0
    union all
    select r.reminded_on, i.number || '-R' || r.seq, acc.account, 'Rykkergebyr ' || r.seq || ', faktura ' || i.number,
           acc.sign * r.fee_ore, case when acc.sign < 0 then 'MOMSFRI' else '' end, i.number, 5
    from public.invoice_reminders r join public.invoices i on i.id = r.invoice_id
    cross join (values (s.debtor_account, 1), (s.fee_income_account, -1)) acc(account, sign)
    where r.community_id = p_community_id and r.fee_ore > 0 and r.reminded_on between p_from and p_to
    union all
    select (p.paid_at at time zone v_zone)::date, i.number || '-B', acc.account,
           'Betaling ' || p.method::text || ', faktura ' || i.number, acc.sign * p.amount_ore, '', i.number, 6
    from public.invoice_payments p join public.invoices i on i.id = p.invoice_id
    cross join (values (s.bank_account, 1), (s.debtor_account, -1)) acc(account, sign)
    where p.community_id = p_community_id and p.method <> 'account_credit'
      and (p.paid_at at time zone v_zone)::date between p_from and p_to
  ) x
  order by x.posted_on, x.n, x.k, x.amount_ore desc;
end
$$;

REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) TO authenticated;
GRANT ALL ON FUNCTION public.accounting_postings(p_community_id uuid, p_from date, p_to date) TO service_role;

CREATE FUNCTION app_private.accounts_add_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.billing_account_totals (account_id, community_id)
  select id, community_id from new_rows
  on conflict (account_id) do nothing;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.accounts_add_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_credit_note_issued() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.after_credit_note_issued() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_lines_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.after_invoice_lines_change() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_paid() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.group_members gm set payment_status = 'paid'
  from public.group_fee_charges c
  where c.invoice_id = new.id and gm.id = c.group_member_id;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_paid() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_payment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  -- The ledger entry the invoice's change writes names this payment.
  perform set_config('app.ledger_payment', new.id::text, true);
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

REVOKE ALL ON FUNCTION app_private.after_invoice_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.after_invoice_reminder_sent() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- A reminder's fee is owed once the reminder has gone to the payer (renteloven §9b presupposes
  -- a reminder the debtor received; decision 1061), and only while the invoice is still open.
  if new.fee_ore > 0 then
    update public.invoices set fees_ore = fees_ore + new.fee_ore where id = new.invoice_id and status = 'issued';
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_reminder_sent() FROM anon, authenticated, service_role;

CREATE FUNCTION public.apply_account_credit(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_amount bigint;
begin
  perform app_private.billing_invoice(p_invoice_id);
  v_amount := app_private.consume_account_credit(p_invoice_id);
  if v_amount <= 0 then
    perform app_private.fail('no_credit', 'The account has no credit to apply');
  end if;
  return v_amount;
end
$$;

REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.apply_account_credit(p_invoice_id uuid) TO service_role;

CREATE FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if not exists (select 1 from public.invoice_lines l where l.invoice_id = p_invoice_id and l.plan_id is not null)
     and not exists (select 1 from public.group_fee_charges c where c.invoice_id = p_invoice_id) then
    return 0;
  end if;
  return app_private.attach_volunteer_credits(p_invoice_id);
end
$$;

REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.apply_volunteer_credits(p_invoice_id uuid) TO service_role;

CREATE FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_member uuid;
  v_language text;
  v_hours numeric;
  v_room bigint;
  v_amount bigint;
  v_total bigint := 0;
  r record;
begin
  select * into i from public.invoices where id = p_invoice_id for update;
  select a.member_id, a.language into v_member, v_language from public.billing_accounts a where a.id = i.account_id;
  if i.status <> 'draft' or i.kind <> 'invoice' or v_member is null then
    return 0;
  end if;
  for r in select * from public.volunteer_credit_rules vr
           where vr.community_id = i.community_id and vr.active
             and not exists (select 1 from public.volunteer_credits vc where vc.rule_id = vr.id and vc.member_id = v_member) loop
    v_hours := app_private.volunteer_hours(v_member, r.season_start, r.season_end);
    if v_hours >= r.min_hours then
      insert into public.volunteer_credits (community_id, rule_id, member_id, hours, credit_ore)
      values (i.community_id, r.id, v_member, v_hours, r.credit_ore);
    end if;
  end loop;
  for r in select vc.*, vr.name from public.volunteer_credits vc join public.volunteer_credit_rules vr on vr.id = vc.rule_id
           where vc.member_id = v_member and vc.invoice_id is null order by vc.earned_at, vc.id for update of vc loop
    select coalesce(sum(l.net_ore), 0) into v_room from public.invoice_lines l where l.invoice_id = i.id;
    v_amount := least(r.credit_ore, v_room);
    exit when v_amount <= 0;
    insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
                                      vat_exempt, sort_order, line_kind)
    values (i.community_id, i.id,
            case when v_language = 'en'
                 then format('Volunteer credit, %s: %s hours', r.name, to_char(r.hours, 'FM9990.0'))
                 else format('Klubhjælp, %s: %s timer', r.name, replace(to_char(r.hours, 'FM9990.0'), '.', ',')) end,
            1, v_amount, 0, true, 1000, 'credit');
    update public.volunteer_credits set invoice_id = i.id, applied_ore = v_amount where id = r.id;
    v_total := v_total + v_amount;
  end loop;
  return v_total;
end
$$;

REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.attach_volunteer_credits(p_invoice_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.before_billing_account_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
begin
  new.name := trim(new.name);
  new.cvr := nullif(regexp_replace(coalesce(new.cvr, ''), '[\s-]', '', 'g'), '');
  new.ean := nullif(regexp_replace(coalesce(new.ean, ''), '[\s-]', '', 'g'), '');
  new.email := nullif(trim(coalesce(new.email, '')), '');
  new.order_reference := nullif(trim(coalesce(new.order_reference, '')), '');
  new.contact_reference := nullif(trim(coalesce(new.contact_reference, '')), '');
  if new.cvr is not null and new.cvr !~ '^[0-9]{8}$' then
    perform app_private.fail('invalid_cvr', 'A CVR number has exactly 8 digits');
  end if;
  if new.ean is not null and new.ean !~ '^[0-9]{13}$' then
    perform app_private.fail('invalid_ean', 'An EAN location number has exactly 13 digits');
  end if;
  -- Only a new or changed number is checked, so an account saved before the check can still
  -- be edited; the OIOUBL file refuses such a number when it is made.
  if new.ean is not null and (tg_op = 'INSERT' or new.ean is distinct from old.ean)
     and not app_private.ean_check_digit_ok(new.ean) then
    perform app_private.fail('invalid_ean_check_digit',
      'The last digit of an EAN location number is a check digit, and it does not match the first 12; check the number with the public body');
  end if;
  if new.order_reference is not null and length(new.order_reference) > 35 then
    perform app_private.fail('invalid_order_reference', 'An order number has at most 35 characters');
  end if;
  if new.contact_reference is not null and length(new.contact_reference) > 40 then
    perform app_private.fail('invalid_contact_reference', 'A person reference has at most 40 characters');
  end if;
  if new.kind = 'organisation' and new.cvr is null then
    perform app_private.fail('cvr_required', 'An organisation is invoiced with its CVR number (8 digits)');
  end if;
  if new.kind = 'public_body' and new.ean is null then
    perform app_private.fail('ean_required', 'A public body is invoiced with its EAN location number (13 digits)');
  end if;
  if new.email is not null and new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    perform app_private.fail('invalid_email', 'The e-mail address is not valid');
  end if;
  return new;
end
$_$;

REVOKE ALL ON FUNCTION app_private.before_billing_account_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_billing_plan_delete() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if pg_trigger_depth() = 1 and (exists (select 1 from public.invoice_lines l where l.plan_id = old.id)
                                 or exists (select 1 from public.billing_accounts a where a.plan_id = old.id)) then
    perform app_private.fail('plan_in_use', 'This plan has been used; archive it instead of deleting it');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_billing_plan_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_billing_plan_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.name := trim(new.name);
  if new.price_ore < 0 then
    perform app_private.fail('negative_amount', 'A plan''s price cannot be negative');
  end if;
  -- Denmark: kontingent is exempt (momsloven §13), anything taxable carries 25 %.
  if not ((new.vat_exempt and new.vat_rate_bp = 0) or (not new.vat_exempt and new.vat_rate_bp = 2500)) then
    perform app_private.fail('invalid_vat_class', 'A plan is either VAT exempt at 0 % or taxable at 25 %');
  end if;
  if (new.grants = 'group') <> (new.group_id is not null) then
    perform app_private.fail('invalid_grant', 'A plan that grants a group names that group, and only such a plan does');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_billing_plan_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if old.status <> 'draft' and not app_private.trusted_or_trigger() then
    perform app_private.fail('invoice_not_draft', 'Only drafts can be deleted; an issued invoice keeps its number and is credited instead');
  end if;
  return old;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_delete() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_line_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

REVOKE ALL ON FUNCTION app_private.before_invoice_line_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_payment() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

REVOKE ALL ON FUNCTION app_private.before_invoice_payment() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_reminder() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  t public.payment_terms;
  v_last date;
  v_count integer;
begin
  select * into i from public.invoices where id = new.invoice_id for update;
  if i.kind <> 'invoice' or i.status <> 'issued' then
    perform app_private.fail('not_remindable', 'Only issued, unpaid invoices get reminders');
  end if;
  t := app_private.invoice_terms(i.id);
  select count(*), max(reminded_on) into v_count, v_last from public.invoice_reminders where invoice_id = i.id;
  new.seq := v_count + 1;
  new.reminded_on := coalesce(new.reminded_on, current_date);
  if new.seq > least(3, coalesce(cardinality(t.reminder_days), 0)) then
    perform app_private.fail('no_more_reminders', 'The payment terms allow no further reminder for this invoice');
  end if;
  if new.reminded_on < i.due_on + t.reminder_days[new.seq] then
    perform app_private.fail('reminder_too_early', format('Reminder %s is due on %s by the payment terms',
                             new.seq, i.due_on + t.reminder_days[new.seq]));
  end if;
  if v_last is not null and new.reminded_on < v_last + 10 then
    perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
  end if;
  new.fee_ore := coalesce(new.fee_ore, t.reminder_fee_ore);
  if new.fee_ore > t.reminder_fee_ore then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most what the payment terms set (and at most 100 kr)');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_reminder() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_reminder_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  if (new.invoice_id, new.seq, new.fee_ore, new.reminded_on) is distinct from (old.invoice_id, old.seq, old.fee_ore, old.reminded_on) then
    perform app_private.fail('read_only_field', 'A reminder is a record: only its sending is noted');
  end if;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_invoice_reminder_update() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_invoice_write() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.before_invoice_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.before_payment_terms_write() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
declare i integer;
begin
  new.name := trim(new.name);
  if new.days_due is null or new.days_due < 0 or new.days_due > 365 then
    perform app_private.fail('invalid_days_due', 'Days until due is a whole number from 0 to 365');
  end if;
  if cardinality(new.reminder_days) > 3 then
    perform app_private.fail('too_many_reminders', 'At most three reminders may carry a fee (renteloven §9b)');
  end if;
  if new.reminder_fee_ore < 0 or new.reminder_fee_ore > 10000 then
    perform app_private.fail('reminder_fee_too_high', 'A reminder fee is at most 100 kr (renteloven §9b)');
  end if;
  for i in 1 .. coalesce(cardinality(new.reminder_days), 0) loop
    if new.reminder_days[i] is null or new.reminder_days[i] < 1 then
      perform app_private.fail('invalid_reminder_schedule', 'A reminder is sent at the earliest one day after the due date');
    end if;
    if i > 1 and new.reminder_days[i] - new.reminder_days[i - 1] < 10 then
      perform app_private.fail('reminders_too_close', 'Reminders are sent at least ten days apart (renteloven §9b)');
    end if;
  end loop;
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_payment_terms_write() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.billing_credit_rule(p_rule_id uuid) RETURNS public.volunteer_credit_rules
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare r public.volunteer_credit_rules;
begin
  select * into r from public.volunteer_credit_rules where id = p_rule_id;
  if r.id is null or not app_private.has_area(r.community_id, 'billing') then
    perform app_private.fail('rule_not_found', 'No such volunteer credit rule among yours');
  end if;
  return r;
end
$$;

REVOKE ALL ON FUNCTION app_private.billing_credit_rule(p_rule_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.billing_invoice(p_invoice_id uuid) RETURNS public.invoices
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare i public.invoices;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.id is null or not app_private.has_area(i.community_id, 'billing') then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  return i;
end
$$;

REVOKE ALL ON FUNCTION app_private.billing_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION public.billing_overview(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.billing_overview(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.billing_overview(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.billing_overview(p_community_id uuid) TO service_role;

CREATE FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare r public.invoice_reminders;
begin
  select * into r from public.invoice_reminders where id = p_reminder_id for update;
  if r.id is null or not app_private.has_area(r.community_id, 'billing') then
    perform app_private.fail('reminder_not_found', 'No such reminder among yours');
  end if;
  if r.emailed_at is not null then
    perform app_private.fail('reminder_sent', 'A sent reminder is a record; credit its fee instead');
  end if;
  -- It was never sent, so it charged nothing (decision 1061): nothing else to undo.
  delete from public.invoice_reminders where id = r.id;
end
$$;

REVOKE ALL ON FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.cancel_unsent_reminder(p_reminder_id uuid) TO service_role;

CREATE FUNCTION public.create_due_reminders(p_community_id uuid, p_day date DEFAULT CURRENT_DATE) RETURNS TABLE(reminder_id uuid, invoice_id uuid, invoice_number bigint, seq smallint, fee_ore integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r record;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Reminders are made by billing admins of the community');
  end if;
  if p_day is null then
    perform app_private.fail('invalid_day', 'Give the day to remind on');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('create_due_reminders:' || p_community_id::text, 0));
  for r in
    select i.id, i.number from public.invoices i
    cross join lateral app_private.invoice_terms(i.id) t
    where i.community_id = p_community_id and i.kind = 'invoice' and i.status = 'issued' and i.due_on < p_day
      and (select count(*) from public.invoice_reminders x where x.invoice_id = i.id) < least(3, cardinality(t.reminder_days))
      and i.due_on + t.reminder_days[(select count(*) from public.invoice_reminders x where x.invoice_id = i.id)::int + 1] <= p_day
      and not exists (select 1 from public.invoice_reminders x where x.invoice_id = i.id and x.reminded_on > p_day - 10)
    order by i.number
  loop
    insert into public.invoice_reminders (community_id, invoice_id, reminded_on, fee_ore)
    values (p_community_id, r.id, p_day, null)
    returning id, invoice_id, r.number, seq, fee_ore into reminder_id, invoice_id, invoice_number, seq, fee_ore;
    return next;
  end loop;
end
$$;

REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) TO authenticated;
GRANT ALL ON FUNCTION public.create_due_reminders(p_community_id uuid, p_day date) TO service_role;

CREATE FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text DEFAULT NULL::text) RETURNS uuid
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) TO authenticated;
GRANT ALL ON FUNCTION public.credit_invoice(p_invoice_id uuid, p_reason text) TO service_role;

CREATE FUNCTION app_private.credits_refresh_account_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.credits_refresh_account_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.fi_check_digit(p_digits text) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  -- FI's modulus 10 (decision 1060): weights 2, 1, 2, ... from the rightmost digit, the digits of
  -- each product added, and the check digit is what brings the sum up to a multiple of ten.
  select case when p_digits ~ '^[0-9]+$' then
           ((10 - coalesce(sum(p / 10 + p % 10), 0)::integer % 10) % 10)
         end
    from (select substr(p_digits, k, 1)::integer * case (length(p_digits) - k) % 2 when 0 then 2 else 1 end as p
            from generate_series(1, length(p_digits)) k
           where p_digits ~ '^[0-9]+$') d
$$;

REVOKE ALL ON FUNCTION app_private.fi_check_digit(p_digits text) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.fi_payment_id(p_number bigint) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  -- The 15-digit payment identification of a +71 line: the invoice number in 14 digits and its
  -- check digit (decision 1060); none for a number too long for it.
  select case when p_number between 1 and 99999999999999 then
           lpad(p_number::text, 14, '0') || app_private.fi_check_digit(lpad(p_number::text, 14, '0'))::text
         end
$$;

REVOKE ALL ON FUNCTION app_private.fi_payment_id(p_number bigint) FROM anon, authenticated, service_role;

CREATE FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  l jsonb;
  v_day date;
  v_text text;
  v_amount bigint;
  v_same text;
  v_seen jsonb := '{}';
  v_key text;
  v_fi text;
  v_number bigint;
  v_by text;
  v_detail text;
  v_count integer;
  v_id uuid;
  i public.invoices;
  v_owed bigint;
  v_payment uuid;
  v_exception uuid;
  v_matched integer := 0;
  v_exceptions integer := 0;
  v_duplicates integer := 0;
  v_outgoing integer := 0;
begin
  -- A bank statement's lines (date, text, amount; decision 1062): each credit is matched by FI
  -- payment identification, then by an invoice number in the text, then by amount and payer
  -- name; an exact match is booked as a bank transfer payment (and so in the ledger), anything
  -- else is an exception for the treasurer. A line already imported is skipped.
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Bank statements are imported by billing admins of the community');
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    perform app_private.fail('invalid_statement', 'A statement is a list of lines');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('import_bank_statement:' || p_community_id::text, 0));
  for l in select value from jsonb_array_elements(p_lines) loop
    begin
      v_day := (l ->> 'booked_on')::date;
      v_amount := (l ->> 'amount_ore')::bigint;
    exception when others then
      v_day := null;
    end;
    v_text := coalesce(btrim(l ->> 'text'), '');
    if v_day is null or v_amount is null then
      perform app_private.fail('invalid_statement_line', format('Line %s has no date or amount', l::text));
    end if;
    -- The same date, text and amount twice in one statement are two payments: the n-th is its own line.
    v_same := v_day::text || '|' || v_text || '|' || v_amount::text;
    v_seen := v_seen || jsonb_build_object(v_same, coalesce((v_seen ->> v_same)::integer, 0) + 1);
    v_key := v_same || '|' || (v_seen ->> v_same);
    if exists (select 1 from public.bank_statement_lines b where b.community_id = p_community_id and b.line_key = v_key) then
      v_duplicates := v_duplicates + 1;
      continue;
    end if;
    i := null; v_by := null; v_detail := null; v_payment := null; v_exception := null;
    if v_amount <= 0 then
      -- Money going out is the bookkeeper's, not a member's payment.
      insert into public.bank_statement_lines (community_id, line_key, booked_on, text, amount_ore)
      values (p_community_id, v_key, v_day, v_text, v_amount);
      v_outgoing := v_outgoing + 1;
      continue;
    end if;
    -- 1. The FI payment identification of the +71 line: 15 digits, the last its check digit.
    v_fi := substring(v_text from '(?:^|[^0-9])([0-9]{15})(?:[^0-9]|$)');
    if v_fi is not null then
      if app_private.fi_check_digit(left(v_fi, 14)) = right(v_fi, 1)::integer then
        select * into i from public.invoices x
         where x.community_id = p_community_id and x.kind = 'invoice' and x.number = left(v_fi, 14)::bigint;
        v_by := 'fi';
        if i.id is null then
          v_detail := format('No invoice has FI payment ID %s', v_fi);
        end if;
      else
        v_detail := format('FI payment ID %s has a wrong check digit', v_fi);
      end if;
    end if;
    -- 2. An invoice number in the text ("Faktura 378", "fakt. nr. 378", "invoice #378").
    if i.id is null and v_detail is null then
      v_number := substring(lower(v_text) from '(?:faktura|fakt|fak|invoice|inv)\.?\s*(?:nr\.?|no\.?)?\s*#?\s*([0-9]{1,14})(?:[^0-9]|$)')::bigint;
      if v_number is not null then
        select * into i from public.invoices x
         where x.community_id = p_community_id and x.kind = 'invoice' and x.number = v_number;
        if i.id is not null then
          v_by := 'invoice_number';
        end if;
      end if;
    end if;
    -- 3. The amount and the payer's name: exactly one open invoice owing it, whose payer is named.
    if i.id is null and v_detail is null then
      select count(*), (array_agg(x.id))[1] into v_count, v_id
        from public.invoices x join public.billing_accounts a on a.id = x.account_id
       where x.community_id = p_community_id and x.kind = 'invoice' and x.status = 'issued'
         and x.total_ore + x.fees_ore - x.paid_ore = v_amount
         and length(btrim(a.name)) >= 3 and strpos(lower(v_text), lower(btrim(a.name))) > 0;
      if v_count = 1 then
        select * into i from public.invoices where id = v_id;
        v_by := 'amount_and_name';
      end if;
    end if;
    v_owed := case when i.id is not null then i.total_ore + i.fees_ore - i.paid_ore end;
    if i.id is not null and i.status = 'issued' and v_amount = v_owed then
      insert into public.invoice_payments (community_id, invoice_id, amount_ore, method, paid_at, reference)
      values (p_community_id, i.id, v_amount, 'bank_transfer', v_day::timestamptz, left('Bank: ' || v_text, 200))
      returning id into v_payment;
      v_matched := v_matched + 1;
    else
      insert into public.payment_exceptions (community_id, kind, reference, amount_ore, expected_ore, detail, payload)
      values (p_community_id,
              case when i.id is null then 'unknown_reference' when i.status <> 'issued' then 'invoice_not_payable'
                   else 'amount_mismatch' end,
              left(v_text, 200), v_amount, case when i.status = 'issued' then v_owed end,
              coalesce(v_detail,
                       case when i.id is null then 'No invoice found for this bank payment'
                            when i.status <> 'issued' then format('Invoice %s is %s', i.number, i.status)
                            when v_amount < v_owed then format('A part payment of invoice %s', i.number)
                            else format('More than invoice %s owes', i.number) end),
              jsonb_build_object('source', 'bank_statement', 'booked_on', v_day, 'text', v_text,
                                 'invoice_id', i.id, 'invoice_number', i.number, 'matched_by', v_by))
      returning id into v_exception;
      v_exceptions := v_exceptions + 1;
    end if;
    insert into public.bank_statement_lines (community_id, line_key, booked_on, text, amount_ore, matched_by,
                                             invoice_id, payment_id, exception_id)
    values (p_community_id, v_key, v_day, v_text, v_amount, case when v_payment is not null then v_by end,
            i.id, v_payment, v_exception);
  end loop;
  return jsonb_build_object('lines', jsonb_array_length(p_lines), 'matched', v_matched, 'exceptions', v_exceptions,
                            'duplicates', v_duplicates, 'outgoing', v_outgoing);
end
$_$;

REVOKE ALL ON FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.import_bank_statement(p_community_id uuid, p_lines jsonb) TO service_role;

CREATE FUNCTION public.invoice_document(p_invoice_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  a public.billing_accounts;
  s public.billing_settings;
begin
  select * into i from public.invoices where id = p_invoice_id;
  select * into a from public.billing_accounts where id = i.account_id;
  if i.id is null or not (app_private.has_area(i.community_id, 'billing')
                          or coalesce(a.member_id = any (app_private.my_member_ids()), false)) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  select * into s from public.billing_settings where community_id = i.community_id;
  return jsonb_build_object(
    'invoice', jsonb_build_object(
      'id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status, 'currency', i.currency,
      'issued_on', i.issued_on, 'due_on', i.due_on, 'note', i.note,
      'subtotal_ore', i.subtotal_ore, 'vat_ore', i.vat_ore, 'total_ore', i.total_ore,
      'fees_ore', i.fees_ore, 'paid_ore', i.paid_ore,
      'credited_number', (select o.number from public.invoices o where o.id = i.credited_invoice_id),
      'credited_issued_on', (select o.issued_on from public.invoices o where o.id = i.credited_invoice_id)),
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'description', l.description, 'quantity', l.quantity, 'unit_price_ore', l.unit_price_ore,
        'vat_rate_bp', l.vat_rate_bp, 'vat_exempt', l.vat_exempt, 'line_kind', l.line_kind,
        'net_ore', l.net_ore, 'vat_ore', l.vat_ore) order by l.sort_order, l.id)
      from public.invoice_lines l where l.invoice_id = i.id), '[]'::jsonb),
    'account', jsonb_build_object(
      'name', a.name, 'kind', a.kind, 'email', a.email, 'cvr', a.cvr, 'ean', a.ean, 'street', a.street,
      'postal_code', a.postal_code, 'city', a.city, 'language', a.language,
      'order_reference', a.order_reference, 'contact_reference', a.contact_reference),
    'club', (select jsonb_build_object('name', c.name, 'cvr', c.cvr, 'time_zone', c.time_zone,
                                       'street', s.street, 'postal_code', s.postal_code, 'city', s.city,
                                       'email', s.invoice_email)
             from public.communities c where c.id = i.community_id),
    -- The FI-kort payment line (+71, decision 1060): an issued invoice of a club with a creditor number.
    'fi', case when i.kind = 'invoice' and i.number is not null and s.fi_creditor_no is not null
                    and app_private.fi_payment_id(i.number) is not null
               then jsonb_build_object('payment_id', app_private.fi_payment_id(i.number),
                                       'creditor_no', s.fi_creditor_no,
                                       'line', '+71<' || app_private.fi_payment_id(i.number) || '+' || s.fi_creditor_no || '<') end,
    'payment', case when s.community_id is null then '{}'::jsonb
                    else jsonb_build_object('bank_reg_no', s.bank_reg_no, 'bank_account_no', s.bank_account_no,
                                            'iban', s.iban, 'mobilepay_number', s.mobilepay_number,
                                            'invoice_email', s.invoice_email) end,
    'reminders', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'seq', r.seq, 'fee_ore', r.fee_ore,
                                                               'reminded_on', r.reminded_on, 'emailed_at', r.emailed_at)
                                            order by r.seq)
                           from public.invoice_reminders r where r.invoice_id = i.id), '[]'::jsonb));
end
$$;

REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_document(p_invoice_id uuid) TO service_role;

CREATE FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date DEFAULT CURRENT_DATE, p_limit integer DEFAULT NULL::integer) RETURNS TABLE(invoice_id uuid, member_id uuid, invoice_number bigint, total_ore bigint, lines integer)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select * from app_private.run_group_fees(p_community_id, p_day, null, p_limit)
$$;

REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_group_fees(p_community_id uuid, p_day date, p_limit integer) TO service_role;

CREATE FUNCTION public.invoice_list_count(p_community_id uuid, p_status text DEFAULT NULL::text) RETURNS bigint
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) TO authenticated;
GRANT ALL ON FUNCTION public.invoice_list_count(p_community_id uuid, p_status text) TO service_role;

CREATE FUNCTION app_private.invoice_terms(p_invoice_id uuid) RETURNS public.payment_terms
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select t.* from public.invoices i
  join public.billing_accounts a on a.id = i.account_id
  join public.payment_terms t on t.id = a.payment_terms_id or (a.payment_terms_id is null and t.community_id = i.community_id and t.is_default)
  where i.id = p_invoice_id
  order by (t.id = a.payment_terms_id) desc nulls last
  limit 1
$$;

REVOKE ALL ON FUNCTION app_private.invoice_terms(p_invoice_id uuid) FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_count_statuses() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.invoices_count_statuses() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_count_truncated() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.invoice_status_counts set invoices = 0;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.invoices_count_truncated() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_lock_status_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.invoices_lock_status_counts() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_refresh_account_totals() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.invoices_refresh_account_totals() FROM anon, authenticated, service_role;

CREATE FUNCTION app_private.invoices_refresh_arrears() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.invoices_refresh_arrears() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.invoices_refresh_arrears() FROM PUBLIC;

CREATE FUNCTION public.issue_invoice(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_number bigint;
begin
  if not exists (select 1 from public.invoices where id = p_invoice_id) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  perform public.apply_volunteer_credits(p_invoice_id);
  update public.invoices set status = 'issued' where id = p_invoice_id and status = 'draft' returning number into v_number;
  if v_number is null then
    perform app_private.fail('invalid_transition', 'Only a draft invoice can be issued');
  end if;
  return v_number;
end
$$;

REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.issue_invoice(p_invoice_id uuid) TO service_role;

CREATE FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.issue_invoices_in_order(p_community_id uuid, p_invoice_ids uuid[]) FROM PUBLIC;

CREATE FUNCTION public.link_member_account(p_member_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_member public.members;
  v_user uuid;
begin
  select * into v_member from public.members where id = p_member_id;
  if v_member.id is null then
    perform app_private.fail('member_not_found', 'No such member');
  end if;
  if v_member.user_id is not null then
    return v_member.user_id;
  end if;
  select u.id into v_user from auth.users u where lower(u.email) = lower(v_member.email);
  if v_user is null then
    perform app_private.fail('user_not_found', 'No account has the member''s e-mail address');
  end if;
  if exists (select 1 from public.members m where m.community_id = v_member.community_id and m.user_id = v_user) then
    perform app_private.fail('account_already_linked', 'That account already belongs to another member here');
  end if;
  update public.members set user_id = v_user where id = p_member_id;
  return v_user;
end
$$;

REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.link_member_account(p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.link_member_account(p_member_id uuid) TO service_role;

CREATE FUNCTION public.make_default_payment_terms(p_terms_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare v_community uuid;
begin
  select community_id into v_community from public.payment_terms where id = p_terms_id;
  if v_community is null then
    perform app_private.fail('terms_not_found', 'These payment terms do not exist or are not yours to change');
  end if;
  update public.payment_terms set is_default = false where community_id = v_community and is_default and id <> p_terms_id;
  update public.payment_terms set is_default = true where id = p_terms_id;
end
$$;

REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.make_default_payment_terms(p_terms_id uuid) TO service_role;

CREATE FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid DEFAULT NULL::uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.billing_invoice(p_invoice_id);
  if p_reminder_id is null then
    update public.invoices set emailed_at = now() where id = p_invoice_id;
  else
    update public.invoice_reminders set emailed_at = now() where id = p_reminder_id and invoice_id = p_invoice_id;
  end if;
end
$$;

REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.mark_invoice_emailed(p_invoice_id uuid, p_reminder_id uuid) TO service_role;

CREATE FUNCTION app_private.my_account_ids() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(a.id), '{}') from public.billing_accounts a
  join public.members m on m.id = a.member_id
  where m.user_id = auth.uid()
$$;

REVOKE ALL ON FUNCTION app_private.my_account_ids() FROM anon, authenticated, service_role;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO anon;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO authenticated;
GRANT ALL ON FUNCTION app_private.my_account_ids() TO service_role;

CREATE FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.refresh_account_totals(p_accounts uuid[]) FROM PUBLIC;

CREATE FUNCTION app_private.touch_billing_settings() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

REVOKE ALL ON FUNCTION app_private.touch_billing_settings() FROM anon, authenticated, service_role;

CREATE FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) RETURNS TABLE(signup_id uuid, event_title text, job_title text, checked_in_at timestamp with time zone, checked_out_at timestamp with time zone, hours numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select s.id, e.title, j.title, s.checked_in_at, s.checked_out_at,
         round(extract(epoch from (s.checked_out_at - s.checked_in_at)) / 3600, 2)
  from public.volunteer_signups s
  join public.volunteer_jobs j on j.id = s.job_id
  join public.events e on e.id = j.event_id
  join public.communities c on c.id = s.community_id
  where s.member_id = p_member_id and s.community_id = r.community_id and s.status = 'signed_up'
    and s.checked_in_at is not null and s.checked_out_at is not null
    and (s.checked_in_at at time zone c.time_zone)::date between r.season_start and r.season_end
  order by s.checked_in_at;
end
$$;

REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.volunteer_credit_hours(p_rule_id uuid, p_member_id uuid) TO service_role;

CREATE FUNCTION public.volunteer_credit_standing(p_rule_id uuid) RETURNS TABLE(member_id uuid, full_name text, hours numeric, qualifies boolean, credit_id uuid, invoice_id uuid, applied_ore integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_column
declare r public.volunteer_credit_rules := app_private.billing_credit_rule(p_rule_id);
begin
  return query
  select m.id, m.full_name, h.hours, h.hours >= r.min_hours, vc.id, vc.invoice_id, vc.applied_ore
  from public.members m
  cross join lateral (select app_private.volunteer_hours(m.id, r.season_start, r.season_end) as hours) h
  left join public.volunteer_credits vc on vc.rule_id = r.id and vc.member_id = m.id
  where m.community_id = r.community_id
    and exists (select 1 from public.volunteer_signups s where s.member_id = m.id and s.checked_out_at is not null)
    and h.hours > 0
  order by h.hours desc, m.full_name;
end
$$;

REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM anon, authenticated, service_role;

REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.volunteer_credit_standing(p_rule_id uuid) TO service_role;

CREATE FUNCTION app_private.ledger_account(p_community_id uuid, p_side text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The credit side has one fixed account (6810, forudbetalinger fra medlemmer) until the
  -- billing settings let a club choose it (decision 1041).
  select case when p_side = 'credit' then '6810'
              else coalesce((select s.debtor_account from public.billing_settings s where s.community_id = p_community_id), '5600') end
$$;

REVOKE ALL ON FUNCTION app_private.ledger_account(p_community_id uuid, p_side text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ledger_account(p_community_id uuid, p_side text) FROM PUBLIC;

CREATE FUNCTION app_private.ledger_append(p_community_id uuid, p_account_id uuid, p_kind text, p_side text, p_amount_ore bigint, p_description text, p_invoice_id uuid DEFAULT NULL::uuid, p_order_id uuid DEFAULT NULL::uuid, p_payment_id uuid DEFAULT NULL::uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if coalesce(p_amount_ore, 0) = 0 then
    return;
  end if;
  insert into public.ledger_entries (community_id, account_id, kind, side, amount_ore, ledger_account, invoice_id, order_id,
                                     payment_id, description)
  values (p_community_id, p_account_id, p_kind, p_side, p_amount_ore, app_private.ledger_account(p_community_id, p_side),
          p_invoice_id, p_order_id, p_payment_id, p_description);
end
$$;

REVOKE ALL ON FUNCTION app_private.ledger_append(p_community_id uuid, p_account_id uuid, p_kind text, p_side text, p_amount_ore bigint, p_description text, p_invoice_id uuid, p_order_id uuid, p_payment_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ledger_append(p_community_id uuid, p_account_id uuid, p_kind text, p_side text, p_amount_ore bigint, p_description text, p_invoice_id uuid, p_order_id uuid, p_payment_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.before_ledger_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- Entries go only when their payer account or community goes (the cascade of deleting them).
  if tg_op = 'DELETE' and (not exists (select 1 from public.billing_accounts a where a.id = old.account_id)
                           or not exists (select 1 from public.communities c where c.id = old.community_id)) then
    return old;
  end if;
  perform app_private.fail('ledger_append_only', 'Ledger entries are never changed or removed; a correction is a new entry');
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.before_ledger_change() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.before_ledger_change() FROM PUBLIC;

CREATE FUNCTION app_private.ledger_check_agrees() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_outstanding bigint;
  v_credit bigint;
  t public.billing_account_totals;
begin
  select coalesce(sum(amount_ore) filter (where side = 'receivable'), 0),
         -coalesce(sum(amount_ore) filter (where side = 'credit'), 0)
    into v_outstanding, v_credit
    from public.ledger_entries where account_id = new.account_id;
  select * into t from public.billing_account_totals where account_id = new.account_id;
  if t.account_id is null and not exists (select 1 from public.billing_accounts a where a.id = new.account_id) then
    return null;
  end if;
  if (v_outstanding, v_credit) is distinct from (coalesce(t.outstanding_ore, 0), coalesce(t.credit_ore, 0)) then
    perform app_private.fail('ledger_disagrees', format(
      'The ledger of payer account %s says %s owed and %s credit; its invoices and credits say %s and %s',
      new.account_id, v_outstanding, v_credit, coalesce(t.outstanding_ore, 0), coalesce(t.credit_ore, 0)));
  end if;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.ledger_check_agrees() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ledger_check_agrees() FROM PUBLIC;

CREATE FUNCTION app_private.consume_account_credit(p_invoice_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  i public.invoices;
  v_available bigint;
  v_amount bigint;
  v_payment uuid;
begin
  select * into i from public.invoices where id = p_invoice_id;
  if i.kind <> 'invoice' or i.status <> 'issued' then
    return 0;
  end if;
  -- One account's credit is spent by one call at a time.
  perform 1 from public.billing_accounts where id = i.account_id for update;
  select coalesce(sum(amount_ore), 0) into v_available from public.account_credits where account_id = i.account_id;
  v_amount := least(v_available, i.total_ore + i.fees_ore - i.paid_ore);
  if v_amount <= 0 then
    return 0;
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

REVOKE ALL ON FUNCTION app_private.consume_account_credit(p_invoice_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.consume_account_credit(p_invoice_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.after_invoices_issued_spend_credit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare r record;
begin
  -- Credit on the payer's account pays the next invoice it is issued (decision 1041). A
  -- statement trigger that fires after invoices_count_updated: spending the credit marks the
  -- invoice paid in a nested statement, and the counts must already hold it as issued.
  for r in
    select n.id from new_rows n join old_rows o on o.id = n.id
    where n.kind = 'invoice' and o.status <> 'issued' and n.status = 'issued'
      and exists (select 1 from public.account_credits c where c.account_id = n.account_id
                  having sum(c.amount_ore) > 0)
    order by n.number, n.id
  loop
    perform app_private.consume_account_credit(r.id);
  end loop;
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoices_issued_spend_credit() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_invoices_issued_spend_credit() FROM PUBLIC;

CREATE FUNCTION app_private.after_invoice_ledger() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_old bigint := case when old.status = 'issued' then old.total_ore + old.fees_ore - old.paid_ore else 0 end;
  v_new bigint := case when new.status = 'issued' then new.total_ore + new.fees_ore - new.paid_ore else 0 end;
  v_fees bigint := 0;
  v_paid bigint := 0;
  v_label text := 'faktura ' || coalesce(new.number::text, '');
  p public.invoice_payments;
begin
  if new.kind <> 'invoice' then
    return null;
  end if;
  if old.status <> 'issued' and new.status = 'issued' then
    perform app_private.ledger_append(new.community_id, new.account_id, 'charge', 'receivable', v_new,
                                      'Faktura ' || new.number, new.id);
    -- Credit on the payer's account is spent by invoices_spend_credit_on_issue, once the
    -- statement's status counts have moved the invoice to issued.
    return null;
  end if;
  if old.status <> 'issued' then
    return null;
  end if;
  v_fees := new.fees_ore - old.fees_ore;
  v_paid := new.paid_ore - old.paid_ore;
  perform app_private.ledger_append(new.community_id, new.account_id, 'charge', 'receivable', v_fees,
                                    'Rykkergebyr, ' || v_label, new.id);
  if v_paid <> 0 then
    select * into p from public.invoice_payments
     where id = nullif(current_setting('app.ledger_payment', true), '')::uuid and invoice_id = new.id;
    perform app_private.ledger_append(new.community_id, new.account_id,
                                      case when p.method = 'account_credit' then 'credit' else 'payment' end, 'receivable',
                                      -v_paid,
                                      case when p.id is null then 'Betaling, ' || v_label
                                           when p.method = 'account_credit' then 'Tilgodehavende brugt, ' || v_label
                                           else 'Betaling (' || p.method::text || '), ' || v_label end,
                                      new.id, null, p.id);
  end if;
  -- What the invoice no longer owes beyond fees and payments: it was credited or voided.
  perform app_private.ledger_append(new.community_id, new.account_id, 'credit', 'receivable',
                                    v_new - (v_old + v_fees - v_paid),
                                    case when new.status = 'void' then 'Annulleret ' else 'Krediteret ' end || v_label, new.id);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_invoice_ledger() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_invoice_ledger() FROM PUBLIC;

CREATE FUNCTION app_private.after_account_credit_ledger() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_label text := 'faktura ' || coalesce((select i.number::text from public.invoices i where i.id = new.invoice_id), '');
begin
  perform app_private.ledger_append(new.community_id, new.account_id,
                                    case when new.source = 'overpayment' then 'payment' else 'credit' end, 'credit',
                                    -new.amount_ore,
                                    case new.source when 'overpayment' then 'Overbetaling, ' || v_label
                                                    when 'credited_payment' then 'Betalt på krediteret ' || v_label
                                                    else 'Tilgodehavende brugt, ' || v_label end,
                                    new.invoice_id, null, new.payment_id);
  return null;
end
$$;

REVOKE ALL ON FUNCTION app_private.after_account_credit_ledger() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.after_account_credit_ledger() FROM PUBLIC;

CREATE FUNCTION app_private.ledger_backfill() RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare v_count bigint;
begin
  with fresh as (
    select a.id from public.billing_accounts a
     where not exists (select 1 from public.ledger_entries e where e.account_id = a.id)
  ), inv as (
    select i.*, 'faktura ' || i.number as label,
           coalesce((select sum(p.amount_ore - coalesce((select sum(c.amount_ore) from public.account_credits c
                                                          where c.payment_id = p.id and c.source = 'overpayment'), 0))
                       from public.invoice_payments p where p.invoice_id = i.id), 0) as applied
      from public.invoices i
     where i.kind = 'invoice' and i.number is not null and i.status <> 'draft'
       and i.account_id in (select id from fresh)
  ), entries as (
    select i.community_id, i.account_id, 'charge' as kind, 'receivable' as side, i.total_ore as amount, i.id as invoice_id,
           null::uuid as payment_id, 'Faktura ' || i.number as description,
           coalesce(i.issued_on::timestamp with time zone, i.created_at) as at, 1 as ord
      from inv i
    union all
    select i.community_id, i.account_id, 'charge', 'receivable', i.fees_ore, i.id, null, 'Rykkergebyr, ' || i.label,
           coalesce(i.issued_on::timestamp with time zone, i.created_at), 2
      from inv i
    union all
    select i.community_id, i.account_id, case when p.method = 'account_credit' then 'credit' else 'payment' end, 'receivable',
           -(p.amount_ore - coalesce((select sum(c.amount_ore) from public.account_credits c
                                       where c.payment_id = p.id and c.source = 'overpayment'), 0)),
           i.id, p.id, 'Betaling (' || p.method::text || '), ' || i.label, p.paid_at, 3
      from inv i join public.invoice_payments p on p.invoice_id = i.id
    union all
    -- Whatever makes the invoice's entries add up to what it owes today: crediting, voiding, amounts set by hand.
    select i.community_id, i.account_id, case when i.status in ('credited', 'void') then 'credit' else 'payment' end,
           'receivable',
           (case when i.status = 'issued' then i.total_ore + i.fees_ore - i.paid_ore else 0 end)
             - (i.total_ore + i.fees_ore - i.applied),
           i.id, null, case when i.status = 'void' then 'Annulleret ' when i.status = 'credited' then 'Krediteret '
                            else 'Betaling, ' end || i.label, now(), 4
      from inv i
    union all
    select c.community_id, c.account_id, case when c.source = 'overpayment' then 'payment' else 'credit' end, 'credit',
           -c.amount_ore, c.invoice_id, c.payment_id,
           case c.source when 'overpayment' then 'Overbetaling' when 'credited_payment' then 'Betalt på krediteret faktura'
                         else 'Tilgodehavende brugt' end
             || coalesce(', faktura ' || (select i.number from public.invoices i where i.id = c.invoice_id), ''),
           c.created_at, 5
      from public.account_credits c where c.account_id in (select id from fresh)
  )
  insert into public.ledger_entries (community_id, account_id, kind, side, amount_ore, ledger_account, invoice_id,
                                     payment_id, description, created_at)
  select e.community_id, e.account_id, e.kind, e.side, e.amount, app_private.ledger_account(e.community_id, e.side),
         e.invoice_id, e.payment_id, e.description, e.at
    from entries e where e.amount <> 0
   order by e.at, e.ord;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

REVOKE ALL ON FUNCTION app_private.ledger_backfill() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.ledger_backfill() FROM PUBLIC;

CREATE FUNCTION public.payer_balance(p_account_id uuid) RETURNS bigint
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select b.balance_ore from public.payer_balances b where b.account_id = p_account_id
$$;

REVOKE ALL ON FUNCTION public.payer_balance(p_account_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.payer_balance(p_account_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.payer_balance(p_account_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.payer_balance(p_account_id uuid) TO service_role;
