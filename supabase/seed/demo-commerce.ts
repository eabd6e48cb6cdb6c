// Demo booking, orders and billing: products with opening hours and a year of bookings that
// never overlap beyond capacity, orders in every state, and this year's kontingent invoices.
import type { Queryable } from '../../apps/server/src/database/database';
import { products } from './demo-vocabulary';

export async function seedBooking(
  tx: Queryable,
  community: string,
  clubIds: string[],
  bookingCount: number,
): Promise<void> {
  await tx.query(
    `insert into public.booking_products (community_id, club_id, name, description, capacity, price_mode, price_ore,
                                          require_contact_sharing, max_duration_minutes)
     select $1, ($2::uuid[])[case when p.name like 'Padel%' then 4 else 1 end], p.name, 'Book via appen.', p.cap,
            p.mode::public.booking_price_mode, p.price, p.name = 'Minibus', case when p.name like 'Padel%' then 120 end
     from unnest($3::text[], $4::int[], $5::text[], $6::int[]) as p(name, cap, mode, price)`,
    [
      community,
      clubIds,
      products.map((p) => p[0]),
      products.map((p) => p[1]),
      products.map((p) => p[2]),
      products.map((p) => p[3]),
    ],
  );
  await tx.query(
    `insert into public.product_availability (community_id, product_id, weekday, starts_at, ends_at)
     select p.community_id, p.id, d, '08:00', '22:00' from public.booking_products p cross join generate_series(1, 7) d
     where p.community_id = $1 order by p.name, d`,
    [community],
  );
  await tx.query(
    `insert into public.product_required_certificates (community_id, product_id, kind)
     select community_id, id, 'driving_licence' from public.booking_products where community_id = $1 and name = 'Minibus'`,
    [community],
  );
  // One-hour slots sampled from every product × day × hour, so no two bookings share a slot.
  await tx.query(
    `with slots as (
       select p.id as product_id, p.community_id, p.price_mode, p.price_ore,
              ((current_date - 180 + d) + h * interval '1 hour') at time zone c.time_zone as starts_at
       from public.booking_products p join public.communities c on c.id = p.community_id
       cross join generate_series(0, 364) d cross join generate_series(8, 21) h
       where p.community_id = $1 order by p.name, d, h),
     picked as (select * from slots where random() < $2::float8),
     bookers as (select id, row_number() over (order by mid) - 1 as k from public.members where community_id = $1 and status = 'active'),
     booker_count as (select count(*) as n from bookers)
     insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, status, checked_in_at,
                                  contact_shared, created_at)
     select s.community_id, s.product_id, b.id, s.starts_at, s.starts_at + interval '1 hour',
            case s.price_mode when 'hourly' then s.price_ore when 'individual' then s.price_ore else 0 end,
            case when s.starts_at < now() and random() < 0.9 then 'checked_in' when random() < 0.05 then 'cancelled'
                 else 'booked' end::public.booking_status,
            case when s.starts_at < now() then s.starts_at end, true, s.starts_at - interval '3 days'
     from (select *, row_number() over (order by starts_at, product_id) as r from picked) s
     cross join booker_count c join bookers b on b.k = (s.r * 7919) % c.n`,
    [community, Math.min(1, bookingCount / (products.length * 365 * 14))],
  );
}

export async function seedOrders(tx: Queryable, community: string, count: number): Promise<void> {
  await tx.query(
    `insert into public.orders (community_id, product_id, product_name, member_id, amount_ore, created_at)
     select $1, p.id, p.name, m.id, greatest(p.price_ore, 5000), now() - (m.mid % 300) * interval '1 day'
     from (select id, mid, row_number() over (order by mid) as r from public.members where community_id = $1 and status = 'active'
           order by mid limit $2) m
     join lateral (select id, name, price_ore from public.booking_products where community_id = $1
                   order by name offset (m.r % 6) limit 1) p on true`,
    [community, count],
  );
  await tx.query(
    `update public.orders set status = 'sent_to_customer' where community_id = $1 and (extract(day from created_at)::int % 4) <> 0`,
    [community],
  );
  await tx.query(
    `update public.orders set status = case when extract(day from created_at)::int % 3 = 0 then 'ordered' else 'activated' end::public.order_status
     where community_id = $1 and status = 'sent_to_customer' and extract(day from created_at)::int % 2 = 0`,
    [community],
  );
}

export async function seedBilling(tx: Queryable, community: string): Promise<void> {
  await tx.query(
    `insert into public.billing_plans (community_id, name, description, price_ore, billing_interval)
     values ($1, 'Senior kontingent', 'Aktivt medlem, 18 år og derover', 120000, 'annually'),
            ($1, 'Junior kontingent', 'Aktivt medlem under 18 år', 80000, 'annually'),
            ($1, 'Passivt medlemskab', 'Støttemedlem', 30000, 'annually')`,
    [community],
  );
  await tx.query(
    `insert into public.payment_terms (community_id, name, days_due, is_default, reminder_days, reminder_fee_ore)
     values ($1, 'Netto 14 dage', 14, true, '{3,13,23}', 10000), ($1, 'Netto 30 dage', 30, false, '{10,20}', 10000)`,
    [community],
  );
  // The club's payment details, printed on every invoice and reminder.
  await tx.query(
    `insert into public.billing_settings (community_id, bank_reg_no, bank_account_no, mobilepay_number, invoice_email,
                                          street, postal_code, city)
     values ($1, '9570', '0012345678', '12345', 'kasserer@example.dk', 'Idrætsvej 1', '8260', 'Viby J')
     on conflict (community_id) do update set bank_reg_no = excluded.bank_reg_no, bank_account_no = excluded.bank_account_no,
       mobilepay_number = excluded.mobilepay_number, invoice_email = excluded.invoice_email,
       street = excluded.street, postal_code = excluded.postal_code, city = excluded.city`,
    [community],
  );
  await tx.query(
    `insert into public.billing_accounts (community_id, name, kind, member_id, email, street, postal_code, city, plan_id)
     select m.community_id, m.full_name, 'member', m.id, m.email, m.street, m.postal_code, m.city,
            (select id from public.billing_plans where community_id = m.community_id and name =
               case when m.status = 'passive' then 'Passivt medlemskab'
                    when m.birth_date > current_date - interval '18 years' then 'Junior kontingent' else 'Senior kontingent' end)
     from public.members m where m.community_id = $1 and m.status <> 'left' order by m.mid`,
    [community],
  );
  await tx.query(
    `insert into public.billing_accounts (community_id, name, kind, cvr, ean, street, postal_code, city, payment_terms_id,
                                          order_reference, contact_reference)
     values ($1, 'Aarhus Kommune, Sport og Fritid', 'public_body', '55133018', '5798005770015', 'Rådhuspladsen 2', '8000', 'Aarhus C',
             (select id from public.payment_terms where community_id = $1 and days_due = 30), 'SOF-2026-114', 'Hal og baner'),
            ($1, 'Søndervang Pizza ApS', 'organisation', '12345678', null, 'Skolevej 4', '8260', 'Viby J', null, null, null)`,
    [community],
  );
  await tx.query(
    `insert into public.invoices (community_id, account_id, note, created_at)
     select a.community_id, a.id, 'Kontingent ' || extract(year from now()), date_trunc('year', now()) + interval '14 days'
     from public.billing_accounts a where a.community_id = $1 and a.kind = 'member' order by a.name, a.id`,
    [community],
  );
  await tx.query(
    `insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt,
                                       plan_id)
     select i.community_id, i.id, p.name || ' ' || extract(year from now()), 1, p.price_ore, 0, true, p.id
     from public.invoices i join public.billing_accounts a on a.id = i.account_id join public.billing_plans p on p.id = a.plan_id
     where i.community_id = $1 order by i.created_at, i.id`,
    [community],
  );
  await tx.query(
    `insert into public.invoices (community_id, account_id, note)
     select community_id, id, 'Sponsorat og baneleje' from public.billing_accounts where community_id = $1 and kind <> 'member'`,
    [community],
  );
  await tx.query(
    `insert into public.invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt)
     select i.community_id, i.id, l.d, l.q, l.p, 2500, false from public.invoices i join public.billing_accounts a on a.id = i.account_id
     cross join (values ('Leje af kunstgræsbane, timer', 20, 45000), ('Bandereklame', 1, 500000)) l(d, q, p)
     where i.community_id = $1 and a.kind <> 'member'`,
    [community],
  );
  await tx.query(
    `update public.invoices i set status = 'issued', issued_on = date_trunc('year', now())::date + 14, number = n.number
     from (select id, row_number() over (order by created_at, id) as number from public.invoices
           where community_id = $1 and total_ore > 0 order by created_at, id
           limit (select (count(*) * 0.95)::int from public.invoices where community_id = $1)) n
     where i.id = n.id`,
    [community],
  );
  await tx.query(
    `select app_private.bump_counter($1, 'invoice', (select coalesce(max(number), 0) from public.invoices where community_id = $1))`,
    [community],
  );
  await tx.query(
    `insert into public.invoice_payments (community_id, invoice_id, amount_ore, method, paid_at)
     select i.community_id, i.id, i.total_ore,
            (array['mobilepay', 'betalingsservice', 'betalingsservice', 'card', 'bank_transfer'])[1 + (i.number % 5)::int]::public.payment_method,
            i.issued_on + (i.number % 20)::int
     from public.invoices i where i.community_id = $1 and i.status = 'issued' and i.number % 10 < 7 order by i.number`,
    [community],
  );
  await tx.query(
    `insert into public.redirects (community_id, from_path, to_url)
     values ($1, '/da/sondervang-if/nyheder', '/da/sondervang-if/news'),
            ($1, '/da/sondervang-if/kontingent', 'https://www.dgi.dk/foreningsledelse')`,
    [community],
  );
}

/** Klubhjælp: this season's rule, made after the seeded fee run so its invoices stay as seeded. */
export async function seedVolunteerCreditRule(tx: Queryable, community: string): Promise<void> {
  await tx.query(
    `insert into public.volunteer_credit_rules (community_id, name, min_hours, credit_ore, season_start, season_end)
     values ($1, 'Klubhjælp ' || extract(year from now()), 5, 50000,
             date_trunc('year', now())::date, (date_trunc('year', now()) + interval '1 year - 1 day')::date)`,
    [community],
  );
}
