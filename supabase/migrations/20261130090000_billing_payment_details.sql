-- The club's payment details have one home (issue 20, docs/decisions/0969): billing_settings,
-- kept by the billing administrators on the payment-terms screen and printed on every invoice.
-- Until now Settings → General also asked owners for a bank account (community_settings), which
-- no invoice ever read. Those numbers move here, and the columns go.

alter table public.billing_settings
  add column iban text check (iban is null or iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');

-- A registration number means nothing without its account number, and the other way round.
-- Not validated against rows already stored: the next save of such a row says what is missing.
alter table public.billing_settings
  add constraint billing_settings_bank_pair
  check ((bank_reg_no is null) = (bank_account_no is null)) not valid;

-- Ledger accounts are account numbers in the club's bookkeeping system (e-conomic, Dinero,
-- Billy, Uniconta all number them); the export writes them into a CSV, so nothing else fits.
alter table public.billing_settings
  add constraint billing_settings_debtor_account_check check (debtor_account ~ '^[0-9]{1,10}$') not valid,
  add constraint billing_settings_revenue_exempt_account_check check (revenue_exempt_account ~ '^[0-9]{1,10}$') not valid,
  add constraint billing_settings_revenue_taxable_account_check check (revenue_taxable_account ~ '^[0-9]{1,10}$') not valid,
  add constraint billing_settings_vat_account_check check (vat_account ~ '^[0-9]{1,10}$') not valid,
  add constraint billing_settings_fee_income_account_check check (fee_income_account ~ '^[0-9]{1,10}$') not valid,
  add constraint billing_settings_bank_account_check check (bank_account ~ '^[0-9]{1,10}$') not valid;

-- Numbers an owner typed under Settings move over where billing has none of its own.
insert into public.billing_settings as b (community_id, bank_reg_no, bank_account_no, iban)
select s.community_id,
       case when s.bank_reg_no is not null and s.bank_account_no is not null then s.bank_reg_no end,
       case when s.bank_reg_no is not null and s.bank_account_no is not null then s.bank_account_no end,
       s.iban
  from public.community_settings s
 where (s.bank_reg_no is not null and s.bank_account_no is not null) or s.iban is not null
on conflict (community_id) do update
  set bank_reg_no = case when b.bank_reg_no is null and b.bank_account_no is null then excluded.bank_reg_no
                         else b.bank_reg_no end,
      bank_account_no = case when b.bank_reg_no is null and b.bank_account_no is null then excluded.bank_account_no
                             else b.bank_account_no end,
      iban = coalesce(b.iban, excluded.iban);

alter table public.community_settings
  drop column bank_reg_no,
  drop column bank_account_no,
  drop column iban;

create or replace function app_private.touch_billing_settings() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger billing_settings_touch before update on public.billing_settings
  for each row execute function app_private.touch_billing_settings();

-- Who changed the account members pay into, and from what, is in the audit log: a changed
-- bank account on invoices is how invoice fraud is done.
create or replace function app_private.audit_billing_settings() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- A first save starts from the table's defaults (the ledger accounts above), so only what the
  -- admin set is recorded.
  v_old jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) - 'updated_at'
                      else jsonb_build_object('debtor_account', '5600', 'revenue_exempt_account', '1000',
                                              'revenue_taxable_account', '1010', 'vat_account', '7700',
                                              'fee_income_account', '1090', 'bank_account', '5820') end;
  v_new jsonb := to_jsonb(new) - 'updated_at' - 'community_id';
  v_changed jsonb;
begin
  if tg_op = 'INSERT' then
    v_new := jsonb_strip_nulls(v_new);
  end if;
  select coalesce(jsonb_object_agg(k, jsonb_build_array(v_old -> k, v_new -> k)), '{}') into v_changed
    from jsonb_object_keys(v_new) k where v_old -> k is distinct from v_new -> k;
  if v_changed = '{}' then
    return null;
  end if;
  perform app_private.audit(new.community_id, 'settings', 'settings_changed',
    (select c.name from public.communities c where c.id = new.community_id), new.community_id::text, v_changed);
  return null;
end
$$;
create trigger billing_settings_audit after insert or update on public.billing_settings
  for each row execute function app_private.audit_billing_settings();

-- As 20261129140000, with the IBAN among the payment details.
create or replace function public.invoice_document(p_invoice_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
                                       'street', s.street, 'postal_code', s.postal_code, 'city', s.city)
             from public.communities c where c.id = i.community_id),
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
