// Times a group's fee run (issue 17 aim: 5,000 members under 10 s) the way the group page runs
// it: run_group_fees for this month in batches of 250 members as a billing admin, until a batch
// charges nobody; then a second run, which must charge nobody. Only the fee run is timed; the
// group (monthly, 300 kr) and its members are written first in single statements. Checks what
// the run must keep: one invoice per member, numbers without gaps in member-name order, one
// audit entry per issued invoice. PGlite by default; TEST_DATABASE_URL for PostgreSQL.
//   node --import tsx apps/server/scripts/time-group-fee-run.ts [members]
import { createWorld } from '../../../supabase/tests/support/domain-world';

const size = Number(process.argv[2] ?? 5_000);
const batchSize = 250;

async function main(): Promise<void> {
  const world = await createWorld();
  const db = world.db;
  const community = world.communityA;
  const group = (
    await db.query<{ id: string }>(
      `insert into public.groups (community_id, title, payment_frequency, price_ore)
       values ($1, 'Kontingentkørsel', 'monthly', 30000) returning id`,
      [community],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into public.members (community_id, first_name, last_name, email, status, joined_on)
     select $1, 'Fee', 'Member ' || lpad(g::text, 5, '0'), 'fee.' || g || '@example.dk', 'active', '2024-01-01'
       from generate_series(1, $2::int) g`,
    [community, size],
  );
  await db.query(
    `insert into public.group_members (community_id, group_id, member_id, joined_at)
     select $1, $2, m.id, now() - interval '400 days' from public.members m
      where m.community_id = $1 and m.first_name = 'Fee'`,
    [community, group],
  );
  await db.query('analyze');

  const run = async () => {
    const started = performance.now();
    let charges = 0;
    let calls = 0;
    for (;;) {
      const rows = await world.as<{ lines: number }>(
        'billingAdminA',
        `select lines from public.run_group_fees($1, current_date, ${batchSize})`,
        [group],
      );
      calls++;
      const batch = rows.reduce((sum, r) => sum + r.lines, 0);
      if (batch === 0) break;
      charges += batch;
    }
    return { seconds: (performance.now() - started) / 1000, charges, calls };
  };
  const first = await run();
  const second = await run();

  const check = (
    await db.query<{ invoices: number; span: number; in_order: boolean; audited: number }>(
      `with i as (select i.id, i.number, m.last_name from public.invoices i
                    join public.billing_accounts a on a.id = i.account_id
                    join public.members m on m.id = a.member_id
                   where i.community_id = $1 and i.status = 'issued')
       select (select count(*)::int from i) as invoices,
              (select (max(number) - min(number) + 1)::int from i) as span,
              (select bool_and(ok) from (select (row_number() over (order by number))
                                                = (row_number() over (order by last_name)) as ok from i) x) as in_order,
              (select count(*)::int from public.audit_log l
                where l.community_id = $1 and l.action = 'invoice_status_changed'
                  and l.subject_id in (select id::text from i)) as audited`,
      [community],
    )
  ).rows[0]!;
  process.stdout.write(
    `fee run of ${size} members (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
      `${first.seconds.toFixed(1)} s, ${first.charges} charges in ${first.calls} calls; ` +
      `second run ${second.seconds.toFixed(1)} s, ${second.charges} charges\n` +
      `check: ${check.invoices} issued invoices, numbers span ${check.span}, ` +
      `in name order ${check.in_order}, ${check.audited} audit entries\n`,
  );
  await world.close();
  if (check.invoices !== size || check.span !== size || !check.in_order || check.audited !== size) {
    process.exitCode = 1;
  }
}

await main();
