// Times what the member arrears triggers (decision 0857, 0930) add to recording payments:
// 200 members each get an issued invoice of 100 kr, then 1,000 payments of 20 kr go in one
// insert statement at a time (four part payments and the one that pays each invoice in full), first
// with the arrears triggers on invoices disabled, then enabled, on fresh invoices each time.
// Checks that the arrears table ends right. PGlite by default; TEST_DATABASE_URL for PostgreSQL.
//   node --import tsx apps/server/scripts/time-arrears-trigger.ts [rounds]
import { billingFixture } from '../../../supabase/tests/support/billing-fixture';
import { addMember, createWorld } from '../../../supabase/tests/support/domain-world';

const rounds = Number(process.argv[2] ?? 3);
const payers = 200;
const partsPerInvoice = 5;

async function main(): Promise<void> {
  const world = await createWorld();
  const billing = billingFixture(world);
  const db = world.db;
  const batch = async () => {
    const invoices: string[] = [];
    const members: string[] = [];
    for (let i = 0; i < payers; i++) {
      const member = await addMember(db, world.communityA, `Payer${i}`);
      const account = await billing.account(`Payer ${i}`, { member_id: member });
      const invoice = await billing.draft(account, [{ description: 'Kontingent', unitPriceOre: 10000 }]);
      await billing.issue(invoice);
      invoices.push(invoice);
      members.push(member);
    }
    // Overdue, so every payer starts in arrears.
    await db.query(`update invoices set due_on = current_date - 10 where id = any ($1)`, [invoices]);
    return { invoices, members };
  };
  // One round trip: the inserts run one statement at a time inside the database, so the
  // figure is the database's work (the triggers' share), not network or client scheduling.
  const pay = async (invoices: string[]) => {
    const started = performance.now();
    await db.exec(`do $$
      declare v uuid;
      begin
        for part in 1..${partsPerInvoice} loop
          foreach v in array '{${invoices.join(',')}}'::uuid[] loop
            insert into public.invoice_payments (community_id, invoice_id, amount_ore, method)
            values ('${world.communityA}', v, 2000, 'bank_transfer');
          end loop;
        end loop;
      end $$`);
    return performance.now() - started;
  };
  const arrearsOf = async (members: string[]) =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*)::text as n from member_arrears where member_id = any ($1)`,
          [members],
        )
      ).rows[0]!.n,
    );
  const triggers = (
    await db.query<{ tgname: string }>(
      `select tgname from pg_trigger where tgrelid = 'public.invoices'::regclass and tgname like '%arrears%'`,
    )
  ).rows.map((r) => r.tgname);
  const setTriggers = async (on: boolean) => {
    for (const t of triggers)
      await db.exec(`alter table public.invoices ${on ? 'enable' : 'disable'} trigger ${t}`);
  };
  const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(`${engine}; arrears triggers on invoices: ${triggers.join(', ')}\n`);
  await pay((await batch()).invoices.slice(0, 20)); // warm-up
  for (let round = 1; round <= rounds; round++) {
    const without = await batch();
    await setTriggers(false);
    const offMs = await pay(without.invoices);
    await setTriggers(true);
    const withTriggers = await batch();
    const before = await arrearsOf(withTriggers.members);
    const onMs = await pay(withTriggers.invoices);
    const after = await arrearsOf(withTriggers.members);
    process.stdout.write(
      `round ${round}: ${payers * partsPerInvoice} payment inserts without the arrears triggers ` +
        `${(offMs / 1000).toFixed(2)} s, with them ${(onMs / 1000).toFixed(2)} s ` +
        `(members in arrears ${before} before, ${after} after)\n`,
    );
    if (before !== payers || after !== 0) throw new Error('the arrears table is wrong after the payments');
  }
  await world.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
