-- OIOUBL for invoices to public bodies (docs/decisions/0955).
-- * An EAN location number is 13 digits whose last is the GS1 check digit; a typo in one digit
--   is refused with its own code, as NemHandel would refuse to deliver to it.
-- * A public body's invoice carries its order number (ordrenummer/rekvisitionsnummer) and a
--   person reference (personreference), which public customers use to route the invoice.
-- * The club's postal address, which the seller's party of an OIOUBL document states.
-- invoice_document() gains these, so the OIOUBL file is made from the same one read.

create or replace function app_private.ean_check_digit_ok(p_ean text) returns boolean
language sql immutable set search_path = '' as $$
  select p_ean ~ '^[0-9]{13}$'
     and (10 - (select sum(substr(p_ean, i, 1)::int * case when i % 2 = 0 then 3 else 1 end)
                from generate_series(1, 12) i) % 10) % 10 = substr(p_ean, 13, 1)::int
$$;

alter table public.billing_accounts
  add column order_reference text check (order_reference is null or length(order_reference) <= 35),
  add column contact_reference text check (contact_reference is null or length(contact_reference) <= 40);

alter table public.billing_settings
  add column street text check (street is null or length(street) <= 160),
  add column postal_code text check (postal_code is null or postal_code ~ '^[0-9]{4}$'),
  add column city text check (city is null or length(city) <= 80);

create or replace function app_private.before_billing_account_write() returns trigger
language plpgsql as $$
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
$$;

-- As 20261125150600, with the account's order and person references and the club's address.
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
                                            'mobilepay_number', s.mobilepay_number, 'invoice_email', s.invoice_email) end,
    'reminders', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'seq', r.seq, 'fee_ore', r.fee_ore,
                                                               'reminded_on', r.reminded_on, 'emailed_at', r.emailed_at)
                                            order by r.seq)
                           from public.invoice_reminders r where r.invoice_id = i.id), '[]'::jsonb));
end
$$;
