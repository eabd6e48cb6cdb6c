// The booking screens for npm run bench:schema (issue 19). The demo community gets enough
// products to make BENCH_BOOKING_PRODUCTS (20), all open 08–22 every day, and a year of one-hour
// bookings around today filling BENCH_BOOKING_FILL (0.5) of their hours (the demo's own
// bookings count towards it). Timed: the calendar week as booking-week-grid.tsx asks for it
// (booking_calendar: the bookings starting in the week with the booker's name, and the
// products with their opening hours), and the admin booking call (admin_book_product, as save-booking.ts
// sends it) from BENCH_BOOKERS (20) concurrent callers, once spread over all the products and
// once all on one product (each call a different hour: since decision 0951 a booking waits
// only for bookings of the same hours).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database/database';

const productCount = Number(process.env.BENCH_BOOKING_PRODUCTS ?? 20);
const fill = Number(process.env.BENCH_BOOKING_FILL ?? 0.5);
const bookers = Number(process.env.BENCH_BOOKERS ?? 20);
const bookingCalls = Number(process.env.BENCH_BOOKING_CALLS ?? 400);
const benchPrefix = 'Bench: Hal ';

export interface BookingBenchContext {
  community: string;
  products: string[];
  members: string[];
}

export interface BookingBench {
  name: string;
  rest: (sb: SupabaseClient, x: BookingBenchContext) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 community. */
  sql: string;
}

/** Tops the demo community up to `productCount` products and fills a year of their hours. */
export async function seedBenchBookings(db: Database, community: string): Promise<string> {
  const started = performance.now();
  await db.query(
    `insert into public.booking_products (community_id, name, description, capacity, price_mode, price_ore)
     select $1, $2 || n, 'Bench', 1, 'hourly', 15000
     from generate_series(1, greatest(0, $3::int - (select count(*)::int from public.booking_products
                                                     where community_id = $1 and deleted_at is null))) n`,
    [community, benchPrefix, productCount],
  );
  await db.query(
    `insert into public.product_availability (community_id, product_id, weekday, starts_at, ends_at)
     select p.community_id, p.id, d, '08:00', '22:00' from public.booking_products p cross join generate_series(1, 7) d
     where p.community_id = $1 and p.name like $2 || '%'`,
    [community, benchPrefix],
  );
  // One-hour slots over the year from 182 days back, each taken with probability `fill`
  // unless the demo already booked it (every booking is a whole hour, so an equal start is
  // the only overlap).
  const inserted = await db.query(
    `with bookers as (select id, row_number() over (order by mid) - 1 as k from public.members
                      where community_id = $1 and status = 'active'),
          n as (select count(*) as n from bookers),
          slots as (
            select p.id as product_id, p.price_ore,
                   ((current_date - 182 + d) + h * interval '1 hour') at time zone c.time_zone as starts_at,
                   row_number() over () as r
            from public.booking_products p join public.communities c on c.id = p.community_id
            cross join generate_series(0, 364) d cross join generate_series(8, 21) h
            where p.community_id = $1 and p.deleted_at is null and random() < $2::float8)
     insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, status,
                                  checked_in_at, contact_shared, created_at)
     select $1, s.product_id, b.id, s.starts_at, s.starts_at + interval '1 hour', s.price_ore,
            case when s.starts_at < now() then 'checked_in' else 'booked' end::public.booking_status,
            case when s.starts_at < now() then s.starts_at end, true, s.starts_at - interval '3 days'
     from slots s cross join n join bookers b on b.k = (s.r * 7919) % n.n
     where not exists (select 1 from public.bookings x where x.product_id = s.product_id
                       and x.starts_at = s.starts_at and x.status <> 'cancelled')`,
    [community, fill],
  );
  const total = (
    await db.query<{ products: number; bookings: number }>(
      `select (select count(*)::int from public.booking_products where community_id = $1 and deleted_at is null) as products,
              (select count(*)::int from public.bookings where community_id = $1) as bookings`,
      [community],
    )
  ).rows[0]!;
  return (
    `${total.products} booking products, ${total.bookings} bookings (${inserted.rowCount} added ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s)`
  );
}

export async function bookingBenchContext(
  sb: SupabaseClient,
  community: string,
): Promise<BookingBenchContext> {
  // Every product a booking on behalf of a member passes without a certificate, a group or
  // shared contact details (the demo's minibus asks for all three).
  const products = await sb
    .from('booking_products')
    .select(
      'id, require_contact_sharing, product_required_certificates(kind), product_required_groups(group_id)',
    )
    .eq('community_id', community)
    .is('deleted_at', null)
    .order('name');
  const members = await sb
    .from('members')
    .select('id')
    .eq('community_id', community)
    .eq('status', 'active')
    .order('mid')
    .limit(200);
  if (products.error || members.error || !products.data?.length)
    throw new Error(
      `booking bench context: ${products.error?.message ?? members.error?.message ?? 'no products'}`,
    );
  const open = products.data.filter(
    (p) =>
      !p.require_contact_sharing &&
      !p.product_required_certificates.length &&
      !p.product_required_groups.length,
  );
  return { community, products: open.map((p) => p.id), members: (members.data ?? []).map((m) => m.id) };
}

/** Monday of the week four weeks from now (UTC dates; the grid asks from its zoned day start). */
function benchWeek(): { from: string; to: string } {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + 28 - ((d.getUTCDay() + 6) % 7));
  const to = new Date(d.getTime() + 7 * 86400000);
  return { from: d.toISOString(), to: to.toISOString() };
}
const week = benchWeek();

// As load-bookings.ts reads them (loadBookingsBetween: booking_calendar, decision 0950;
// loadOpeningHours).
export const bookingBenches: BookingBench[] = [
  {
    name: 'booking calendar week',
    rest: (sb, x) =>
      sb.rpc('booking_calendar', { p_community_id: x.community, p_from: week.from, p_to: week.to }),
    sql: `select * from public.booking_calendar($1, '${week.from}', '${week.to}')`,
  },
  {
    name: 'booking calendar opening hours',
    rest: (sb, x) =>
      sb
        .from('booking_products')
        .select('id, name, capacity, product_availability(weekday, on_date, starts_at, ends_at)')
        .eq('community_id', x.community)
        .is('deleted_at', null)
        .order('name')
        .limit(200),
    sql: `select p.id, p.name, p.capacity,
        (select json_agg(json_build_object('weekday', a.weekday, 'on_date', a.on_date, 'starts_at', a.starts_at,
                                           'ends_at', a.ends_at))
           from public.product_availability a where a.product_id = p.id) as product_availability
      from public.booking_products p where p.community_id = $1 and p.deleted_at is null order by p.name limit 200`,
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The local wall-clock start of free slot `i`: 500+ days ahead, clear of the seeded year. */
function slot(i: number, perDay: number): string {
  const day = new Date(Date.UTC(2000, 0, 1));
  const today = new Date();
  day.setUTCFullYear(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate() + 500 + Math.floor(i / perDay),
  );
  const hour = 8 + (i % perDay);
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(hour)}:00:00`;
}

/**
 * `bookingCalls` admin bookings from `bookers` concurrent callers, each of a free hour; with
 * `oneProduct` every call books the same product. Answers the line to print.
 */
export async function timeBookingCalls(
  sb: SupabaseClient,
  x: BookingBenchContext,
  engine: string,
  oneProduct: boolean,
): Promise<string> {
  if (bookingCalls <= 0 || bookers <= 0) return `${engine}: booking calls skipped`;
  const offset = oneProduct ? 200_000 : 0;
  let next = 0;
  const times: number[] = [];
  const failures = new Map<string, number>();
  const book = async (i: number) => {
    // Spread: consecutive calls go to different products, each product's hours in turn.
    const product = oneProduct ? x.products[0]! : x.products[i % x.products.length]!;
    const k = oneProduct ? i : Math.floor(i / x.products.length);
    const starts = slot(offset + k, 14);
    const ends = starts.replace(/T(\d\d)/, (_, h: string) => `T${pad(Number(h) + 1)}`);
    const started = performance.now();
    const { error } = await sb.rpc('admin_book_product', {
      p_product_id: product,
      p_member_id: x.members[i % x.members.length]!,
      p_starts_local: starts,
      p_ends_local: ends,
      p_share_contact: false,
      p_note: 'bench',
    });
    const ms = performance.now() - started;
    if (error) failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
    return ms;
  };
  // Warm-up on hours the timed calls do not use.
  for (let w = 0; w < 5; w++) await book(100_000 + w);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: bookers }, async () => {
      while (next < bookingCalls) times.push(await book(next++));
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const pick = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  const failed = [...failures].map(([m, n]) => `${n}× ${m}`).join('; ');
  return (
    `${engine}: admin_book_product, ${bookingCalls} calls from ${bookers} concurrent bookers ` +
    `${oneProduct ? 'on one product' : `over ${x.products.length} products`}: p50 ${pick(50).toFixed(1)} ms, ` +
    `p95 ${pick(95).toFixed(1)} ms, ${((bookingCalls / wall) * 1000).toFixed(0)} bookings/s (aim p95 < 30 ms)` +
    (failed ? `; FAILED: ${failed}` : '')
  );
}
