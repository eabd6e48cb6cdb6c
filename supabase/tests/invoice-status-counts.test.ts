// The invoice list's totals kept by triggers (docs/decisions/0956): after each kind of change —
// drafts inserted one by one and in one statement, issued, paid, voided, credited (which adds a
// credit note and credits its invoice), made overdue, deleted, a whole batch updated at once —
// invoice_list_count gives for every list status exactly what counting invoice_summaries gives,
// per community; callers outside billing get null and cannot read the counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;
const statuses = [null, 'draft', 'issued', 'overdue', 'paid', 'void', 'credited'] as const;

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
});
afterAll(async () => {
  await world?.close();
});

/** The kept count and the exact count, for every list status, as the billing admin sees them. */
async function both(community = world.communityA, actor: 'billingAdminA' | 'adminB' = f.admin) {
  const kept: Record<string, number> = {};
  const exact: Record<string, number> = {};
  for (const status of statuses) {
    const key = status ?? 'all';
    const [row] = await world.as<{ n: string }>(actor, 'select invoice_list_count($1, $2) as n', [
      community,
      status,
    ]);
    kept[key] = Number(row!.n);
    const [count] = await world.as<{ n: string }>(
      actor,
      `select count(*) as n from invoice_summaries where community_id = $1 and ($2::text is null or list_status = $2)`,
      [community, status],
    );
    exact[key] = Number(count!.n);
  }
  return { kept, exact };
}

async function expectExact(expected: Record<string, number>) {
  const { kept, exact } = await both();
  expect(kept).toEqual(exact);
  expect(kept).toEqual(expected);
}

describe('invoice status counts', () => {
  it('stay exact under inserts, status changes, credit notes, overdue days and deletes', async () => {
    const zero = { all: 0, draft: 0, issued: 0, overdue: 0, paid: 0, void: 0, credited: 0 };
    await expectExact(zero);

    const account = await f.account('Hanne Lund');
    const line = [{ description: 'Kontingent', unitPriceOre: 50000 }];
    const a = await f.draft(account, line);
    const b = await f.draft(account, line);
    const c = await f.draft(account, line);
    const d = await f.draft(account, line);
    // Five drafts in one statement.
    await world.as(
      f.admin,
      `insert into invoices (community_id, account_id) select $1, $2 from generate_series(1, 5)`,
      [world.communityA, account],
    );
    await expectExact({ ...zero, all: 9, draft: 9 });

    await f.issue(a);
    await f.issue(b);
    await f.issue(c);
    await expectExact({ ...zero, all: 9, draft: 6, issued: 3 });

    await f.pay(a, 20000);
    await expectExact({ ...zero, all: 9, draft: 6, issued: 3 });
    await f.pay(a, 30000);
    await expectExact({ ...zero, all: 9, draft: 6, issued: 2, paid: 1 });

    // Overdue is the calendar's: issued and due before today.
    await world.db.query(`update invoices set due_on = current_date - 3 where id = $1`, [b]);
    await expectExact({ ...zero, all: 9, draft: 6, issued: 1, overdue: 1, paid: 1 });

    // A credit note is a new invoice (issued at once) and its invoice becomes credited.
    await world.as(f.admin, 'select credit_invoice($1, $2)', [c, 'Fejl']);
    await expectExact({ ...zero, all: 10, draft: 6, issued: 1, overdue: 1, paid: 1, credited: 1 });

    await world.as(f.admin, `update invoices set status = 'void' where id = $1`, [d]);
    await expectExact({ ...zero, all: 10, draft: 5, issued: 1, overdue: 1, paid: 1, credited: 1, void: 1 });

    await world.as(f.admin, `delete from invoices where community_id = $1 and status = 'draft'`, [
      world.communityA,
    ]);
    await expectExact({ ...zero, all: 5, issued: 1, overdue: 1, paid: 1, credited: 1, void: 1 });

    // Several rows changing status in one statement, and a statement that changes no status.
    const e = await f.draft(account, line);
    const g = await f.draft(account, line);
    await world.as(f.admin, `update invoices set status = 'void' where id = any ($1::uuid[])`, [[e, g]]);
    await world.db.query(`update invoices set note = 'Set' where community_id = $1`, [world.communityA]);
    await expectExact({ ...zero, all: 7, issued: 1, overdue: 1, paid: 1, credited: 1, void: 3 });

    // The other community's counters are its own.
    const other = await both(world.communityB, 'adminB');
    expect(other.kept).toEqual(other.exact);
    expect(other.kept.all).toBe(0);

    // The counters match a recount from scratch.
    const counters = await world.db.query<{ status: string; invoices: string }>(
      `select coalesce(c.status, r.status)::text as status, c.invoices::text, r.n::text
       from (select status, invoices from invoice_status_counts where community_id = $1) c
       full join (select status, count(*) as n from invoices where community_id = $1 group by status) r
         on r.status = c.status
       where coalesce(c.invoices, 0) <> coalesce(r.n, 0)`,
      [world.communityA],
    );
    expect(counters.rows).toEqual([]);
  });

  it('stay exact when issues, credit notes and new drafts run at the same time, without deadlocks', async () => {
    const account = await f.account('Bo Holm');
    const line = [{ description: 'Baneleje', unitPriceOre: 20000 }];
    const toIssue = await Promise.all(Array.from({ length: 8 }, () => f.draft(account, line)));
    const toCredit = await Promise.all(Array.from({ length: 6 }, () => f.draft(account, line)));
    for (const id of toCredit) await f.issue(id);
    const before = (await both()).kept;
    // A credit note inserts and then issues in one transaction; each issue takes the number.
    const outcomes = await Promise.all([
      ...toIssue.map((id) => failureOf(world.as(f.admin, 'select issue_invoice($1)', [id]))),
      ...toCredit.map((id) => failureOf(world.as(f.admin, 'select credit_invoice($1, $2)', [id, 'Aflyst']))),
      ...Array.from({ length: 6 }, () =>
        failureOf(
          world.as(f.admin, 'insert into invoices (community_id, account_id) values ($1, $2)', [
            world.communityA,
            account,
          ]),
        ),
      ),
    ]);
    expect(outcomes.filter((o) => o !== 'succeeded')).toEqual([]);
    const { kept, exact } = await both();
    expect(kept).toEqual(exact);
    expect(kept.all).toBe(before.all! + 6 + 6);
    expect(kept.draft).toBe(before.draft! - 8 + 6);
    expect(kept.credited).toBe(before.credited! + 6);
  });

  it('are for billing admins only, and refuse an unknown status', async () => {
    const [member] = await world.as<{ n: string | null }>('memberA', 'select invoice_list_count($1) as n', [
      world.communityA,
    ]);
    expect(member!.n).toBeNull();
    expect(
      await world.as('memberA', 'select * from invoice_status_counts where community_id = $1', [
        world.communityA,
      ]),
    ).toEqual([]);
    expect(
      await failureOf(
        world.as('memberA', `insert into invoice_status_counts values ($1, 'draft', 5)`, [world.communityA]),
      ),
    ).not.toBe('succeeded');
    expect(
      await failureOf(world.as(f.admin, `select invoice_list_count($1, 'late')`, [world.communityA])),
    ).toBe('invalid_status');
  });
});
