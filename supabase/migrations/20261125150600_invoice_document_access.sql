-- invoice_document let any signed-in caller read an invoice whose account has no member
-- (a household, an organisation, a public body): "member_id = any (...)" is null there, and
-- "not (false or null)" let the read through. The member test is now false when there is
-- no member. Found by the send-invoice test (a plain member asking for such an invoice).
create or replace function public.invoice_document(p_invoice_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  i public.invoices;
  a public.billing_accounts;
begin
  select * into i from public.invoices where id = p_invoice_id;
  select * into a from public.billing_accounts where id = i.account_id;
  if i.id is null or not (app_private.has_area(i.community_id, 'billing')
                          or coalesce(a.member_id = any (app_private.my_member_ids()), false)) then
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
