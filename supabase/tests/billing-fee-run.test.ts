// The community's fee run from the billing home (docs/decisions/0911): the preview's totals
// match what the run charges, the run goes in batches of members until nobody is left, the
// volunteer credit waiting for those members is shown and then applied; refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};
const day = '2026-09-15';

type Totals = { charges: number; members: number; amount_ore: string; waiting_credit_ore: string };
const totals = async (actor: 'billingAdminA' | 'memberA' | 'anon' = 'billingAdminA') =>
  (
    await world.as<Totals>(
      actor,
      'select charges, members, amount_ore::text, waiting_credit_ore::text from preview_group_fee_totals($1, $2)',
      [world.communityA, day],
    )
  )[0]!;
const batch = (limit: number | null) =>
  world.as<{ member_id: string; total_ore: string; lines: number }>(
    'billingAdminA',
    'select member_id, total_ore::text, lines from invoice_group_fees($1, $2, $3)',
    [world.communityA, day, limit],
  );

beforeAll(async () => {
  world = await createWorld();
  const { db, communityA: a } = world;
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  const monthly = await one(
    `insert into groups (community_id, title, payment_frequency, price_ore) values ($1, 'Motion', 'monthly', 20000) returning id`,
    [a],
  );
  const annual = await one(
    `insert into groups (community_id, title, payment_frequency, price_ore) values ($1, 'Kajak', 'annually', 90000) returning id`,
    [a],
  );
  for (const name of ['Asta', 'Bo', 'Cille']) ids[name] = await addMember(db, a, name);
  const join = (group: string, member: string) =>
    db.query(
      `insert into group_members (community_id, group_id, member_id, joined_at) values ($1, $2, $3, '2026-01-05T10:00:00Z')`,
      [a, group, member],
    );
  await join(monthly, ids.Asta!);
  await join(annual, ids.Asta!);
  await join(monthly, ids.Bo!);
  await join(annual, ids.Cille!);
  // Bo has earned 150 kr. of volunteer credit that no invoice has used yet.
  const rule = await one(
    `insert into volunteer_credit_rules (community_id, name, min_hours, credit_ore, season_start, season_end)
     values ($1, 'Sæson 2026', 5, 15000, '2026-01-01', '2026-12-31') returning id`,
    [a],
  );
  await db.query(
    `insert into volunteer_credits (community_id, rule_id, member_id, hours, credit_ore) values ($1, $2, $3, 6, 15000)`,
    [a, rule, ids.Bo],
  );
  // Cille has checked in 5 h 30 min, so the run earns her the rule's credit; Asta has 4 h, short.
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status)
     values ($1, 'Klubdag', '2026-05-02T08:00:00Z', '2026-05-02T18:00:00Z', 'published') returning id`,
    [a],
  );
  const job = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Kiosk', 10) returning id`,
    [a, event],
  );
  await db.query(
    `insert into volunteer_signups (community_id, job_id, member_id, checked_in_at, checked_out_at)
     values ($1, $2, $3, '2026-05-02T08:00:00Z', '2026-05-02T13:30:00Z'),
            ($1, $2, $4, '2026-05-02T08:00:00Z', '2026-05-02T12:00:00Z')`,
    [a, job, ids.Cille, ids.Asta],
  );
});
afterAll(async () => {
  await world?.close();
});

describe('community fee run', () => {
  it('previews charges, members, amount and the volunteer credit, earned or to be earned', async () => {
    expect(await totals()).toEqual({
      charges: 4,
      members: 3,
      amount_ore: '220000',
      waiting_credit_ore: '30000',
    });
  });

  it('runs in batches of members until a batch charges nobody, each charged once', async () => {
    const first = await batch(2);
    expect(first.map((r) => r.member_id).sort()).toEqual([ids.Asta, ids.Bo].sort());
    // Bo's 200 kr. fee less his 150 kr. credit.
    expect(first.find((r) => r.member_id === ids.Bo)).toMatchObject({ total_ore: '5000', lines: 1 });
    expect(await totals()).toEqual({
      charges: 1,
      members: 1,
      amount_ore: '90000',
      waiting_credit_ore: '15000',
    });
    // Cille's 900 kr. fee less the 150 kr. the run earned her.
    expect(await batch(2)).toEqual([{ member_id: ids.Cille, total_ore: '75000', lines: 1 }]);
    expect(await batch(2)).toEqual([]);
    expect(await batch(null)).toEqual([]);
    expect(await totals()).toEqual({ charges: 0, members: 0, amount_ore: '0', waiting_credit_ore: '0' });
    const charged = await world.db.query<{ n: string }>(
      'select count(*)::text as n from group_fee_charges where community_id = $1',
      [world.communityA],
    );
    expect(charged.rows[0]!.n).toBe('4');
  });

  it('refuses anyone but billing admins, a missing day and an empty batch', async () => {
    expect(await failureOf(totals('memberA'))).toBe('not_allowed');
    expect(await failureOf(totals('anon'))).toBe('42501');
    expect(
      await failureOf(
        world.as('adminB', 'select * from invoice_group_fees($1, $2, 10)', [world.communityA, day]),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        world.as('billingAdminA', 'select * from preview_group_fee_totals($1, null)', [world.communityA]),
      ),
    ).toBe('invalid_period');
    expect(await failureOf(batch(0))).toBe('invalid_batch');
  });
});
