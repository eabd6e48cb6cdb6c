-- Payments (provider credentials, the checkout, provider events, exceptions): functions and their grants.
-- The current definition of each object, once. To change a rule, edit it here, then run
-- `npm run db:diff -- <name>` and commit this file with the migration it writes.

set check_function_bodies = off;

CREATE FUNCTION public.save_payment_provider(p_community_id uuid, p_settings jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The provider keys are encrypted with the server's key (the CPR key, app_private.cpr_key())
-- and never read back by a client: payment_provider_status says only whether they are set.
declare
  v_key text;
  v_old app_private.payment_provider_credentials;
  v_env text := coalesce(p_settings ->> 'environment', 'test');
  v_msn text := trim(coalesce(p_settings ->> 'merchant_serial_number', ''));
  v_client_id text := nullif(trim(coalesce(p_settings ->> 'client_id', '')), '');
  v_client_secret text := nullif(trim(coalesce(p_settings ->> 'client_secret', '')), '');
  v_subscription_key text := nullif(trim(coalesce(p_settings ->> 'subscription_key', '')), '');
  v_webhook_secret text := nullif(trim(coalesce(p_settings ->> 'webhook_secret', '')), '');
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'Payment provider keys are set by billing admins of the community');
  end if;
  if v_env not in ('test', 'production') then
    perform app_private.fail('invalid_environment', 'The environment is test or production');
  end if;
  if v_msn !~ '^[0-9]{4,6}$' then
    perform app_private.fail('invalid_merchant_serial_number', 'The merchant serial number (MSN) is 4 to 6 digits');
  end if;
  select * into v_old from app_private.payment_provider_credentials where community_id = p_community_id;
  if v_old.community_id is null and (v_client_id is null or v_client_secret is null or v_subscription_key is null) then
    perform app_private.fail('credentials_required', 'Give the client id, client secret and subscription key');
  end if;
  v_key := app_private.cpr_key();
  insert into app_private.payment_provider_credentials as c (community_id, environment, merchant_serial_number,
    client_id_encrypted, client_secret_encrypted, subscription_key_encrypted, webhook_secret_encrypted)
  values (p_community_id, v_env, v_msn,
          extensions.pgp_sym_encrypt(coalesce(v_client_id, ''), v_key),
          extensions.pgp_sym_encrypt(coalesce(v_client_secret, ''), v_key),
          extensions.pgp_sym_encrypt(coalesce(v_subscription_key, ''), v_key),
          case when v_webhook_secret is not null then extensions.pgp_sym_encrypt(v_webhook_secret, v_key) end)
  on conflict (community_id) do update set
    environment = excluded.environment,
    merchant_serial_number = excluded.merchant_serial_number,
    client_id_encrypted = case when v_client_id is null then c.client_id_encrypted else excluded.client_id_encrypted end,
    client_secret_encrypted = case when v_client_secret is null then c.client_secret_encrypted else excluded.client_secret_encrypted end,
    subscription_key_encrypted = case when v_subscription_key is null then c.subscription_key_encrypted else excluded.subscription_key_encrypted end,
    webhook_secret_encrypted = coalesce(excluded.webhook_secret_encrypted, c.webhook_secret_encrypted),
    updated_at = now();
end
$$;

REVOKE ALL ON FUNCTION public.save_payment_provider(p_community_id uuid, p_settings jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_payment_provider(p_community_id uuid, p_settings jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_payment_provider(p_community_id uuid, p_settings jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.save_payment_provider(p_community_id uuid, p_settings jsonb) TO service_role;

CREATE FUNCTION public.payment_provider_status(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare c app_private.payment_provider_credentials;
begin
  if not app_private.has_area(p_community_id, 'billing') then
    perform app_private.fail('not_allowed', 'The payment provider is set up by billing admins of the community');
  end if;
  select * into c from app_private.payment_provider_credentials where community_id = p_community_id;
  return jsonb_build_object('configured', c.community_id is not null, 'provider', c.provider,
                            'environment', c.environment, 'merchant_serial_number', c.merchant_serial_number,
                            'webhook_configured', c.webhook_secret_encrypted is not null, 'updated_at', c.updated_at);
end
$$;

REVOKE ALL ON FUNCTION public.payment_provider_status(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.payment_provider_status(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.payment_provider_status(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.payment_provider_status(p_community_id uuid) TO service_role;

CREATE FUNCTION public.payment_provider_secrets(p_community_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- For the payment functions only (the service role): the decrypted keys of one community.
declare
  c app_private.payment_provider_credentials;
  v_key text;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Provider keys are read by the payment functions only');
  end if;
  select * into c from app_private.payment_provider_credentials where community_id = p_community_id;
  if c.community_id is null then
    perform app_private.fail('provider_not_configured', 'The club has not set up online payment');
  end if;
  v_key := app_private.cpr_key();
  return jsonb_build_object(
    'provider', c.provider, 'environment', c.environment, 'merchant_serial_number', c.merchant_serial_number,
    'client_id', extensions.pgp_sym_decrypt(c.client_id_encrypted, v_key),
    'client_secret', extensions.pgp_sym_decrypt(c.client_secret_encrypted, v_key),
    'subscription_key', extensions.pgp_sym_decrypt(c.subscription_key_encrypted, v_key),
    'webhook_secret', case when c.webhook_secret_encrypted is not null
                           then extensions.pgp_sym_decrypt(c.webhook_secret_encrypted, v_key) end);
end
$$;

REVOKE ALL ON FUNCTION public.payment_provider_secrets(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.payment_provider_secrets(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.payment_provider_secrets(p_community_id uuid) TO service_role;

CREATE FUNCTION app_private.checkout_answer(o public.orders) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object('order_id', o.id, 'total_ore', o.amount_ore, 'currency', o.currency,
                            'expires_at', o.expires_at, 'status', o.payment_status)
$$;

REVOKE ALL ON FUNCTION app_private.checkout_answer(o public.orders) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.checkout_answer(o public.orders) FROM PUBLIC;

CREATE FUNCTION app_private.release_order(p_order_id uuid, p_status text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- An order that will not be paid lets its held places go.
begin
  update public.orders set payment_status = p_status
   where id = p_order_id and payment_status in ('pending', 'authorized');
  if not found then
    return false;
  end if;
  update public.ticket_purchases p set status = 'cancelled', cancelled_at = now()
    from public.order_lines l
   where l.order_id = p_order_id and l.kind = 'ticket' and p.id = l.purchase_id and p.status = 'active';
  return true;
end
$$;

REVOKE ALL ON FUNCTION app_private.release_order(p_order_id uuid, p_status text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.release_order(p_order_id uuid, p_status text) FROM PUBLIC;

CREATE FUNCTION app_private.expire_orders(p_community_id uuid) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  n integer := 0;
begin
  for r in select o.id from public.orders o
            where o.payment_status = 'pending' and o.expires_at < now()
              and (p_community_id is null or o.community_id = p_community_id)
            order by o.id for update skip locked loop
    if app_private.release_order(r.id, 'expired') then
      n := n + 1;
    end if;
  end loop;
  return n;
end
$$;

REVOKE ALL ON FUNCTION app_private.expire_orders(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.expire_orders(p_community_id uuid) FROM PUBLIC;

CREATE FUNCTION public.expire_checkouts() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Expired checkouts are released by the server');
  end if;
  return app_private.expire_orders(null);
end
$$;

REVOKE ALL ON FUNCTION public.expire_checkouts() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.expire_checkouts() FROM PUBLIC;
GRANT ALL ON FUNCTION public.expire_checkouts() TO service_role;

CREATE FUNCTION public.online_payment_available(p_community_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Whether the member app offers MobilePay and card for this club (decision 1034): true once the
-- club's billing admins have set up the provider. Answered to members and admins of the community
-- only; everyone else gets false, so it says nothing about clubs one does not belong to.
  select (app_private.my_member_id(p_community_id) is not null
          or exists (select 1 from public.memberships ms
                      where ms.community_id = p_community_id and ms.user_id = auth.uid()))
     and exists (select 1 from app_private.payment_provider_credentials c where c.community_id = p_community_id)
$$;

REVOKE ALL ON FUNCTION public.online_payment_available(p_community_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.online_payment_available(p_community_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.online_payment_available(p_community_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.online_payment_available(p_community_id uuid) TO service_role;

CREATE FUNCTION public.start_checkout(p_community_id uuid, p_items jsonb, p_idempotency_key text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- One checkout for what a member pays (decision 1042): the database prices every item, holds
-- ticket places for 15 minutes (as active purchases made by buy_ticket, with its sale windows,
-- limits, member-only rule and locks), and answers the same order for the same key.
-- Tickets are taken in ticket id order, all of one type's places in this checkout at its first
-- item, so two buyers never hold places each other waits for (decision 1073, addendum); a ticket
-- type sold out already is refused before any order is written.
declare
  v_user uuid := auth.uid();
  v_member uuid;
  v_currency character(3);
  o public.orders;
  v_items jsonb;
  it record;
  v_n integer := 0;
  v_id uuid;
  i public.invoices;
  p public.ticket_purchases;
  v_label text;
  v_total bigint;
begin
  if v_user is null then
    perform app_private.fail('not_signed_in', 'Sign in to pay');
  end if;
  if p_idempotency_key is null or length(p_idempotency_key) not between 1 and 100 then
    perform app_private.fail('invalid_idempotency_key', 'Give a key of 1 to 100 characters that is the same when the call is repeated');
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) not between 1 and 20 then
    perform app_private.fail('invalid_items', 'Give 1 to 20 items to pay');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('start_checkout:' || v_user::text || ':' || p_idempotency_key, 0));
  select * into o from public.orders
   where community_id = p_community_id and buyer_user_id = v_user and idempotency_key = p_idempotency_key;
  if o.id is not null then
    return app_private.checkout_answer(o);
  end if;
  v_member := app_private.my_member_id(p_community_id);
  if v_member is null then
    perform app_private.fail('not_a_member', 'Only members of the community pay here');
  end if;
  -- The items read once: invoices first, then tickets in id order; take is how many places the
  -- item takes from the ticket's stock (all of its type's at the first item of a type, else 0).
  begin
    select coalesce(jsonb_agg(to_jsonb(r) order by r.kind = 'ticket', r.id, r.n), '[]'::jsonb) into v_items
    from (select a.n::integer as n, a.x ->> 'kind' as kind, a.id, a.quantity, a.add_ons,
                 case when row_number() over (partition by a.x ->> 'kind', a.id order by a.n) = 1
                      then sum(a.quantity) over (partition by a.x ->> 'kind', a.id) else 0 end as take
          from (select e.x, e.n, coalesce(e.x ->> 'invoice_id', e.x ->> 'ticket_id')::uuid as id,
                       coalesce((e.x ->> 'quantity')::integer, 1) as quantity,
                       coalesce(e.x -> 'add_ons', '[]'::jsonb) as add_ons
                from jsonb_array_elements(p_items) with ordinality e(x, n)) a) r;
  exception when others then
    perform app_private.fail('invalid_items', 'An item is {kind: invoice, invoice_id} or {kind: ticket, ticket_id, quantity, add_ons}');
  end;
  -- A ticket of another community is no ticket here (so the member row above is the buyer's).
  if exists (select 1 from jsonb_to_recordset(v_items) r(kind text, id uuid)
              where r.kind = 'ticket' and r.id is not null
                and not exists (select 1 from public.tickets t where t.id = r.id and t.community_id = p_community_id)) then
    perform app_private.fail('ticket_not_found', 'No such ticket');
  end if;
  -- Sold out before any work: the answer buy_ticket would give for a ticket on sale to this member
  -- (app_private.ticket_sale_refusal, not invite-only, a valid quantity), from a read that locks
  -- nothing, unless expired holds are about to give places back.
  select format('Only %s tickets left', s.n) into v_label
  from jsonb_to_recordset(v_items) r(kind text, id uuid, quantity integer, add_ons jsonb, take integer)
  join public.tickets t on t.id = r.id and t.participant_limit is not null
  join public.events e on e.id = t.event_id
  cross join lateral (select count(*) as n from (select from app_private.ticket_stock s where s.ticket_id = t.id
                                                  limit r.take) s) s
  where r.kind = 'ticket' and r.take > 0 and s.n < r.take
    and r.quantity between 1 and t.max_per_purchase and jsonb_typeof(r.add_ons) = 'array'
    and e.visibility in ('public', 'members') and app_private.ticket_sale_refusal(t, e) is null
  order by t.id limit 1;
  if v_label is not null
     and not exists (select 1 from public.orders x
                      where x.payment_status = 'pending' and x.expires_at < now() and x.community_id = p_community_id) then
    perform app_private.fail('sold_out', v_label);
  end if;
  -- Holds that ran out give their places back before this order counts them.
  perform app_private.expire_orders(p_community_id);
  select c.currency into v_currency from public.communities c where c.id = p_community_id;
  insert into public.orders (community_id, product_name, member_id, amount_ore, currency, buyer_user_id, idempotency_key,
                             payment_status, expires_at)
  values (p_community_id, 'Checkout', v_member, 0, coalesce(v_currency, 'DKK'), v_user, p_idempotency_key, 'pending',
          now() + interval '15 minutes')
  returning * into o;
  for it in select * from jsonb_to_recordset(v_items) r(n integer, kind text, id uuid, quantity integer, add_ons jsonb,
                                                          take integer) loop
    v_n := it.n;
    v_id := it.id;
    if it.kind = 'invoice' and v_id is not null then
      select * into i from public.invoices where id = v_id and community_id = p_community_id for update;
      if i.id is null or not (i.account_id = any (app_private.my_account_ids())) then
        perform app_private.fail('invoice_not_found', 'No such invoice among yours');
      end if;
      if i.kind <> 'invoice' or i.status <> 'issued' or i.total_ore + i.fees_ore - i.paid_ore <= 0 then
        perform app_private.fail('invoice_not_payable', 'This invoice has nothing left to pay');
      end if;
      if exists (select 1 from public.order_lines l where l.order_id = o.id and l.invoice_id = i.id) then
        perform app_private.fail('duplicate_item', 'The invoice is in the checkout once');
      end if;
      if i.currency <> o.currency then
        perform app_private.fail('mixed_currency', 'Everything in one checkout is paid in one currency');
      end if;
      insert into public.order_lines (community_id, order_id, kind, invoice_id, description, amount_ore, sort_order)
      values (p_community_id, o.id, 'invoice', i.id, 'Faktura ' || i.number, i.total_ore + i.fees_ore - i.paid_ore, v_n);
    elsif it.kind = 'ticket' and v_id is not null then
      v_id := app_private.sell_ticket(v_id, it.quantity, it.add_ons, v_member, it.take);
      select * into p from public.ticket_purchases where id = v_id;
      if p.community_id <> p_community_id then
        perform app_private.fail('ticket_not_found', 'No such ticket');
      end if;
      if p.currency <> o.currency then
        perform app_private.fail('mixed_currency', 'Everything in one checkout is paid in one currency');
      end if;
      select t.name || ', ' || e.title into v_label from public.tickets t join public.events e on e.id = t.event_id
       where t.id = p.ticket_id;
      insert into public.order_lines (community_id, order_id, kind, ticket_id, purchase_id, quantity, description,
                                      amount_ore, sort_order)
      values (p_community_id, o.id, 'ticket', p.ticket_id, p.id, p.quantity,
              case when p.quantity > 1 then p.quantity || ' × ' else '' end || v_label, p.total_ore, v_n);
    else
      perform app_private.fail('invalid_items', 'An item is {kind: invoice, invoice_id} or {kind: ticket, ticket_id, quantity, add_ons}');
    end if;
  end loop;
  select coalesce(sum(l.amount_ore), 0), left(string_agg(l.description, ', ' order by l.sort_order), 100)
    into v_total, v_label from public.order_lines l where l.order_id = o.id;
  update public.orders set amount_ore = v_total, product_name = v_label where id = o.id returning * into o;
  if v_total = 0 then
    -- Nothing to pay: confirmed at once.
    perform app_private.settle_order(o.id, null);
    select * into o from public.orders where id = o.id;
  end if;
  return app_private.checkout_answer(o);
end
$$;

REVOKE ALL ON FUNCTION public.start_checkout(p_community_id uuid, p_items jsonb, p_idempotency_key text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.start_checkout(p_community_id uuid, p_items jsonb, p_idempotency_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.start_checkout(p_community_id uuid, p_items jsonb, p_idempotency_key text) TO authenticated;

CREATE FUNCTION app_private.order_payer_account(p_order_id uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The payer account of the buyer's member row, made the first time the member pays.
declare
  o public.orders;
  m public.members;
  v_account uuid;
begin
  select * into o from public.orders where id = p_order_id;
  if o.account_id is not null then
    return o.account_id;
  end if;
  select a.id into v_account from public.billing_accounts a where a.member_id = o.member_id order by a.created_at, a.id limit 1;
  if v_account is null then
    select * into m from public.members where id = o.member_id;
    insert into public.billing_accounts (community_id, name, kind, member_id, email)
    values (o.community_id, trim(coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '')), 'member', m.id,
            case when m.email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then m.email end)
    returning id into v_account;
  end if;
  update public.orders set account_id = v_account where id = p_order_id;
  return v_account;
end
$$;

REVOKE ALL ON FUNCTION app_private.order_payer_account(p_order_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.order_payer_account(p_order_id uuid) FROM PUBLIC;

CREATE FUNCTION app_private.settle_order(p_order_id uuid, p_payment_id uuid) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The order is paid: its tickets stay, its invoices get the payment, the ledger gets the rest.
declare
  o public.orders;
  pay public.payments;
  v_account uuid;
  v_tickets bigint;
  l record;
  i public.invoices;
begin
  select * into o from public.orders where id = p_order_id for update;
  if o.payment_status = 'paid' then
    return false;
  end if;
  select * into pay from public.payments where id = p_payment_id;
  select coalesce(sum(amount_ore), 0) into v_tickets from public.order_lines where order_id = o.id and kind = 'ticket';
  if v_tickets > 0 then
    v_account := app_private.order_payer_account(o.id);
    perform app_private.ledger_append(o.community_id, v_account, 'charge', 'receivable', v_tickets,
                                      'Ordre: ' || o.product_name, null, o.id, pay.id);
    perform app_private.ledger_append(o.community_id, v_account, 'payment', 'receivable', -v_tickets,
                                      'Betaling (' || coalesce(pay.method, 'gratis') || '), ordre', null, o.id, pay.id);
  end if;
  for l in select * from public.order_lines where order_id = o.id and kind = 'invoice' order by sort_order loop
    select * into i from public.invoices where id = l.invoice_id for update;
    if i.status = 'issued' then
      insert into public.invoice_payments (community_id, invoice_id, amount_ore, method, reference)
      values (o.community_id, i.id, l.amount_ore, pay.method::public.payment_method, pay.reference);
    else
      -- Paid by other means meanwhile: the money is the payer's credit, and the treasurer is told.
      insert into public.account_credits (community_id, account_id, amount_ore, source, invoice_id)
      values (o.community_id, i.account_id, l.amount_ore, 'overpayment', i.id);
      insert into public.payment_exceptions (community_id, kind, reference, order_id, payment_id, amount_ore, detail)
      values (o.community_id, 'invoice_not_payable', pay.reference, o.id, pay.id, l.amount_ore,
              format('Invoice %s was %s when its online payment arrived; the amount is the payer''s credit', i.number, i.status));
    end if;
  end loop;
  update public.orders set payment_status = 'paid', paid_at = now() where id = o.id;
  return true;
end
$$;

REVOKE ALL ON FUNCTION app_private.settle_order(p_order_id uuid, p_payment_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION app_private.settle_order(p_order_id uuid, p_payment_id uuid) FROM PUBLIC;

CREATE FUNCTION public.checkout_payment(p_order_id uuid, p_method text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The buyer's payment of an order at the provider: made once per order and method (the same
-- reference and idempotency key when asked again), a new one after the last was given up.
declare
  o public.orders;
  pay public.payments;
  v_hex text;
  v_n integer;
begin
  select * into o from public.orders where id = p_order_id for update;
  if o.id is null or o.buyer_user_id is distinct from auth.uid() then
    perform app_private.fail('order_not_found', 'No such order among yours');
  end if;
  if p_method is null or p_method not in ('mobilepay', 'card') then
    perform app_private.fail('invalid_method', 'Pay by mobilepay or card');
  end if;
  if o.payment_status = 'paid' then
    perform app_private.fail('order_already_paid', 'This order is paid');
  end if;
  if o.payment_status <> 'pending' then
    perform app_private.fail('order_not_payable', format('This order is %s; start a new checkout', o.payment_status));
  end if;
  if o.expires_at < now() then
    perform app_private.fail('order_expired', 'The places were held for 15 minutes; start a new checkout');
  end if;
  if o.amount_ore <= 0 then
    perform app_private.fail('nothing_to_pay', 'This order has nothing to pay');
  end if;
  select * into pay from public.payments where order_id = o.id and method = p_method and state = 'created'
   order by created_at desc limit 1;
  v_hex := replace(o.id::text, '-', '');
  if pay.id is null then
    select count(*) + 1 into v_n from public.payments where order_id = o.id;
    insert into public.payments (community_id, order_id, reference, method, amount_ore, currency)
    values (o.community_id, o.id, 'o' || v_hex || '-' || v_n, p_method, o.amount_ore, o.currency)
    returning * into pay;
  end if;
  return jsonb_build_object(
    'payment_id', pay.id, 'community_id', pay.community_id, 'reference', pay.reference, 'method', pay.method,
    'amount_ore', pay.amount_ore, 'currency', pay.currency, 'redirect_url', pay.redirect_url,
    'description', left(coalesce((select c.name from public.communities c where c.id = o.community_id) || ': ', '') || o.product_name, 100),
    'idempotency_key', 'co-' || v_hex || '-' || split_part(pay.reference, '-', 2));
end
$$;

REVOKE ALL ON FUNCTION public.checkout_payment(p_order_id uuid, p_method text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.checkout_payment(p_order_id uuid, p_method text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.checkout_payment(p_order_id uuid, p_method text) TO authenticated;

CREATE FUNCTION public.record_payment_redirect(p_payment_id uuid, p_redirect_url text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Recorded by the payment functions only');
  end if;
  update public.payments set redirect_url = p_redirect_url, updated_at = now() where id = p_payment_id;
end
$$;

REVOKE ALL ON FUNCTION public.record_payment_redirect(p_payment_id uuid, p_redirect_url text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_payment_redirect(p_payment_id uuid, p_redirect_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_payment_redirect(p_payment_id uuid, p_redirect_url text) TO service_role;

CREATE FUNCTION public.record_payment_exception(p_payment_id uuid, p_kind text, p_detail text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Recorded by the payment functions only');
  end if;
  insert into public.payment_exceptions (community_id, kind, reference, order_id, payment_id, amount_ore, detail)
  select p.community_id, p_kind, p.reference, p.order_id, p.id, p.amount_ore, p_detail from public.payments p
   where p.id = p_payment_id;
end
$$;

REVOKE ALL ON FUNCTION public.record_payment_exception(p_payment_id uuid, p_kind text, p_detail text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_payment_exception(p_payment_id uuid, p_kind text, p_detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_payment_exception(p_payment_id uuid, p_kind text, p_detail text) TO service_role;

CREATE FUNCTION public.record_payment_event(p_community_id uuid, p_event jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- Each provider event is recorded once (its event key) and moves the payment and its order at
-- most one step: a replayed or late event finds the step taken and changes nothing. The answer
-- says what the caller does at the provider next: capture, cancel or nothing.
declare
  v_key text := p_event ->> 'eventKey';
  v_name text := lower(p_event ->> 'name');
  v_reference text := p_event ->> 'reference';
  v_amount bigint := (p_event -> 'amount' ->> 'ore')::bigint;
  v_currency text := p_event -> 'amount' ->> 'currency';
  v_success boolean := coalesce((p_event ->> 'success')::boolean, false);
  v_event bigint;
  v_outcome text := 'recorded';
  v_action text := 'none';
  v_previous text;
  pay public.payments;
  o public.orders;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Provider events are recorded by the payment functions only');
  end if;
  if v_key is null or v_reference is null or v_name is null or v_amount is null then
    perform app_private.fail('invalid_event', 'The event needs its key, reference, name and amount');
  end if;
  insert into public.payment_events (community_id, event_key, reference, name, amount_ore, success, occurred_at, payload, outcome)
  values (p_community_id, v_key, v_reference, v_name, v_amount, v_success,
          coalesce((p_event ->> 'occurredAt')::timestamp with time zone, now()), p_event, 'received')
  on conflict (event_key) do nothing
  returning id into v_event;
  select * into pay from public.payments where reference = v_reference and community_id = p_community_id for update;
  if v_event is null then
    -- Delivered before. Only a capture that has not happened yet is asked for again.
    select e.outcome into v_previous from public.payment_events e where e.event_key = v_key;
    select * into o from public.orders where id = pay.order_id;
    if v_previous = 'capture' and pay.state = 'authorized' and o.payment_status = 'authorized' then
      v_action := 'capture';
    end if;
    return jsonb_build_object('outcome', 'duplicate', 'action', v_action, 'payment_id', pay.id,
                              'reference', v_reference, 'amount_ore', pay.amount_ore, 'currency', pay.currency);
  end if;
  if pay.id is null then
    insert into public.payment_exceptions (community_id, kind, reference, amount_ore, detail, payload)
    values (p_community_id, 'unknown_reference', v_reference, v_amount,
            format('The provider sent %s for a payment this club does not know', v_name), p_event);
    update public.payment_events set outcome = 'unknown_reference' where id = v_event;
    return jsonb_build_object('outcome', 'unknown_reference', 'action', 'none', 'reference', v_reference);
  end if;
  select * into o from public.orders where id = pay.order_id for update;
  if v_name = 'authorized' and v_success then
    if pay.state <> 'created' then
      v_outcome := 'no_change';
    elsif v_amount <> pay.amount_ore or v_currency is distinct from pay.currency::text then
      update public.payments set state = 'authorized', updated_at = now() where id = pay.id;
      insert into public.payment_exceptions (community_id, kind, reference, order_id, payment_id, amount_ore, expected_ore, detail, payload)
      values (p_community_id, 'amount_mismatch', v_reference, o.id, pay.id, v_amount, pay.amount_ore,
              format('Authorised %s %s where the order is %s %s; the payment is cancelled, not captured',
                     v_amount, v_currency, pay.amount_ore, pay.currency), p_event);
      v_outcome := 'amount_mismatch';
      v_action := 'cancel';
    elsif o.payment_status = 'pending' and o.expires_at >= now() then
      update public.payments set state = 'authorized', updated_at = now() where id = pay.id;
      update public.orders set payment_status = 'authorized' where id = o.id;
      v_outcome := 'capture';
      v_action := 'capture';
    else
      -- Paid by another payment of the order, or its hold ran out: this one is given back.
      update public.payments set state = 'authorized', updated_at = now() where id = pay.id;
      if o.payment_status <> 'paid' then
        perform app_private.release_order(o.id, 'expired');
        insert into public.payment_exceptions (community_id, kind, reference, order_id, payment_id, amount_ore, detail, payload)
        values (p_community_id, 'late_authorization', v_reference, o.id, pay.id, v_amount,
                'Authorised after the order''s hold ran out; the payment is cancelled', p_event);
      end if;
      v_outcome := 'not_needed';
      v_action := 'cancel';
    end if;
  elsif v_name = 'captured' and v_success then
    if pay.state = 'authorized' and o.payment_status = 'authorized' then
      update public.payments set state = 'captured', updated_at = now() where id = pay.id;
      perform app_private.settle_order(o.id, pay.id);
      v_outcome := 'paid';
    else
      v_outcome := 'no_change';
    end if;
  elsif v_name in ('aborted', 'expired', 'cancelled', 'terminated') then
    if pay.state in ('created', 'authorized') then
      update public.payments set state = v_name, updated_at = now() where id = pay.id;
      if not exists (select 1 from public.payments x where x.order_id = o.id and x.id <> pay.id
                                                     and x.state in ('created', 'authorized', 'captured')) then
        perform app_private.release_order(o.id, case when v_name = 'expired' then 'expired' else 'cancelled' end);
      end if;
      v_outcome := 'released';
    else
      v_outcome := 'no_change';
    end if;
  end if;
  update public.payment_events set outcome = v_outcome where id = v_event;
  return jsonb_build_object('outcome', v_outcome, 'action', v_action, 'payment_id', pay.id, 'order_id', o.id,
                            'reference', v_reference, 'amount_ore', pay.amount_ore, 'currency', pay.currency);
end
$$;

REVOKE ALL ON FUNCTION public.record_payment_event(p_community_id uuid, p_event jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_payment_event(p_community_id uuid, p_event jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_payment_event(p_community_id uuid, p_event jsonb) TO service_role;

CREATE FUNCTION public.complete_payment(p_payment_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The provider captured the payment: the order is paid (once, however often this is called).
declare
  pay public.payments;
  o public.orders;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Recorded by the payment functions only');
  end if;
  select * into pay from public.payments where id = p_payment_id for update;
  select * into o from public.orders where id = pay.order_id for update;
  if pay.state <> 'authorized' or o.payment_status <> 'authorized' then
    return jsonb_build_object('outcome', 'no_change', 'order_id', o.id, 'status', o.payment_status);
  end if;
  update public.payments set state = 'captured', updated_at = now() where id = pay.id;
  perform app_private.settle_order(o.id, pay.id);
  return jsonb_build_object('outcome', 'paid', 'order_id', o.id, 'status', 'paid');
end
$$;

REVOKE ALL ON FUNCTION public.complete_payment(p_payment_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.complete_payment(p_payment_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_payment(p_payment_id uuid) TO service_role;

CREATE FUNCTION public.request_ticket_refund(p_purchase_id uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- A ticket paid online, cancelled by its buyer inside the refund window (or by an event admin):
-- the refund to make at the provider, once per purchase (asked again, the same refund).
declare
  p public.ticket_purchases;
  l public.order_lines;
  pay public.payments;
  r public.payment_refunds;
begin
  select * into p from public.ticket_purchases where id = p_purchase_id for update;
  if p.id is null or not (p.member_id = any (app_private.my_member_ids()) or app_private.has_area(p.community_id, 'event')) then
    perform app_private.fail('purchase_not_found', 'No such ticket purchase');
  end if;
  select * into r from public.payment_refunds where purchase_id = p.id and state <> 'failed';
  if r.id is null then
    if p.status <> 'active' then
      perform app_private.fail('already_cancelled', 'The ticket is already cancelled');
    end if;
    if not app_private.ticket_refund_open(p.id) then
      perform app_private.fail('refund_window_closed', 'The last refund date has passed');
    end if;
    select l2.* into l from public.order_lines l2 join public.orders o on o.id = l2.order_id
     where l2.purchase_id = p.id and o.payment_status = 'paid';
    select * into pay from public.payments where order_id = l.order_id and state = 'captured';
    if pay.id is null or l.amount_ore <= 0 then
      perform app_private.fail('not_paid_online', 'This ticket was not paid online; cancel it instead');
    end if;
    insert into public.payment_refunds (community_id, payment_id, order_id, purchase_id, amount_ore)
    values (p.community_id, pay.id, l.order_id, p.id, l.amount_ore) returning * into r;
  end if;
  select * into pay from public.payments where id = r.payment_id;
  return jsonb_build_object('refund_id', r.id, 'community_id', r.community_id, 'reference', pay.reference,
                            'amount_ore', r.amount_ore, 'currency', pay.currency, 'state', r.state,
                            'idempotency_key', 'refund-' || replace(r.id::text, '-', ''));
end
$$;

REVOKE ALL ON FUNCTION public.request_ticket_refund(p_purchase_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.request_ticket_refund(p_purchase_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.request_ticket_refund(p_purchase_id uuid) TO authenticated;

CREATE FUNCTION public.complete_refund(p_refund_id uuid, p_refunded boolean, p_detail text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
-- The provider's answer to a refund: refunded → the ticket is cancelled and the ledger shows the
-- sale reversed and the money returned; refused → an exception for the treasurer.
declare
  r public.payment_refunds;
  o public.orders;
  pay public.payments;
begin
  if not app_private.is_trusted() then
    perform app_private.fail('not_allowed', 'Recorded by the payment functions only');
  end if;
  select * into r from public.payment_refunds where id = p_refund_id for update;
  if r.id is null or r.state <> 'requested' then
    return jsonb_build_object('refund_id', r.id, 'state', r.state);
  end if;
  select * into o from public.orders where id = r.order_id;
  select * into pay from public.payments where id = r.payment_id;
  if p_refunded then
    update public.payment_refunds set state = 'refunded', updated_at = now() where id = r.id;
    update public.ticket_purchases set status = 'cancelled', cancelled_at = now() where id = r.purchase_id and status = 'active';
    perform app_private.ledger_append(o.community_id, app_private.order_payer_account(o.id), 'credit', 'receivable',
                                      -r.amount_ore, 'Annulleret billet, ordre', null, o.id, pay.id);
    perform app_private.ledger_append(o.community_id, app_private.order_payer_account(o.id), 'refund', 'receivable',
                                      r.amount_ore, 'Tilbagebetalt (' || pay.method || '), ordre', null, o.id, pay.id);
    return jsonb_build_object('refund_id', r.id, 'state', 'refunded');
  end if;
  update public.payment_refunds set state = 'failed', updated_at = now() where id = r.id;
  insert into public.payment_exceptions (community_id, kind, reference, order_id, payment_id, amount_ore, detail)
  values (r.community_id, 'refund_failed', pay.reference, o.id, pay.id, r.amount_ore,
          coalesce(p_detail, 'The provider refused the refund') || '; refund it on portal.vipps.no or by bank transfer');
  return jsonb_build_object('refund_id', r.id, 'state', 'failed');
end
$$;

REVOKE ALL ON FUNCTION public.complete_refund(p_refund_id uuid, p_refunded boolean, p_detail text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.complete_refund(p_refund_id uuid, p_refunded boolean, p_detail text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.complete_refund(p_refund_id uuid, p_refunded boolean, p_detail text) TO service_role;
