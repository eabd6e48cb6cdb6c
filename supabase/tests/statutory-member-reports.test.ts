// The CFR count and the municipal member grant for a past year, on a hand-made club whose right
// answers are known: a join on 30 September counts and one on 2 October does not, someone who
// left in March does not, a child in two paid activities counts twice, gender "other" is its
// own column, a coach counts without paying, an unpaid fee, a passive member and a free group
// do not count, and the grant keeps only ages 0–24. A fee counts however it was billed
// (decision 1050): a plan that grants the group, the club's membership plan, or the club's
// mark that the member is exempt; an unpaid plan invoice or one of another year does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let swimmingClub: string;
let otherCommunityClub: string;

interface Person {
  first: string;
  gender: string | null;
  born: string;
  joined: string;
  left?: string;
  status?: string;
}

beforeAll(async () => {
  world = await createWorld();
  const db = world.db;
  const a = world.communityA;
  const billing = billingFixture(world);
  const account = await billing.account('Familien Holm');
  const paid = await billing.draft(account, [{ description: 'Kontingent 2025', unitPriceOre: 100000 }]);
  await billing.issue(paid);
  await billing.pay(paid, 100000);
  const unpaid = await billing.draft(account, [{ description: 'Kontingent 2025', unitPriceOre: 100000 }]);
  await billing.issue(unpaid);

  const group = async (title: string, price: number) =>
    (
      await db.query<{ id: string }>(
        `insert into groups (community_id, title, price_ore, payment_frequency)
         values ($1, $2, $3, case when $3 > 0 then 'annually' end::payment_frequency) returning id`,
        [a, title, price],
      )
    ).rows[0]!.id;
  const football = await group('Fodbold', 100000);
  const swimming = await group('Svømning', 80000);
  const choir = await group('Kor', 0);

  const member = async (p: Person) =>
    (
      await db.query<{ id: string }>(
        `insert into members (community_id, first_name, last_name, gender, birth_date, joined_on, left_on, status)
         values ($1, $2, 'Holm', $3::gender, $4, $5, $6, $7::member_status) returning id`,
        [a, p.first, p.gender, p.born, p.joined, p.left ?? null, p.status ?? (p.left ? 'left' : 'active')],
      )
    ).rows[0]!.id;
  const join = async (
    memberId: string,
    groupId: string,
    since: string,
    fee: 'paid' | 'unpaid' | 'none',
    options: { role?: string; left?: string } = {},
  ) => {
    const gm = (
      await db.query<{ id: string }>(
        `insert into group_members (community_id, group_id, member_id, role, joined_at, left_at)
         values ($1, $2, $3, $4, ($5::date + time '12:00') at time zone 'Europe/Copenhagen',
                 ($6::date + time '12:00') at time zone 'Europe/Copenhagen') returning id`,
        [a, groupId, memberId, options.role ?? 'member', since, options.left ?? null],
      )
    ).rows[0]!.id;
    if (fee !== 'none')
      await db.query(
        `insert into group_fee_charges (community_id, group_id, member_id, group_member_id, period_start, invoice_id, amount_ore)
         values ($1, $2, $3, $4, $5, $6, 100000)`,
        [a, groupId, memberId, gm, since, fee === 'paid' ? paid : unpaid],
      );
  };

  const anna = await member({ first: 'Anna', gender: 'female', born: '2015-05-01', joined: '2024-01-10' });
  await join(anna, football, '2025-09-30', 'paid');
  await join(anna, swimming, '2025-02-01', 'paid');
  const bo = await member({ first: 'Bo', gender: 'male', born: '1990-03-03', joined: '2025-10-02' });
  await join(bo, football, '2025-10-02', 'paid');
  const cille = await member({
    first: 'Cille',
    gender: 'other',
    born: '2005-06-01',
    joined: '2020-03-01',
    left: '2025-03-15',
  });
  await join(cille, football, '2025-01-01', 'paid', { left: '2025-03-15' });
  const dan = await member({ first: 'Dan', gender: 'male', born: '2000-01-01', joined: '2023-01-01' });
  await join(dan, football, '2025-01-01', 'unpaid');
  const eva = await member({ first: 'Eva', gender: 'other', born: '2012-12-31', joined: '2022-08-01' });
  await join(eva, football, '2024-08-01', 'none', { role: 'coach' });
  const finn = await member({ first: 'Finn', gender: 'male', born: '2010-01-01', joined: '2022-08-01' });
  await join(finn, choir, '2024-08-01', 'none');
  const gitte = await member({
    first: 'Gitte',
    gender: 'female',
    born: '2011-01-01',
    joined: '2022-08-01',
    status: 'passive',
  });
  await join(gitte, football, '2025-01-01', 'paid');
  const hans = await member({ first: 'Hans', gender: 'male', born: '1995-07-07', joined: '2021-01-01' });
  await join(hans, swimming, '2025-01-01', 'paid');

  // Fees billed through plans: handball is free as a group and billed by a plan that grants
  // it; the senior plan is the club's membership fee, which pays for the member's activities.
  const handball = await group('Håndbold', 0);
  const plan = async (name: string, grants: string, groupId: string | null) =>
    (
      await db.query<{ id: string }>(
        `insert into billing_plans (community_id, name, price_ore, grants, group_id)
         values ($1, $2, 90000, $3, $4) returning id`,
        [a, name, grants, groupId],
      )
    ).rows[0]!.id;
  const handballPlan = await plan('Håndbold kontingent', 'group', handball);
  const seniorPlan = await plan('Senior kontingent', 'membership', null);
  const planInvoice = async (memberId: string, planId: string, issuedOn: string, paidInFull: boolean) => {
    const accountId = await billing.account(`Konto ${memberId}`, { kind: 'member', member_id: memberId });
    const invoice = await billing.draft(accountId, [
      { description: 'Kontingent', unitPriceOre: 90000, planId },
    ]);
    await db.query('update invoices set issued_on = $2 where id = $1', [invoice, issuedOn]);
    await billing.issue(invoice);
    if (paidInFull) await billing.pay(invoice, 90000);
  };
  const ida = await member({ first: 'Ida', gender: 'female', born: '2008-04-04', joined: '2023-01-01' });
  await join(ida, handball, '2025-01-01', 'none');
  await planInvoice(ida, handballPlan, '2025-02-01', true);
  const jens = await member({ first: 'Jens', gender: 'male', born: '1980-02-02', joined: '2023-01-01' });
  await join(jens, football, '2025-01-01', 'none');
  await planInvoice(jens, seniorPlan, '2025-02-01', true);
  const karl = await member({ first: 'Karl', gender: 'male', born: '1970-02-02', joined: '2023-01-01' });
  await join(karl, swimming, '2025-01-01', 'none');
  await db.query(`update group_members set payment_status = 'exempt' where member_id = $1`, [karl]);
  const lis = await member({ first: 'Lis', gender: 'female', born: '1985-02-02', joined: '2023-01-01' });
  await join(lis, handball, '2025-01-01', 'none');
  await planInvoice(lis, handballPlan, '2025-02-01', false);
  const mads = await member({ first: 'Mads', gender: 'male', born: '1985-02-02', joined: '2023-01-01' });
  await join(mads, football, '2025-01-01', 'none');
  await planInvoice(mads, seniorPlan, '2024-02-01', true);

  // Swimming is its own club (department) of the community; community B has a club too.
  swimmingClub = (
    await db.query<{ id: string }>(
      `insert into clubs (community_id, name) values ($1, 'Svømmeafdelingen') returning id`,
      [a],
    )
  ).rows[0]!.id;
  await db.query('update groups set club_id = $1 where id = $2', [swimmingClub, swimming]);
  otherCommunityClub = (
    await db.query<{ id: string }>(
      `insert into clubs (community_id, name) values ($1, 'Fremmed klub') returning id`,
      [world.communityB],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await world?.close();
});

const counts = (year: number, maxAge: number | null = null) =>
  world.as<{ activity: string; gender: string; age_band: string; members: string }>(
    'analyticsAdminA',
    'select activity, gender, age_band, members::text from report_member_counts($1, $2, $3)',
    [world.communityA, year, maxAge],
  );

describe('statutory member counts', () => {
  it('counts the CFR year by activity, gender and age band with the three-month and paid rules', async () => {
    expect(await counts(2025)).toEqual([
      { activity: 'Fodbold', gender: 'female', age_band: '0-12', members: '1' },
      { activity: 'Fodbold', gender: 'male', age_band: '25-59', members: '1' },
      { activity: 'Fodbold', gender: 'other', age_band: '13-18', members: '1' },
      { activity: 'Håndbold', gender: 'female', age_band: '13-18', members: '1' },
      { activity: 'Svømning', gender: 'female', age_band: '0-12', members: '1' },
      { activity: 'Svømning', gender: 'male', age_band: '25-59', members: '2' },
    ]);
  });

  it('shows the members behind every number, and how each qualified', async () => {
    const rows = await world.as<{
      first_name: string;
      activity: string;
      counted_from: string;
      paid_by: string;
    }>(
      'analyticsAdminA',
      `select first_name, activity, counted_from::text, paid_by from report_member_counts_detail($1, 2025)`,
      [world.communityA],
    );
    expect(rows).toEqual([
      { first_name: 'Anna', activity: 'Fodbold', counted_from: '2025-09-30', paid_by: 'fee' },
      { first_name: 'Eva', activity: 'Fodbold', counted_from: '2024-08-01', paid_by: 'coach' },
      { first_name: 'Jens', activity: 'Fodbold', counted_from: '2025-01-01', paid_by: 'plan' },
      { first_name: 'Ida', activity: 'Håndbold', counted_from: '2025-01-01', paid_by: 'plan' },
      { first_name: 'Anna', activity: 'Svømning', counted_from: '2025-02-01', paid_by: 'fee' },
      { first_name: 'Hans', activity: 'Svømning', counted_from: '2025-01-01', paid_by: 'fee' },
      { first_name: 'Karl', activity: 'Svømning', counted_from: '2025-01-01', paid_by: 'exempt' },
    ]);
  });

  it('keeps only members aged 0–24 for the municipal member grant', async () => {
    expect((await counts(2025, 24)).map((r) => `${r.activity} ${r.gender} ${r.age_band}`)).toEqual([
      'Fodbold female 0-12',
      'Fodbold other 13-18',
      'Håndbold female 13-18',
      'Svømning female 0-12',
    ]);
  });

  it('applies the grant age limit in the members behind the numbers too, so they add up to the counts', async () => {
    const rows = await world.as<{ first_name: string; age: number; activity: string }>(
      'analyticsAdminA',
      'select first_name, age, activity from report_member_counts_detail($1, 2025, 24)',
      [world.communityA],
    );
    expect(rows.map((r) => `${r.first_name} ${r.activity}`)).toEqual([
      'Anna Fodbold',
      'Eva Fodbold',
      'Ida Håndbold',
      'Anna Svømning',
    ]);
    const total = (await counts(2025, 24)).reduce((sum, r) => sum + Number(r.members), 0);
    expect(total).toBe(rows.length);
    expect(
      await failureOf(
        world.as('analyticsAdminA', 'select * from report_member_counts($1, 2025, -1)', [world.communityA]),
      ),
    ).toBe('invalid_age');
  });

  it("counts one club's activities when a club is chosen, and refuses another community's club", async () => {
    const rows = await world.as<{ activity: string; gender: string; members: string }>(
      'analyticsAdminA',
      'select activity, gender, members::text from report_member_counts($1, 2025, null, $2)',
      [world.communityA, swimmingClub],
    );
    expect(rows).toEqual([
      { activity: 'Svømning', gender: 'female', members: '1' },
      { activity: 'Svømning', gender: 'male', members: '2' },
    ]);
    expect(
      await failureOf(
        world.as('analyticsAdminA', 'select * from report_member_counts($1, 2025, null, $2)', [
          world.communityA,
          otherCommunityClub,
        ]),
      ),
    ).toBe('unknown_club');
    expect(
      await failureOf(
        world.as('analyticsAdminA', 'select * from report_member_counts_detail($1, 2025, null, $2)', [
          world.communityA,
          otherCommunityClub,
        ]),
      ),
    ).toBe('unknown_club');
  });

  it('refuses a year before the club existed or not yet begun, and anyone without analytics', async () => {
    expect(await failureOf(counts(2019))).toBe('year_out_of_range');
    expect(await failureOf(counts(2099))).toBe('year_out_of_range');
    expect(
      await failureOf(
        world.as('eventAdminA', 'select * from report_member_counts($1, 2025)', [world.communityA]),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        world.as('adminB', 'select * from report_member_counts_detail($1, 2025)', [world.communityA]),
      ),
    ).toBe('not_allowed');
  });
});
