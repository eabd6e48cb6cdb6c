-- What an invoice document (PDF, e-mail, OIOUBL) needs in one read, and the accounting
-- export: one posting per line for invoices, credit notes, reminder fees and payments in a
-- period (docs/decisions/0865).

create or replace function public.invoice_document(p_invoice_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  i public.invoices;
  a public.billing_accounts;
begin
  select * into i from public.invoices where id = p_invoice_id;
  select * into a from public.billing_accounts where id = i.account_id;
  if i.id is null or not (app_private.has_area(i.community_id, 'billing')
                          or a.member_id = any (app_private.my_member_ids())) then
    perform app_private.fail('invoice_not_found', 'No such invoice among yours');
  end if;
  return jsonb_build_object(
    'invoice', jsonb_build_object(
      'id', i.id, 'number', i.number, 'kind', i.kind, 'status', i.status, 'currency', i.currency,
      'issued_on', i.issued_on, 'due_on', i.due_on, 'note', i.note,
      'subtotal_ore', i.subtotal_ore, 'vat_ore', i.vat_ore, 'total_ore', i.total_ore,
      'fees_ore', i.fees_ore, 'paid_ore', i.paid_ore,
      'credited_number', (select o.number from public.invoices o where o.id = i.credited_invoice_id)),
    'lines', coalesce((select jsonb_agg(jsonb_build_object(
        'description', l.description, 'quantity', l.quantity, 'unit_price_ore', l.unit_price_ore,
        'vat_rate_bp', l.vat_rate_bp, 'vat_exempt', l.vat_exempt, 'line_kind', l.line_kind,
        'net_ore', l.net_ore, 'vat_ore', l.vat_ore) order by l.sort_order, l.id)
      from public.invoice_lines l where l.invoice_id = i.id), '[]'::jsonb),
    'account', jsonb_build_object(
      'name', a.name, 'kind', a.kind, 'email', a.email, 'cvr', a.cvr, 'ean', a.ean, 'street', a.street,
      'postal_code', a.postal_code, 'city', a.city, 'language', a.language),
    'club', (select jsonb_build_object('name', c.name, 'cvr', c.cvr, 'time_zone', c.time_zone)
             from public.communities c where c.id = i.community_id),
    'payment', coalesce((select jsonb_build_object('bank_reg_no', s.bank_reg_no, 'bank_account_no', s.bank_account_no,
                                                   'mobilepay_number', s.mobilepay_number, 'invoice_email', s.invoice_email)
                         from public.billing_settings s where s.community_id = i.community_id), '{}'::jsonb),
    'reminders', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'seq', r.seq, 'fee_ore', r.fee_ore,
                                                               'reminded_on', r.reminded_on, 'emailed_at', r.emailed_at)
                                            order by r.seq)
                           from public.invoice_reminders r where r.invoice_id = i.id), '[]'::jsonb));
end
$$;
revoke execute on function public.invoice_document(uuid) from public, anon;
grant execute on function public.invoice_document(uuid) to authenticated, service_role;

-- Postings of a period: debit positive, credit negative; each voucher sums to zero.
create or replace function public.accounting_postings(p_community_id uuid, p_from date, p_to date)
returns table (posted_on date, voucher text, account text, description text, amount_ore bigint, vat_code text)
language plpgsql stable security definer set search_path = '' as $$
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
revoke execute on function public.accounting_postings(uuid, date, date) from public, anon;
grant execute on function public.accounting_postings(uuid, date, date) to authenticated, service_role;

-- The same postings as CSV for Danish bookkeeping systems: semicolons, decimal comma, UTF-8.
create or replace function public.accounting_export_csv(p_community_id uuid, p_from date, p_to date) returns text
language sql stable security invoker set search_path = '' as $$
  select 'Dato;Bilag;Konto;Tekst;Beløb;Momskode' || E'\n' || coalesce(string_agg(
    to_char(p.posted_on, 'DD-MM-YYYY') || ';' || p.voucher || ';' || p.account || ';"' ||
    replace(p.description, '"', '""') || '";' ||
    replace(to_char(p.amount_ore / 100.0, 'FM999999999990.00'), '.', ',') || ';' || p.vat_code, E'\n' order by p.ord), '')
    || E'\n'
  from public.accounting_postings(p_community_id, p_from, p_to) with ordinality
       as p(posted_on, voucher, account, description, amount_ore, vat_code, ord)
$$;
revoke execute on function public.accounting_export_csv(uuid, date, date) from public, anon;
grant execute on function public.accounting_export_csv(uuid, date, date) to authenticated, service_role;
