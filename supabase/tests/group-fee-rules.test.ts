// Group fees with a charging start and the mid-period join rule: the price screen's preview,
// the fee run's preview matching what the run charges, a price change touching only charges
// not issued yet, archived groups and members marked exempt not charged, and one charge per member and period even
// when runs of the group and of the community race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};

type Charge = {
  period_start: string;
  label: string | null;
  amount_ore: number;
  reason: string;
};
const previewCharges = (
  frequency: string,
  price: number,
  starts: string | null,
  rule: string,
  join: string,
) =>
  world.as<Charge>(
    'groupAdminA',
    `select period_start::text, label, amount_ore, reason
     from preview_group_charges($1::payment_frequency, $2, $3::date, $4, $5::date, 3)`,
    [frequency, price, starts, rule, join],
  );

type Due = {
  member_name: string;
  group_title: string;
  description: string;
  amount_ore: number;
  reason: string;
};
const previewRun = (day: string, group: string | null = null) =>
  world.as<Due>(
    'billingAdminA',
    `select member_name, group_title, description, amount_ore, reason from preview_group_fees($1, $2::date, $3)`,
    [world.communityA, day, group],
  );
const runGroup = (group: string, day: string) =>
  world.as<{ member_id: string; total_ore: string; lines: number }>(
    'billingAdminA',
    'select member_id, total_ore::text, lines from run_group_fees($1, $2::date)',
    [group, day],
  );

const group = async (
  title: string,
  frequency: string,
  price: number,
  rule: string,
  starts: string | null = null,
) =>
  (
    await world.db.query<{ id: string }>(
      `insert into groups (community_id, title, payment_frequency, price_ore, mid_period_join, charging_starts_on)
       values ($1, $2, $3::payment_frequency, $4, $5, $6) returning id`,
      [world.communityA, title, frequency, price, rule, starts],
    )
  ).rows[0]!.id;
const join = (groupId: string, member: string, joined: string) =>
  world.db.query(
    `insert into group_members (community_id, group_id, member_id, joined_at) values ($1, $2, $3, $4)`,
    [world.communityA, groupId, member, joined],
  );

beforeAll(async () => {
  world = await createWorld();
  ids.full = await group('Motion', 'monthly', 30000, 'full');
  ids.prorata = await group('Fodbold', 'monthly', 31000, 'pro_rata');
  ids.free = await group('Yoga', 'monthly', 20000, 'free_until_next_period');
  ids.later = await group('Svøm', 'quarterly', 60000, 'full', '2026-07-01');
  ids.anna = await addMember(world.db, world.communityA, 'Anna');
  ids.bent = await addMember(world.db, world.communityA, 'Bent');
  ids.carl = await addMember(world.db, world.communityA, 'Carl');
  // Anna was in from the start of March; Bent joined on 16 March (Copenhagen time).
  for (const g of [ids.full, ids.prorata, ids.free, ids.later]) {
    await join(g, ids.anna, '2026-02-20T10:00:00Z');
    await join(g, ids.bent, '2026-03-16T10:00:00Z');
  }
});
afterAll(async () => {
  await world?.close();
});

describe('preview_group_charges (the price screen)', () => {
  it('charges a mid-period join in full, pro rata by days, or from the next period', async () => {
    expect(
      (await previewCharges('monthly', 31000, null, 'full', '2026-03-16')).map((c) => c.amount_ore),
    ).toEqual([31000, 31000, 31000]);
    expect(await previewCharges('monthly', 31000, null, 'pro_rata', '2026-03-16')).toEqual([
      {
        period_start: '2026-03-01',
        label: '2026-03',
        amount_ore: 16000,
        reason: 'joined_mid_period_pro_rata',
      },
      { period_start: '2026-04-01', label: '2026-04', amount_ore: 31000, reason: 'full_period' },
      { period_start: '2026-05-01', label: '2026-05', amount_ore: 31000, reason: 'full_period' },
    ]);
    expect(
      (await previewCharges('monthly', 31000, null, 'free_until_next_period', '2026-03-16')).map((c) => [
        c.amount_ore,
        c.reason,
      ]),
    ).toEqual([
      [0, 'joined_mid_period_free'],
      [31000, 'full_period'],
      [31000, 'full_period'],
    ]);
    // A join on the first day of a period is a full period.
    expect((await previewCharges('monthly', 31000, null, 'pro_rata', '2026-03-01'))[0]!.reason).toBe(
      'full_period',
    );
  });

  it('starts with the period in which charging starts, and a one-time fee is one charge', async () => {
    expect(
      (await previewCharges('quarterly', 60000, '2026-07-01', 'full', '2026-03-16')).map((c) => c.label),
    ).toEqual(['2026 Q3', '2026 Q4', '2027 Q1']);
    expect(await previewCharges('one_time', 50000, null, 'full', '2026-03-16')).toEqual([
      { period_start: '2026-03-16', label: null, amount_ore: 50000, reason: 'one_time' },
    ]);
    expect(await failureOf(previewCharges('monthly', -1, null, 'full', '2026-03-16'))).toBe('invalid_price');
  });
});

describe('group fee runs', () => {
  it('previews who, how much and why, and the run charges exactly that', async () => {
    const preview = await previewRun('2026-03-20');
    expect(preview.map((d) => [d.member_name, d.group_title, d.amount_ore, d.reason])).toEqual([
      ['Anna Jensen', 'Fodbold', 31000, 'full_period'],
      ['Anna Jensen', 'Motion', 30000, 'full_period'],
      ['Anna Jensen', 'Yoga', 20000, 'full_period'],
      ['Bent Jensen', 'Fodbold', 16000, 'joined_mid_period_pro_rata'],
      ['Bent Jensen', 'Motion', 30000, 'joined_mid_period_full'],
    ]);
    expect(preview.find((d) => d.amount_ore === 16000)?.description).toBe(
      'Fodbold, 2026-03 (forholdsmæssigt)',
    );
    const billed = await world.as<{ member_id: string; total_ore: string }>(
      'billingAdminA',
      'select member_id, total_ore::text from invoice_group_fees($1, $2)',
      [world.communityA, '2026-03-20'],
    );
    const totals = Object.fromEntries(billed.map((b) => [b.member_id, Number(b.total_ore)]));
    expect(totals).toEqual({ [ids.anna!]: 81000, [ids.bent!]: 46000 });
    expect(await previewRun('2026-03-20')).toEqual([]);
  });

  it('charges a price change only on charges not issued yet', async () => {
    await world.as('groupAdminA', `select save_group_price($1, 'monthly', 350, null, 'full')`, [ids.full]);
    const march = await world.db.query<{ amount_ore: number; total_ore: string }>(
      `select c.amount_ore, i.total_ore::text from group_fee_charges c join invoices i on i.id = c.invoice_id
       where c.group_id = $1 and c.member_id = $2 and c.period_start = '2026-03-01'`,
      [ids.full, ids.anna],
    );
    expect(march.rows).toEqual([{ amount_ore: 30000, total_ore: '81000' }]);
    const april = await runGroup(ids.full!, '2026-04-05');
    expect(april.map((r) => Number(r.total_ore))).toEqual([35000, 35000]);
  });

  it('does not charge an archived group, and charges it again once unarchived', async () => {
    await world.as('groupAdminA', 'update groups set archived = true where id = $1', [ids.prorata]);
    expect(await previewRun('2026-04-05', ids.prorata)).toEqual([]);
    expect(await runGroup(ids.prorata!, '2026-04-05')).toEqual([]);
    await world.as('groupAdminA', 'update groups set archived = false where id = $1', [ids.prorata]);
    expect((await runGroup(ids.prorata!, '2026-04-05')).map((r) => r.lines)).toEqual([1, 1]);
  });

  it('starts charging from the charging start only', async () => {
    expect(await previewRun('2026-05-10', ids.later)).toEqual([]);
    expect((await previewRun('2026-07-10', ids.later)).map((d) => d.reason)).toEqual([
      'full_period',
      'full_period',
    ]);
  });

  it('does not charge a member the club marked exempt, and charges them once the mark is gone', async () => {
    const padel = await group('Padel', 'monthly', 25000, 'full');
    await join(padel, ids.anna!, '2026-02-20T10:00:00Z');
    await join(padel, ids.carl!, '2026-02-20T10:00:00Z');
    await world.as(
      'groupAdminA',
      `update group_members set payment_status = 'exempt' where group_id = $1 and member_id = $2`,
      [padel, ids.carl],
    );
    expect((await previewRun('2026-06-10', padel)).map((d) => d.member_name)).toEqual(['Anna Jensen']);
    expect((await runGroup(padel, '2026-06-10')).map((r) => r.member_id)).toEqual([ids.anna]);
    await world.as(
      'groupAdminA',
      `update group_members set payment_status = 'pending' where group_id = $1 and member_id = $2`,
      [padel, ids.carl],
    );
    expect((await runGroup(padel, '2026-06-10')).map((r) => r.member_id)).toEqual([ids.carl]);
  });

  it('runs a large group in batches of members by name, each charged once', async () => {
    const batch = await group('Padel', 'monthly', 10000, 'full');
    for (const m of [ids.anna!, ids.bent!, ids.carl!]) await join(batch, m, '2026-01-05T10:00:00Z');
    const runBatch = () =>
      world.as<{ member_id: string }>('billingAdminA', 'select member_id from run_group_fees($1, $2, 2)', [
        batch,
        '2026-05-10',
      ]);
    expect((await runBatch()).map((r) => r.member_id)).toEqual([ids.anna, ids.bent]);
    expect((await runBatch()).map((r) => r.member_id)).toEqual([ids.carl]);
    expect(await runBatch()).toEqual([]);
    expect(
      await failureOf(
        world.as('billingAdminA', 'select * from run_group_fees($1, $2, 0)', [batch, '2026-05-10']),
      ),
    ).toBe('invalid_batch');
  });

  it('issues a run in one statement: numbers in name order without gaps, one audit entry each', async () => {
    const tennis = await group('Tennis', 'monthly', 15000, 'full');
    for (const m of [ids.carl!, ids.anna!, ids.bent!]) await join(tennis, m, '2026-01-05T10:00:00Z');
    const counter = async () =>
      Number(
        (
          await world.db.query<{ n: string }>(
            `select last_value::text as n from app_private.counters where community_id = $1 and kind = 'invoice'`,
            [world.communityA],
          )
        ).rows[0]?.n ?? 0,
      );
    const before = await counter();
    const run = await world.as<{ invoice_id: string; member_id: string; invoice_number: string }>(
      'billingAdminA',
      'select invoice_id, member_id, invoice_number::text from run_group_fees($1, $2)',
      [tennis, '2026-05-10'],
    );
    expect(run.map((r) => [r.member_id, Number(r.invoice_number)])).toEqual([
      [ids.anna, before + 1],
      [ids.bent, before + 2],
      [ids.carl, before + 3],
    ]);
    expect(await counter()).toBe(before + 3);
    const audit = await world.db.query<{ subject: string; status: string[]; actor_email: string }>(
      `select subject, details -> 'status' as status, actor_email from audit_log
        where action = 'invoice_status_changed' and subject_id = any ($1) order by subject`,
      [run.map((r) => r.invoice_id)],
    );
    expect(audit.rows).toEqual(
      [1, 2, 3].map((k) => ({
        subject: `#${before + k}`,
        status: ['draft', 'issued'],
        actor_email: 'billing.admin.a@example.dk',
      })),
    );

    // All or none: a batch holding an invoice that is no longer a draft issues nothing and
    // takes no numbers, so none go missing.
    const draft = async () => {
      const account = (
        await world.db.query<{ id: string }>('select id from billing_accounts where member_id = $1', [
          ids.anna,
        ])
      ).rows[0]!.id;
      const invoice = (
        await world.db.query<{ id: string }>(
          'insert into invoices (community_id, account_id) values ($1, $2) returning id',
          [world.communityA, account],
        )
      ).rows[0]!.id;
      await world.db.query(
        `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Bold', 5000)`,
        [world.communityA, invoice],
      );
      return invoice;
    };
    const [first, second] = [await draft(), await draft()];
    expect(
      await failureOf(
        world.db.query('select app_private.issue_invoices_in_order($1, $2)', [
          world.communityA,
          [first, run[0]!.invoice_id],
        ]),
      ),
    ).toBe('invalid_transition');
    expect(await counter()).toBe(before + 3);
    await world.db.query('select app_private.issue_invoices_in_order($1, $2)', [
      world.communityA,
      [second, first],
    ]);
    const issued = await world.db.query<{ id: string; number: string; status: string }>(
      'select id, number::text, status from invoices where id = any ($1) order by number',
      [[first, second]],
    );
    expect(issued.rows).toEqual([
      { id: second, number: String(before + 4), status: 'issued' },
      { id: first, number: String(before + 5), status: 'issued' },
    ]);
    const ahead = await world.db.query('select 1 from app_private.invoice_numbers_ahead');
    expect(ahead.rows).toEqual([]);
  });

  it('refuses the run to everyone but billing admins, and an unknown group', async () => {
    for (const actor of ['memberA', 'eventAdminA', 'adminB'] as const) {
      expect(
        await failureOf(world.as(actor, 'select * from run_group_fees($1, $2)', [ids.full, '2026-05-01'])),
      ).toBe('group_not_found');
    }
    expect(
      await failureOf(
        world.as('groupAdminA', 'select * from run_group_fees($1, $2)', [ids.full, '2026-05-01']),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        world.as('billingAdminA', 'select * from preview_group_fees($1, $2)', [
          world.communityB,
          '2026-05-01',
        ]),
      ),
    ).toBe('not_allowed');
  });

  it('charges each member once per period when a group run and community runs race', async () => {
    await join(ids.full!, ids.carl!, '2026-05-02T10:00:00Z');
    const runs = await Promise.all([
      runGroup(ids.full!, '2026-06-10'),
      world.as<{ member_id: string }>('billingAdminA', 'select member_id from invoice_group_fees($1, $2)', [
        world.communityA,
        '2026-06-10',
      ]),
      runGroup(ids.full!, '2026-06-10'),
    ]);
    expect(runs.flat().length).toBeGreaterThan(0);
    const charges = await world.db.query<{ member_id: string; n: string }>(
      `select member_id, count(*)::text as n from group_fee_charges where group_id = $1 and period_start = '2026-06-01'
       group by member_id order by member_id`,
      [ids.full],
    );
    expect(charges.rows).toEqual(
      [ids.anna!, ids.bent!, ids.carl!].sort().map((member_id) => ({ member_id, n: '1' })),
    );
    expect(await runGroup(ids.full!, '2026-06-10')).toEqual([]);
  });
});
