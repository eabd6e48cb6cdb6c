// The overview and analytics reads for npm run bench:schema (issue 21): the overview's figures
// in one call, every analytics chart function for the screen's default year and for five years,
// the age and gender distribution, and the yearly reports (statutory member counts, the members
// behind them, premises-grant hours) for last year.
//
// seedAnalyticsHistory gives the demo club the history these read: BENCH_HISTORY_MEMBERS (0)
// more members who joined (and a quarter of whom left) over BENCH_HISTORY_YEARS (5) years, each
// in one of the club's groups while a member, and the demo's year of events (with tickets and
// sales) and bookings repeated for each earlier year. `BENCH_MEMBERS=10000
// BENCH_HISTORY_MEMBERS=90000` is the issue's 100,000 members with five years of activity.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/database/database';

const historyMembers = Number(process.env.BENCH_HISTORY_MEMBERS ?? 0);
const historyYears = Number(process.env.BENCH_HISTORY_YEARS ?? 5);

export interface AnalyticsBench {
  name: string;
  rest: (sb: SupabaseClient, c: string) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 is the community id. */
  sql: string;
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86400000).toISOString().slice(0, 10);
const lastYear = () => new Date().getFullYear() - 1;

/** Adds the history; returns what it added, for the bench's header. */
export async function seedAnalyticsHistory(db: Database, community: string): Promise<string> {
  const started = Date.now();
  const years = Math.max(1, Math.floor(historyYears));
  if (historyMembers > 0) {
    await db.query(
      `insert into public.members (community_id, first_name, last_name, gender, birth_date, joined_on, left_on, status)
       select $1, 'Historik', 'Medlem ' || n,
              (array['female', 'male', 'other', null])[1 + (n % 23 % 4)]::public.gender,
              date '1940-01-01' + (n::bigint * 7919 % 30000)::int,
              j.joined, l.left_on,
              case when l.left_on is not null then 'left' when n % 10 = 0 then 'passive' else 'active' end::public.member_status
       from generate_series(1, $2::int) n
       cross join lateral (select current_date - (n::bigint * 104729 % ($3::int * 365))::int as joined) j
       cross join lateral (select case when n % 4 = 0 then j.joined + (n * 31 % greatest(1, current_date - j.joined)) end
                                  as left_on) l`,
      [community, historyMembers, years],
    );
    // Each of them in one of the club's groups from a week after joining until leaving.
    await db.query(
      `with g as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n
                  from public.groups where community_id = $1 and not archived)
       insert into public.group_members (community_id, group_id, member_id, joined_at, left_at)
       select $1, g.id, m.id, (m.joined_on + 7)::timestamptz,
              case when m.left_on is not null then greatest(m.left_on, m.joined_on + 8)::timestamptz end
       from public.members m join g on g.k = m.mid % g.n
       where m.community_id = $1 and m.first_name = 'Historik'`,
      [community],
    );
  }
  // The demo's year of events, tickets and sales, and of bookings, once more for each earlier year.
  await db.exec(
    `drop table if exists public.bench_ticket_copy; drop table if exists public.bench_event_copy`,
  );
  await db.query(
    `create table public.bench_event_copy as
     select e.id as old_id, gen_random_uuid() as new_id, k from public.events e, generate_series(1, $2::int - 1) k
     where e.community_id = $1 and e.status in ('published', 'cancelled')`,
    [community, years],
  );
  await db.query(
    `insert into public.events (id, community_id, club_id, title, location, description, starts_at, ends_at, status,
                               visibility, kind)
     select c.new_id, e.community_id, e.club_id, e.title, e.location, e.description,
            e.starts_at - c.k * interval '1 year', e.ends_at - c.k * interval '1 year', 'published', e.visibility, e.kind
     from public.bench_event_copy c join public.events e on e.id = c.old_id`,
  );
  await db.query(
    `create table public.bench_ticket_copy as
     select t.id as old_id, gen_random_uuid() as new_id, c.new_id as event_id, c.k
     from public.bench_event_copy c join public.tickets t on t.event_id = c.old_id`,
  );
  await db.query(
    `insert into public.tickets (id, community_id, event_id, name, participant_limit, join_closes_at, refund_closes_at, price_ore)
     select tc.new_id, t.community_id, tc.event_id, t.name, t.participant_limit, t.join_closes_at - tc.k * interval '1 year',
            t.refund_closes_at - tc.k * interval '1 year', t.price_ore
     from public.bench_ticket_copy tc join public.tickets t on t.id = tc.old_id`,
  );
  await db.query(
    `insert into public.ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, unit_price_ore, total_ore,
                                          purchased_at, checked_in_at)
     select p.community_id, tc.event_id, tc.new_id, p.member_id, p.quantity, p.unit_price_ore, p.total_ore,
            p.purchased_at - tc.k * interval '1 year', p.checked_in_at - tc.k * interval '1 year'
     from public.bench_ticket_copy tc join public.ticket_purchases p on p.ticket_id = tc.old_id
     where p.status = 'active'`,
  );
  await db.exec(`drop table public.bench_ticket_copy; drop table public.bench_event_copy`);
  await db.query(
    `insert into public.bookings (community_id, product_id, member_id, starts_at, ends_at, price_ore, status, checked_in_at,
                                  contact_shared, created_at)
     select b.community_id, b.product_id, b.member_id, b.starts_at - k * interval '1 year', b.ends_at - k * interval '1 year',
            b.price_ore, case when b.status = 'cancelled' then 'cancelled' else 'checked_in' end::public.booking_status,
            b.starts_at - k * interval '1 year', b.contact_shared, b.created_at - k * interval '1 year'
     from public.bookings b cross join generate_series(1, $2::int - 1) k
     where b.community_id = $1 and b.starts_at < now() - interval '1 day'`,
    [community, years],
  );
  const counted = await db.query<{ members: string; events: string; purchases: string; bookings: string }>(
    `select (select count(*) from public.members where community_id = $1)::text as members,
            (select count(*) from public.events where community_id = $1)::text as events,
            (select count(*) from public.ticket_purchases where community_id = $1)::text as purchases,
            (select count(*) from public.bookings where community_id = $1)::text as bookings`,
    [community],
  );
  const c = counted.rows[0]!;
  return `analytics history: ${years} years; ${c.members} members, ${c.events} events, ${c.purchases} ticket purchases, ${c.bookings} bookings (${Math.round((Date.now() - started) / 1000)} s)`;
}

const chart = (name: string, fn: string, days: number, bucket: boolean): AnalyticsBench => ({
  name: `analytics: ${name}`,
  rest: (sb, c) =>
    sb.rpc(fn as 'analytics_members_over_time', {
      p_community_id: c,
      p_from: day(-days),
      p_to: day(0),
      ...(bucket ? { p_bucket: 'month' } : {}),
    }),
  sql: `select * from public.${fn}($1, current_date - ${days}, current_date${bucket ? ", 'month'" : ''})`,
});

export const analyticsBenches: AnalyticsBench[] = [
  {
    name: 'overview: all figures',
    rest: (sb, c) => sb.rpc('overview_figures', { p_community_id: c }),
    sql: 'select public.overview_figures($1)',
  },
  chart('members over time, 1 year', 'analytics_members_over_time', 365, true),
  chart('members over time, 5 years', 'analytics_members_over_time', 5 * 365, true),
  {
    name: 'analytics: age and gender',
    rest: (sb, c) => sb.rpc('analytics_member_demographics', { p_community_id: c, p_on: day(0) }),
    sql: 'select * from public.analytics_member_demographics($1, current_date)',
  },
  chart('event attendance, 1 year', 'analytics_event_attendance', 365, false),
  chart('event attendance, 5 years', 'analytics_event_attendance', 5 * 365, false),
  chart('group growth, 1 year', 'analytics_group_growth', 365, true),
  chart('booking utilisation, 1 year', 'analytics_booking_utilisation', 365, false),
  {
    name: 'report: CFR counts last year',
    rest: (sb, c) => sb.rpc('report_member_counts', { p_community_id: c, p_year: lastYear() }),
    sql: `select * from public.report_member_counts($1, extract(year from current_date)::int - 1)`,
  },
  {
    name: 'report: members behind CFR',
    rest: (sb, c) => sb.rpc('report_member_counts_detail', { p_community_id: c, p_year: lastYear() }),
    sql: `select * from public.report_member_counts_detail($1, extract(year from current_date)::int - 1)`,
  },
  {
    name: 'report: premises hours last year',
    rest: (sb, c) => sb.rpc('report_premises_hours', { p_community_id: c, p_year: lastYear() }),
    sql: `select * from public.report_premises_hours($1, extract(year from current_date)::int - 1)`,
  },
];
