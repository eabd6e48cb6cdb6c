// Booking test helpers: products with opening hours, local dates relative to today (so the
// tests keep working as time passes) and the next summer-time changes in Copenhagen.
import type { World } from './domain-world';

export const zone = 'Europe/Copenhagen';

export interface ProductSpec {
  name: string;
  capacity?: number;
  availability?: 'weekly' | 'specific_days' | 'timeslot';
  priceMode?: 'none' | 'hourly' | 'individual';
  priceOre?: number;
  extra?: Record<string, number | boolean | null>;
  /** [weekday 1-7 or 'YYYY-MM-DD', 'HH:MM', 'HH:MM'] */
  hours: [number | string, string, string][];
}

export async function makeProduct(
  world: World,
  spec: ProductSpec,
  community = world.communityA,
): Promise<string> {
  const extra = Object.entries(spec.extra ?? {});
  const cols = extra.map(([k]) => `, ${k}`).join('');
  const vals = extra.map((_, i) => `, $${i + 7}`).join('');
  const product = await world.db.query<{ id: string }>(
    `insert into booking_products (community_id, name, capacity, availability, price_mode, price_ore${cols})
     values ($1, $2, $3, $4, $5, $6${vals}) returning id`,
    [
      community,
      spec.name,
      spec.capacity ?? 1,
      spec.availability ?? 'weekly',
      spec.priceMode ?? 'none',
      spec.priceOre ?? 0,
      ...extra.map(([, v]) => v),
    ],
  );
  const id = product.rows[0]!.id;
  for (const [day, from, to] of spec.hours) {
    await world.db.query(
      `insert into product_availability (community_id, product_id, weekday, on_date, starts_at, ends_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [community, id, typeof day === 'number' ? day : null, typeof day === 'string' ? day : null, from, to],
    );
  }
  return id;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The local date `days` after today's Monday-based week start plus `weekOffset` weeks. */
export function mondayIn(weeks: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 7 * weeks);
  return iso(d);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

function lastSunday(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return iso(d);
}

/**
 * The next last Sunday of March (spring, 02:00 → 03:00) or October (autumn, 03:00 → 02:00)
 * at least `minDaysAhead` days from today.
 */
export function nextChange(kind: 'spring' | 'autumn', minDaysAhead = 3): string {
  const soon = addDays(iso(new Date()), minDaysAhead);
  const year = new Date().getUTCFullYear();
  const month = kind === 'spring' ? 3 : 10;
  return [lastSunday(year, month), lastSunday(year + 1, month)].find((d) => d > soon)!;
}
