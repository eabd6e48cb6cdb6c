// invoice_group_fees: who is billed for which period, once; numbering per community; VAT
// exempt lines; the group membership's payment status following the invoice; refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};
const id = (name: string) => ids[name] ?? '';

type Billed = {
  invoice_id: string;
  member_id: string;
  invoice_number: string;
  total_ore: string;
  lines: number;
};

const bill = (actor: 'billingAdminA' | 'adminB', community: string, day: string) =>
  world.as<Billed>(actor, 'select * from invoice_group_fees($1, $2)', [community, day]);

beforeAll(async () => {
  world = await createWorld();
  const { db, communityA: a, communityB: b } = world;
  const group = async (
    community: string,
    title: string,
    frequency: string | null,
    price: number,
    archived = false,
  ) =>
    (
      await db.query<{ id: string }>(
        `insert into groups (community_id, title, payment_frequency, price_ore, archived)
         values ($1, $2, $3::payment_frequency, $4, $5) returning id`,
        [community, title, frequency, price, archived],
      )
    ).rows[0]!.id;
  ids.monthly = await group(a, 'Motion 60+', 'monthly', 25000);
  ids.annual = await group(a, 'Senior herrer', 'annually', 120000);
  ids.quarterly = await group(a, 'Forældre/barn', 'quarterly', 40000);
  ids.once = await group(a, 'Svømmekursus', 'one_time', 50000);
  ids.free = await group(a, 'Frivillige', null, 0);
  ids.archived = await group(a, 'Gammelt hold', 'monthly', 10000, true);
  ids.groupB = await group(b, 'Kajak', 'annually', 90000);

  const join = (community: string, groupId: string, member: string, joined: string, left?: string) =>
    db.query(
      `insert into group_members (community_id, group_id, member_id, joined_at, left_at) values ($1, $2, $3, $4, $5)`,
      [community, groupId, member, joined, left ?? null],
    );
  ids.anna = await addMember(db, a, 'Anna');
  await join(a, ids.monthly, ids.anna, '2026-01-10T10:00:00Z');
  await join(a, ids.annual, ids.anna, '2026-01-10T10:00:00Z');
  await join(a, ids.free, ids.anna, '2026-01-10T10:00:00Z');
  await join(a, ids.archived, ids.anna, '2026-01-10T10:00:00Z');
  ids.bent = await addMember(db, a, 'Bent');
  await join(a, ids.quarterly, ids.bent, '2026-02-01T10:00:00Z');
  await join(a, ids.once, ids.bent, '2026-02-01T10:00:00Z');
  // Joined 1 April at 01:30 Copenhagen time: April's member, not March's.
  ids.carl = await addMember(db, a, 'Carl');
  await join(a, ids.monthly, ids.carl, '2026-03-31T23:30:00Z');
  // Left the group in February: billed for nothing in March.
  ids.dorte = await addMember(db, a, 'Dorte');
  await join(a, ids.monthly, ids.dorte, '2026-01-05T10:00:00Z', '2026-02-20T10:00:00Z');
  // Left the club: no longer billed.
  ids.erik = await addMember(db, a, 'Erik');
  await join(a, ids.monthly, ids.erik, '2026-01-05T10:00:00Z');
  await db.query(
    `update members set status = 'left', joined_on = '2025-01-01', left_on = '2026-02-28' where id = $1`,
    [ids.erik],
  );
  // Invoice numbers 1–41 are taken already.
  await db.query(`select app_private.bump_counter($1, 'invoice', 41)`, [a]);

  ids.bo = world.memberOf.adminB!;
  await join(b, ids.groupB, ids.bo, '2026-01-05T10:00:00Z');
});
afterAll(async () => {
  await world?.close();
});

const linesOf = (invoice: string) =>
  world.db.query<{ description: string; unit_price_ore: number; vat_ore: string; vat_exempt: boolean }>(
    `select description, unit_price_ore, vat_ore, vat_exempt from invoice_lines where invoice_id = $1 order by sort_order`,
    [invoice],
  );

describe('invoice_group_fees', () => {
  it('bills each due member once for the period, with one VAT-exempt line per group, numbered on', async () => {
    const billed = await bill('billingAdminA', world.communityA, '2026-03-15');
    expect(billed.map((r) => r.member_id).sort()).toEqual([ids.anna, ids.bent].sort());
    // Issued in name order: Anna, then Bent, from the community's counter.
    expect(billed.map((r) => [r.member_id, Number(r.invoice_number)])).toEqual([
      [ids.anna, 42],
      [ids.bent, 43],
    ]);
    const anna = billed.find((r) => r.member_id === ids.anna)!;
    expect(anna.lines).toBe(2);
    expect(Number(anna.total_ore)).toBe(25000 + 120000);
    expect((await linesOf(anna.invoice_id)).rows).toEqual([
      { description: 'Motion 60+, 2026-03', unit_price_ore: 25000, vat_ore: '0', vat_exempt: true },
      { description: 'Senior herrer, 2026', unit_price_ore: 120000, vat_ore: '0', vat_exempt: true },
    ]);
    const bent = billed.find((r) => r.member_id === ids.bent)!;
    expect((await linesOf(bent.invoice_id)).rows.map((l) => l.description)).toEqual([
      'Forældre/barn, 2026 Q1',
      'Svømmekursus',
    ]);
    const invoice = await world.db.query<{
      status: string;
      vat_ore: string;
      due_on: string | null;
      kind: string;
    }>(
      `select i.status, i.vat_ore, i.due_on::text, a.kind from invoices i join billing_accounts a on a.id = i.account_id
       where i.id = $1`,
      [anna.invoice_id],
    );
    expect(invoice.rows[0]).toMatchObject({ status: 'issued', vat_ore: '0', kind: 'member' });
    expect(invoice.rows[0]!.due_on).not.toBeNull();
    const status = await world.db.query<{ payment_status: string }>(
      `select payment_status from group_members where member_id = $1 and group_id = $2`,
      [ids.anna, ids.monthly],
    );
    expect(status.rows[0]!.payment_status).toBe('pending');
  });

  it('bills nothing twice: a second run for the same period makes no invoice', async () => {
    const before = await world.db.query<{ n: string }>(`select count(*)::text as n from invoices`);
    expect(await bill('billingAdminA', world.communityA, '2026-03-01')).toEqual([]);
    const after = await world.db.query<{ n: string }>(`select count(*)::text as n from invoices`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('bills the next month only what is due then, in the community time zone', async () => {
    const billed = await bill('billingAdminA', world.communityA, '2026-04-02');
    expect(billed.map((r) => r.member_id).sort()).toEqual([ids.anna, ids.bent, ids.carl].sort());
    const byMember = new Map(billed.map((r) => [r.member_id, r]));
    // Anna's annual fee and Bent's one-time fee are paid for; Bent's quarter is new (Q2).
    expect((await linesOf(byMember.get(id('anna'))!.invoice_id)).rows.map((l) => l.description)).toEqual([
      'Motion 60+, 2026-04',
    ]);
    expect((await linesOf(byMember.get(id('bent'))!.invoice_id)).rows.map((l) => l.description)).toEqual([
      'Forældre/barn, 2026 Q2',
    ]);
    expect(billed.map((r) => Number(r.invoice_number))).toEqual([44, 45, 46]);
    // The group page shows each member's last billed period; Bent's one-time fee is dated the
    // day he joined. (Roster read by the group admin.)
    const roster = (group: string) =>
      world.as<{ member_id: string; last_charged_period: string | null }>(
        'groupAdminA',
        'select member_id, last_charged_period::text from group_member_roster where group_id = $1 order by full_name',
        [group],
      );
    expect(await roster(id('monthly'))).toEqual([
      { member_id: id('anna'), last_charged_period: '2026-04-01' },
      { member_id: id('carl'), last_charged_period: '2026-04-01' },
      { member_id: id('erik'), last_charged_period: null },
    ]);
    expect(await roster(id('quarterly'))).toEqual([
      { member_id: id('bent'), last_charged_period: '2026-04-01' },
    ]);
  });

  it('keeps numbering per community', async () => {
    const billed = await bill('adminB', world.communityB, '2026-03-15');
    expect(billed).toHaveLength(1);
    expect(Number(billed[0]!.invoice_number)).toBe(1);
  });

  it('marks the group membership paid when its invoice is paid in full', async () => {
    const charge = await world.db.query<{ invoice_id: string; total_ore: string }>(
      `select c.invoice_id, i.total_ore::text from group_fee_charges c join invoices i on i.id = c.invoice_id
       where c.member_id = $1 and c.group_id = $2 order by c.period_start limit 1`,
      [ids.bent, ids.quarterly],
    );
    const { invoice_id: invoice, total_ore: total } = charge.rows[0]!;
    await world.as(
      'billingAdminA',
      `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, $3, 'mobilepay')`,
      [world.communityA, invoice, total],
    );
    const rows = await world.db.query<{ group_id: string; payment_status: string }>(
      `select group_id, payment_status from group_members where member_id = $1 order by group_id`,
      [ids.bent],
    );
    expect(rows.rows.every((r) => r.payment_status === 'paid')).toBe(true);
  });

  it('bills again what a deleted draft invoice held, but not what a void invoice held', async () => {
    const charges = await world.db.query<{ invoice_id: string }>(
      `select invoice_id from group_fee_charges where member_id = $1 and period_start = '2026-04-01'`,
      [ids.carl],
    );
    await world.as('billingAdminA', `update invoices set status = 'void' where id = $1`, [
      charges.rows[0]!.invoice_id,
    ]);
    expect(await bill('billingAdminA', world.communityA, '2026-04-20')).toEqual([]);
    // A charge removed by a billing admin is billed on the next run.
    await world.as('billingAdminA', `delete from group_fee_charges where member_id = $1`, [ids.carl]);
    const again = await bill('billingAdminA', world.communityA, '2026-04-20');
    expect(again.map((r) => r.member_id)).toEqual([ids.carl]);
  });

  it('refuses everyone but billing admins of the community, and a missing day', async () => {
    for (const actor of ['groupAdminA', 'memberA', 'ownerA', 'adminB'] as const) {
      expect(
        await failureOf(
          world.as(actor, 'select * from invoice_group_fees($1, $2)', [world.communityA, '2026-05-01']),
        ),
      ).toBe('not_allowed');
    }
    expect(
      await failureOf(
        world.as('anon', 'select * from invoice_group_fees($1, $2)', [world.communityA, '2026-05-01']),
      ),
    ).toBe('42501');
    expect(
      await failureOf(
        world.as('billingAdminA', 'select * from invoice_group_fees($1, null)', [world.communityA]),
      ),
    ).toBe('invalid_period');
  });

  it('lets concurrent runs for one period bill each membership once', async () => {
    const runs = await Promise.all([
      bill('billingAdminA', world.communityA, '2026-06-10'),
      bill('billingAdminA', world.communityA, '2026-06-10'),
    ]);
    // Bent's quarter (Q2) was billed in April; Anna and Carl owe June.
    const members = runs.flat().map((r) => r.member_id);
    expect(members.sort()).toEqual([ids.anna, ids.carl].sort());
    const charges = await world.db.query<{ n: string }>(
      `select count(*)::text as n from group_fee_charges where period_start = '2026-06-01'`,
    );
    expect(charges.rows[0]!.n).toBe('2');
  });
});
