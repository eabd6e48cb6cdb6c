// Times the invoice list's total on PostgreSQL before and after the kept counters (decision
// 0956), on the same data: a fresh database migrated to head, one community with N invoices
// (BENCH_INVOICES, 20000): 5 % drafts, of the rest 70 % paid and 30 % issued, half of those
// overdue. Rows are loaded set-based with the triggers off and the counters then filled as the
// migration fills them. "before" is the page with count(*) over () over invoice_summaries, as
// count=exact asks; "after" is the page without a count plus what invoice_list_count reads.
// SQL as the superuser, one at a time.
//   BENCH_DATABASE_URL=postgres://… node --import tsx apps/server/scripts/time-invoice-counts.ts [iterations]
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const invoices = Math.min(Number(process.env.BENCH_INVOICES ?? 20_000), 200_000);
const iterations = Number(process.argv[2] ?? 30);
const community = '00000000-0000-4000-8000-0000000000c1';
const columns =
  'id, account_id, account_name, kind, number, status, list_status, issued_on, due_on, total_ore, paid_ore, fees_ore, outstanding_ore, currency';

// What invoice_list_count reads (without its billing-admin check, which needs a signed-in caller).
const overdueCount = `(select count(*) from public.invoices i where i.community_id = $1 and i.status = 'issued'
  and i.kind = 'invoice' and i.due_on < current_date)`;
const keptTotal = (status: string | null) =>
  status === 'overdue'
    ? overdueCount
    : status === 'issued'
      ? `(select coalesce(sum(c.invoices), 0) from public.invoice_status_counts c
          where c.community_id = $1 and c.status = 'issued') - ${overdueCount}`
      : `(select coalesce(sum(c.invoices), 0) from public.invoice_status_counts c where c.community_id = $1
          ${status ? `and c.status = '${status}'` : ''})`;
const filter = (status: string | null) => (status ? `and list_status = '${status}'` : '');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const name = `invoice_counts_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase({ connectionString: url.toString() });
  try {
    await migrate(db, defaultMigrationSources(repoRoot));
    await db.exec(`
      set session_replication_role = replica;
      insert into public.communities (id, slug, name) values ('${community}', 'bench-counts', 'Bench');
      insert into public.billing_accounts (community_id, name, kind)
        select '${community}', 'Betaler ' || lpad(n::text, 6, '0'), 'household' from generate_series(1, ${invoices}) n;
      insert into public.invoices (community_id, account_id, status, number, issued_on, due_on, subtotal_ore, total_ore, paid_ore)
        select a.community_id, a.id,
               (case when a.n % 20 = 0 then 'draft' when a.n % 10 < 7 then 'paid' else 'issued' end)::public.invoice_status,
               case when a.n % 20 = 0 then null else a.n end,
               case when a.n % 20 = 0 then null else current_date - 40 end,
               case when a.n % 20 = 0 then null when a.n % 2 = 0 then current_date - 10 else current_date + 10 end,
               120000, 120000, case when a.n % 20 <> 0 and a.n % 10 < 7 then 120000 else 0 end
        from (select id, community_id, row_number() over (order by id) as n from public.billing_accounts) a;
      set session_replication_role = origin;
      insert into public.invoice_status_counts (community_id, status, invoices)
      select '${community}', s.status, (select count(*) from public.invoices i where i.status = s.status)
        from unnest(enum_range(null::public.invoice_status)) as s(status)
      on conflict (community_id, status) do update set invoices = excluded.invoices;
      analyze;`);
    console.log(`${invoices} invoices in one community`);
    for (const status of [null, 'paid', 'overdue', 'issued']) {
      const label = status ?? 'all';
      const before = `select ${columns}, count(*) over () as total from public.invoice_summaries
        where community_id = $1 ${filter(status)} order by number desc nulls first, id limit 25`;
      const page = `select ${columns} from public.invoice_summaries
        where community_id = $1 ${filter(status)} order by number desc nulls first, id limit 25`;
      const total = `select ${keptTotal(status)} as total`;
      const exact = Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from public.invoice_summaries where community_id = $1 ${filter(status)}`,
            [community],
          )
        ).rows[0]!.n,
      );
      const kept = Number((await db.query<{ total: string }>(total, [community])).rows[0]!.total);
      for (const [which, run] of [
        ['before', () => db.query(before, [community])],
        ['after', () => Promise.all([db.query(page, [community]), db.query(total, [community])])],
        ['after, total only', () => db.query(total, [community])],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < iterations + 3; i++) {
          const t = performance.now();
          await run();
          if (i >= 3) times.push(performance.now() - t);
        }
        times.sort((x, y) => x - y);
        console.log(
          `${label.padEnd(8)} ${which.padEnd(18)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
        );
      }
      console.log(
        `${label.padEnd(8)} total: exact ${exact}, kept ${kept}${exact === kept ? '' : '  DIFFERENT'}`,
      );
    }
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
