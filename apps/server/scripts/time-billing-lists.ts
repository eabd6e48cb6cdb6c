// Times the billing list reads on PostgreSQL with and without the per-payer totals (decision
// 0910), on the same data: a fresh database migrated to head, one community with N payers
// (BENCH_MEMBERS, 20000) each with this year's fee invoice, 95 % issued, 70 % of those paid,
// the rest overdue, and one payer in fifty holding credit. The rows are loaded set-based with
// the triggers off and the totals then computed by app_private.refresh_account_totals.
// "before" is the balance view as it was (sums over every invoice and credit per account);
// "after" is billing_account_summaries as it is now. SQL as the superuser, one at a time.
//   BENCH_DATABASE_URL=postgres://… node --import tsx apps/server/scripts/time-billing-lists.ts [iterations]
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const payers = Number(process.env.BENCH_MEMBERS ?? 20_000);
const iterations = Number(process.argv[2] ?? 30);

const oldBalances = `(select a.id, a.community_id, a.name, a.kind,
       coalesce(o.outstanding, 0)::bigint as outstanding_ore, coalesce(o.overdue, 0)::bigint as overdue_ore,
       coalesce(c.credit, 0)::bigint as credit_ore, (coalesce(o.outstanding, 0) - coalesce(c.credit, 0))::bigint as balance_ore
  from public.billing_accounts a
  left join lateral (select sum(i.total_ore + i.fees_ore - i.paid_ore) as outstanding,
                            sum(i.total_ore + i.fees_ore - i.paid_ore) filter (where i.due_on < current_date) as overdue
                       from public.invoices i where i.account_id = a.id and i.status = 'issued' and i.kind = 'invoice') o on true
  left join lateral (select sum(ac.amount_ore) as credit from public.account_credits ac where ac.account_id = a.id) c on true)`;

const reads: { name: string; sql: (from: string) => string }[] = [
  {
    name: 'arrears list',
    sql: (from) => `select id, name, kind, overdue_ore, balance_ore, count(*) over () from ${from} s
      where community_id = $1 and overdue_ore > 0 order by overdue_ore desc, id limit 25`,
  },
  {
    name: 'payer list by balance',
    sql: (from) => `select id, name, kind, balance_ore, overdue_ore, count(*) over () from ${from} s
      where community_id = $1 order by balance_ore desc, id limit 25`,
  },
  {
    name: 'payer list by name',
    sql: (from) => `select id, name, kind, balance_ore, overdue_ore, count(*) over () from ${from} s
      where community_id = $1 order by name, id limit 25`,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const name = `billing_lists_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase({ connectionString: url.toString() });
  try {
    await migrate(db, defaultMigrationSources(repoRoot));
    const started = performance.now();
    await db.exec(`
      set session_replication_role = replica;
      insert into public.communities (id, slug, name) values ('00000000-0000-4000-8000-0000000000b1', 'bench-billing', 'Bench');
      insert into public.billing_accounts (community_id, name, kind)
        select '00000000-0000-4000-8000-0000000000b1', 'Betaler ' || lpad(n::text, 6, '0'), 'household'
        from generate_series(1, ${payers}) n;
      insert into public.invoices (community_id, account_id, status, number, issued_on, due_on, subtotal_ore, total_ore, paid_ore)
        select a.community_id, a.id,
               (case when r.n % 20 = 0 then 'draft' when r.n % 10 < 7 then 'paid' else 'issued' end)::public.invoice_status,
               case when r.n % 20 = 0 then null else r.n end,
               case when r.n % 20 = 0 then null else date_trunc('year', now())::date + 14 end,
               case when r.n % 20 = 0 then null else date_trunc('year', now())::date + 28 end,
               120000, 120000, case when r.n % 20 <> 0 and r.n % 10 < 7 then 120000 else 0 end
        from (select id, community_id, row_number() over (order by id) as n from public.billing_accounts) a
        cross join lateral (select a.n) r(n);
      insert into public.account_credits (community_id, account_id, amount_ore, source)
        select community_id, id, 25000, 'overpayment' from public.billing_accounts
        where abs(hashtext(id::text)) % 50 = 0;
      set session_replication_role = origin;
      select app_private.refresh_account_totals(array(select id from public.billing_accounts order by id));
      analyze;`);
    const loaded = performance.now() - started;
    const counts = (
      await db.query<{ open: string; overdue: string }>(
        `select sum(open_invoices)::text as open,
                count(*) filter (where first_due_on < current_date)::text as overdue from public.billing_account_totals`,
      )
    ).rows[0]!;
    console.log(
      `${payers} payers, ${counts.open} open invoices, ${counts.overdue} payers overdue; loaded and totalled in ${(loaded / 1000).toFixed(1)} s`,
    );
    const community = '00000000-0000-4000-8000-0000000000b1';
    for (const read of reads) {
      for (const [label, from] of [
        ['before', oldBalances],
        ['after', 'public.billing_account_summaries'],
      ] as const) {
        const sql = read.sql(from);
        const first = await db.query(sql, [community]);
        const times: number[] = [];
        for (let i = 0; i < iterations + 3; i++) {
          const t = performance.now();
          await db.query(sql, [community]);
          if (i >= 3) times.push(performance.now() - t);
        }
        times.sort((x, y) => x - y);
        console.log(
          `${read.name.padEnd(22)} ${label.padEnd(6)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${first.rows.length} rows)`,
        );
      }
    }
    // Both give the same page.
    const same = await db.query<{ n: string }>(
      `select count(*)::text as n from (
         (select id, overdue_ore, balance_ore from ${oldBalances} s where community_id = $1
          except select id, overdue_ore, balance_ore from public.billing_account_summaries where community_id = $1)
         union all
         (select id, overdue_ore, balance_ore from public.billing_account_summaries where community_id = $1
          except select id, overdue_ore, balance_ore from ${oldBalances} s where community_id = $1)) d`,
      [community],
    );
    console.log(`rows that differ between before and after: ${same.rows[0]!.n}`);
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
