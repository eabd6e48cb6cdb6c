// Times the members screens' SQL (the `sql` of bench-schema-members.ts and the invitee search)
// on an already seeded database, as the demo admin through the same request context the
// server uses: p50/p95 of N runs after warm-up. For before/after comparisons on one dataset.
//   DATABASE_URL=… npm run bench:members-sql [runs]
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { memberBenches } from './bench-schema-members';

const runs = Number(process.argv[2] ?? 30);
const invitee = {
  name: 'members search (invitees)',
  sql: `select id, full_name, email from public.lookup_member_directory($1, 'jens', 20) order by full_name`,
};

async function main(): Promise<void> {
  const db = await openPostgresDatabase({ connectionString: process.env.DATABASE_URL! });
  const one = async <T>(sql: string) => (await db.query<T>(sql)).rows[0]!;
  const { community } = await one<{ community: string }>(
    `select community_id as community from members group by community_id order by count(*) desc limit 1`,
  );
  const { user } = await one<{ user: string }>(
    `select user_id as user from memberships where community_id = '${community}' and role = 'owner' limit 1`,
  );
  const { member } = await one<{ member: string }>(
    `select id as member from members where community_id = '${community}' order by mid offset 50000 limit 1`,
  );
  const { tag } = await one<{ tag: string }>(
    `select id as tag from tags where community_id = '${community}' limit 1`,
  );
  const context = { role: 'authenticated', claims: { sub: user, role: 'authenticated' }, settings: {} };
  for (const bench of [...memberBenches, invitee]) {
    const sql = bench.sql.replaceAll('$2', `'${member}'::uuid`).replaceAll('$3', `'${tag}'`);
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      await withRequestContext(db, context, (tx) => tx.query(sql, sql.includes('$1') ? [community] : []));
      if (i >= 3) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    process.stdout.write(
      `${bench.name.padEnd(36)} p50 ${at(0.5).padStart(7)}  p95 ${at(0.95).padStart(7)} ms\n`,
    );
  }
  await db.close();
}

void main();
