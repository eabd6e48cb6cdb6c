// The group page's members read (group_member_roster) as a group admin: its EXPLAIN ANALYZE plan,
// then its time as a request (median and p95 of 30 after 5 to warm up), for a group of 2,000 in
// a community of 5,000 members (PostgreSQL with TEST_DATABASE_URL; PGlite otherwise).
//   node --import tsx apps/server/scripts/explain-group-roster.ts [community members] [group members]
import { createWorld } from '../../../supabase/tests/support/domain-world';

const size = Number(process.argv[2] ?? 5_000);
const inGroup = Number(process.argv[3] ?? 2_000);

async function main(): Promise<void> {
  const world = await createWorld();
  const db = world.db;
  const community = world.communityA;
  await db.query(
    `insert into public.members (community_id, first_name, last_name, email, status, joined_on)
     select $1, 'Roster', 'Member ' || lpad(g::text, 6, '0'), 'roster.' || g || '@example.dk', 'active', '2024-01-01'
       from generate_series(1, $2::int) g`,
    [community, size],
  );
  const group = (
    await db.query<{ id: string }>(
      `insert into public.groups (community_id, title) values ($1, 'Stort hold') returning id`,
      [community],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.group_members (community_id, group_id, member_id)
     select $1, $2, m.id from public.members m where m.community_id = $1 order by m.mid limit $3`,
    [community, group, inGroup],
  );
  await db.query('analyze');
  const columns =
    'id, member_id, role, joined_at, payment_status, welcome_sent_at, full_name, email, last_charged_period';
  // As the REST layer asks it: the page with its limit, the count as its own subquery.
  const read = `with page as (select ${columns} from public.group_member_roster
    where group_id = $1 order by full_name, id limit 50)
    select page.*, (select count(*) from public.group_member_roster where group_id = $1) from page`;
  const plan = await world.as<{ 'QUERY PLAN': string }>('groupAdminA', `explain (analyze, buffers) ${read}`, [
    group,
  ]);
  process.stdout.write(plan.map((r) => r['QUERY PLAN']).join('\n') + '\n\n');
  // Without EXPLAIN's per-node timing: the read as a request 30 times, after 5 to warm up.
  const times: number[] = [];
  for (let k = 0; k < 35; k++) {
    const started = performance.now();
    await world.as('groupAdminA', read, [group]);
    if (k >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  process.stdout.write(
    `roster read as a request: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms\n`,
  );
  await world.close();
}

await main();
