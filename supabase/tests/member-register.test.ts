// The members area in the database: the register with its filters, the member page's overview,
// the history of changes, CPR reveals with a reason, Danish postcodes and admin access grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWorld, failureOf, type Actor, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};
let tagId: string;
let groupId: string;

interface RegisterRow {
  id: string;
  full_name: string;
  tags: { name: string }[];
  in_arrears: boolean;
  [key: string]: unknown;
}
interface RegisterPage {
  total: number;
  rows: RegisterRow[];
}

const register = async (
  actor: Actor,
  filters: Record<string, unknown> = {},
  sort = 'name',
  ascending = true,
  limit = 50,
  offset = 0,
) => {
  const [row] = await world.as<{ page: RegisterPage }>(
    actor,
    'select member_register($1, $2, $3, $4, $5, $6) as page',
    [world.communityA, JSON.stringify(filters), sort, ascending, limit, offset],
  );
  return row!.page;
};
const names = (page: RegisterPage) => page.rows.map((r) => r.full_name);

beforeAll(async () => {
  world = await createWorld();
  const db = world.db;
  const rows = await db.query<{ id: string; first_name: string }>(
    `insert into members (community_id, first_name, last_name, email, phone, gender, birth_date, status,
                          joined_on, left_on, postal_code, city)
     values ($1, 'Anna', 'Andersen', 'anna@example.dk', '+45 20 00 00 01', 'female', current_date - interval '10 years', 'active', '2020-01-15', null, '8000', 'Aarhus C'),
            ($1, 'Bo', 'Bech', null, '+4520000002', 'male', current_date - interval '40 years', 'passive', '2023-06-01', null, null, null),
            ($1, 'Cai', 'Carlsen', 'cai@example.dk', null, 'other', current_date - interval '70 years', 'left', '2015-03-01', '2024-01-01', null, null),
            ($1, 'Dorte', 'Dahl', 'dorte@example.dk', null, 'female', null, 'active', '2024-09-01', null, null, null)
     returning id, first_name`,
    [world.communityA],
  );
  for (const r of rows.rows) ids[r.first_name] = r.id;
  tagId = (
    await db.query<{ id: string }>(
      `insert into tags (community_id, name) values ($1, 'Bestyrelse') returning id`,
      [world.communityA],
    )
  ).rows[0]!.id;
  await db.query(`insert into member_tags (community_id, member_id, tag_id) values ($1, $2, $3)`, [
    world.communityA,
    ids.Bo,
    tagId,
  ]);
  groupId = (
    await db.query<{ id: string }>(
      `insert into groups (community_id, title) values ($1, 'U11 piger') returning id`,
      [world.communityA],
    )
  ).rows[0]!.id;
  await db.query(`insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`, [
    world.communityA,
    groupId,
    ids.Anna,
  ]);
  // Dorte owes an overdue invoice; Anna's is paid.
  for (const [who, paid] of [
    ['Dorte', 0],
    ['Anna', 10000],
  ] as const) {
    const account = await db.query<{ id: string }>(
      `insert into billing_accounts (community_id, name, member_id) values ($1, $2, $3) returning id`,
      [world.communityA, who, ids[who]],
    );
    const invoice = await db.query<{ id: string }>(
      `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
      [world.communityA, account.rows[0]!.id],
    );
    const invoiceId = invoice.rows[0]!.id;
    await db.query(
      `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Kontingent', 10000)`,
      [world.communityA, invoiceId],
    );
    await db.query(
      `update invoices set status = 'issued', issued_on = current_date - 40, due_on = current_date - 10 where id = $1`,
      [invoiceId],
    );
    if (paid > 0)
      await db.query(
        `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, $3, 'bank_transfer')`,
        [world.communityA, invoiceId, paid],
      );
  }
});
afterAll(async () => {
  await world?.close();
});

describe('member_register', () => {
  it('pages the register in name order with the number of matches and no CPR', async () => {
    const all = await register('memberAdminA');
    expect(all.total).toBe(6); // four here, Mette and Morten from the world
    expect(names(all)).toEqual([
      'Anna Andersen',
      'Bo Bech',
      'Cai Carlsen',
      'Dorte Dahl',
      'Mette Jensen',
      'Morten Jensen',
    ]);
    const second = await register('memberAdminA', {}, 'name', true, 2, 2);
    expect(names(second)).toEqual(['Cai Carlsen', 'Dorte Dahl']);
    expect(second.total).toBe(6);
    expect(Object.keys(all.rows[0]!)).not.toContain('cpr_masked');
    // Paging without counting again: the same rows, no total.
    const [uncounted] = await world.as<{ page: RegisterPage }>(
      'memberAdminA',
      `select member_register($1, '{}', 'name', true, 2, 2, false) as page`,
      [world.communityA],
    );
    expect(uncounted!.page.total).toBeNull();
    expect(names(uncounted!.page)).toEqual(['Cai Carlsen', 'Dorte Dahl']);
    expect(all.rows.find((r) => r.full_name === 'Bo Bech')!.tags.map((t) => t.name)).toEqual(['Bestyrelse']);
  });

  it('counts exactly up to 10,000 matches and estimates above, and finds a rare e-mail among many', async () => {
    await world.db.query(
      `insert into members (community_id, first_name, last_name, email)
       select $1, 'Bulk', 'Medlem ' || g, 'bulk' || g || '@example.dk' from generate_series(1, 10050) g`,
      [world.communityB],
    );
    await world.db.exec('analyze public.members');
    const [row] = await world.as<{ page: RegisterPage & { estimated: boolean } }>(
      'adminB',
      `select member_register($1, '{}', 'name', true, 5, 0, true) as page`,
      [world.communityB],
    );
    expect(row!.page.estimated).toBe(true);
    expect(row!.page.total).toBeGreaterThan(10000);
    const [found] = await world.as<{ page: RegisterPage & { estimated: boolean } }>(
      'adminB',
      `select member_register($1, '{"search":"bulk777@example.dk"}', 'name', true, 5, 0, true) as page`,
      [world.communityB],
    );
    expect(found!.page).toMatchObject({ total: 1, estimated: false });
    expect(names(found!.page)).toEqual(['Bulk Medlem 777']);
    // A common term (every one of the 10,050 matches) walks the name index: the same first
    // page as sorting every match.
    const [common] = await world.as<{ page: RegisterPage & { estimated: boolean } }>(
      'adminB',
      `select member_register($1, '{"search":"bulk"}', 'name', true, 5, 0, true) as page`,
      [world.communityB],
    );
    const sorted = await world.db.query<{ full_name: string }>(
      `select full_name from members where community_id = $1 and full_name ilike '%bulk%'
        order by last_name, first_name, id limit 5`,
      [world.communityB],
    );
    expect(names(common!.page)).toEqual(sorted.rows.map((r) => r.full_name));
    expect(common!.page.total).toBeGreaterThan(10000);
  });

  it('filters by status, gender (other too), tag, group, age band, joined date and arrears', async () => {
    expect(names(await register('memberAdminA', { statuses: ['passive', 'left'] }))).toEqual([
      'Bo Bech',
      'Cai Carlsen',
    ]);
    expect(names(await register('memberAdminA', { genders: ['other'] }))).toEqual(['Cai Carlsen']);
    expect(names(await register('memberAdminA', { tags: [tagId] }))).toEqual(['Bo Bech']);
    expect(names(await register('memberAdminA', { groups: [groupId] }))).toEqual(['Anna Andersen']);
    expect(names(await register('memberAdminA', { age_min: 18, age_max: 67 }))).toEqual(['Bo Bech']);
    expect(names(await register('memberAdminA', { age_max: 10 }))).toEqual(['Anna Andersen']);
    expect(
      names(await register('memberAdminA', { joined_from: '2023-01-01', joined_to: '2023-12-31' })),
    ).toEqual(['Bo Bech']);
    const owing = await register('memberAdminA', { arrears: true });
    expect(names(owing)).toEqual(['Dorte Dahl']);
    expect(owing.rows[0]!.in_arrears).toBe(true);
    expect(names(await register('memberAdminA', { arrears: false, genders: ['female'] }))).toEqual([
      'Anna Andersen',
    ]);
    // Arrears follow the invoices: paid, no longer owing; due in the future, not yet owing.
    await world.db.query(
      `update invoices set paid_ore = total_ore where account_id in (select id from billing_accounts where member_id = $1)`,
      [ids.Dorte],
    );
    expect(names(await register('memberAdminA', { arrears: true }))).toEqual([]);
    await world.db.query(
      `update invoices set paid_ore = 0, due_on = current_date + 5
        where account_id in (select id from billing_accounts where member_id = $1)`,
      [ids.Dorte],
    );
    expect(names(await register('memberAdminA', { arrears: true }))).toEqual([]);
    await world.db.query(
      `update invoices set due_on = current_date - 10 where account_id in (select id from billing_accounts where member_id = $1)`,
      [ids.Dorte],
    );
    const again = await register('memberAdminA', { arrears: true });
    expect(names(again)).toEqual(['Dorte Dahl']);
    expect(again.rows[0]!.in_arrears).toBe(true);
  });

  it('searches by name part, e-mail, phone and member number, and sorts', async () => {
    expect(names(await register('memberAdminA', { search: 'ahl' }))).toEqual(['Dorte Dahl']);
    expect(names(await register('memberAdminA', { search: 'CAI@example.dk' }))).toEqual(['Cai Carlsen']);
    expect(names(await register('memberAdminA', { search: '+45 2000 0002' }))).toEqual(['Bo Bech']);
    const [{ mid }] = await world.db
      .query<{ mid: string }>('select mid::text from members where id = $1', [ids.Anna])
      .then((r) => r.rows as [{ mid: string }]);
    expect(names(await register('memberAdminA', { search: mid }))).toContain('Anna Andersen');
    const byAge = await register('memberAdminA', { statuses: ['active', 'passive', 'left'] }, 'age', true);
    expect(names(byAge).slice(0, 3)).toEqual(['Anna Andersen', 'Bo Bech', 'Cai Carlsen']);
    const newest = await register('memberAdminA', {}, 'joined_on', false, 1);
    expect(newest.rows[0]!.joined_on).toBe(
      (
        await world.db.query<{ d: string }>(
          `select max(joined_on)::text as d from members where community_id = $1`,
          [world.communityA],
        )
      ).rows[0]!.d,
    );
  });

  it('is for member admins, owners and managers only, and rejects bad filters', async () => {
    expect((await register('ownerA')).total).toBe(6);
    expect((await register('managerA')).total).toBe(6);
    for (const actor of ['eventAdminA', 'billingAdminA', 'memberA', 'adminB'] as const) {
      expect(await failureOf(register(actor))).toBe('not_allowed');
    }
    expect(await failureOf(register('anon'))).toBe('42501');
    expect(await failureOf(register('memberAdminA', { statuses: ['sleeping'] }))).toBe('invalid_filter');
    expect(await failureOf(register('memberAdminA', {}, 'cpr'))).toBe('invalid_sort');
  });
});

describe('member page, history and CPR', () => {
  it('shows a member of the community, masks CPR from admins who are not managers, 404s others', async () => {
    await world.as('managerA', `select set_member_cpr($1, '010190-1234')`, [ids.Anna]);
    const [asManager] = await world.as<{
      o: { member: { cpr_masked: string | null }; can_see_cpr: boolean };
    }>('managerA', 'select member_overview($1) as o', [ids.Anna]);
    expect(asManager!.o.member.cpr_masked).toBe('010190-xxxx');
    const [asAdmin] = await world.as<{
      o: { member: { cpr_masked: string | null }; can_see_cpr: boolean; groups: { title: string }[] };
    }>('memberAdminA', 'select member_overview($1) as o', [ids.Anna]);
    expect(asAdmin!.o.member.cpr_masked).toBeNull();
    expect(asAdmin!.o.can_see_cpr).toBe(false);
    expect(asAdmin!.o.groups.map((g) => g.title)).toEqual(['U11 piger']);
    expect(await failureOf(world.as('adminB', 'select member_overview($1)', [ids.Anna]))).toBe(
      'member_not_found',
    );
    expect(await failureOf(world.as('eventAdminA', 'select member_overview($1)', [ids.Anna]))).toBe(
      'member_not_found',
    );
  });

  it('records changes with old and new values, and reveals with a reason, visible in the history', async () => {
    await world.as(
      'memberAdminA',
      `update members set phone = '+4511223344', status = 'passive' where id = $1`,
      [ids.Anna],
    );
    expect(await failureOf(world.as('managerA', 'select reveal_member_cpr($1)', [ids.Anna]))).toBe(
      'reason_required',
    );
    const [revealed] = await world.as<{ cpr: string }>(
      'managerA',
      `select reveal_member_cpr($1, 'Tilskudsansøgning til kommunen') as cpr`,
      [ids.Anna],
    );
    expect(revealed!.cpr).toBe('010190-1234');
    const history = await world.as<{
      action: string;
      changes: Record<string, unknown>;
      reason: string | null;
    }>(
      'memberAdminA',
      'select action, changes, reason from member_history where member_id = $1 order by id',
      [ids.Anna],
    );
    expect(history.map((h) => h.action)).toEqual(['created', 'cpr_set', 'updated', 'cpr_revealed']);
    expect(history[2]!.changes).toEqual({
      phone: ['+45 20 00 00 01', '+4511223344'],
      status: ['active', 'passive'],
    });
    expect(history[3]!.reason).toBe('Tilskudsansøgning til kommunen');
    expect(JSON.stringify(history)).not.toContain('1234');
    const audit = await world.db.query<{ reason: string }>(
      `select reason from cpr_audit where member_id = $1 and action = 'reveal'`,
      [ids.Anna],
    );
    expect(audit.rows).toEqual([{ reason: 'Tilskudsansøgning til kommunen' }]);
    const [latest] = await world.as<{ action: string; actor_name: string }>(
      'memberAdminA',
      'select action, actor_name from member_history_entries($1) limit 1',
      [ids.Anna],
    );
    expect(latest).toEqual({ action: 'cpr_revealed', actor_name: 'Morten Jensen' });
    expect(
      await failureOf(world.as('eventAdminA', 'select * from member_history_entries($1)', [ids.Anna])),
    ).toBe('member_not_found');
    expect(
      await world.as('eventAdminA', 'select id from member_history where member_id = $1', [ids.Anna]),
    ).toEqual([]);
    await expect(
      world.as(
        'memberAdminA',
        `insert into member_history (community_id, member_id, action) values ($1, $2, 'updated')`,
        [world.communityA, ids.Anna],
      ),
    ).rejects.toThrow();
  });

  it('takes a Danish postcode from the shipped table and fills in the city', async () => {
    expect(
      await failureOf(
        world.as('memberAdminA', `update members set postal_code = '0000' where id = $1`, [ids.Bo]),
      ),
    ).toBe('invalid_address');
    expect(
      await failureOf(
        world.as('memberAdminA', `update members set postal_code = '8000', city = 'Odense C' where id = $1`, [
          ids.Bo,
        ]),
      ),
    ).toBe('invalid_address');
    const [row] = await world.as<{ city: string }>(
      'memberAdminA',
      `update members set postal_code = '5000', city = null where id = $1 returning city`,
      [ids.Bo],
    );
    expect(row!.city).toBe('Odense C');
    const [count] = await world.as<{ n: number }>('anon', 'select count(*)::int as n from dk_postcodes');
    expect(count!.n).toBeGreaterThan(1000);
  });
});

describe('set_member_admin_access', () => {
  it('lets owners and managers grant and revoke areas, owners alone the manager flag', async () => {
    const user = await createUser(world.db, 'frivillig@example.dk');
    await world.db.query('update members set user_id = $1 where id = $2', [user, ids.Dorte]);
    const [granted] = await world.as<{ a: { areas: string[] } }>(
      'managerA',
      `select set_member_admin_access($1, '{event,news}') as a`,
      [ids.Dorte],
    );
    expect(granted!.a.areas).toEqual(['event', 'news']);
    const membership = await world.db.query<{ role: string; areas: string }>(
      'select role::text, areas::text from memberships where user_id = $1',
      [user],
    );
    expect(membership.rows).toEqual([{ role: 'admin', areas: '{event,news}' }]);
    expect(
      await failureOf(
        world.as('managerA', `select set_member_admin_access($1, '{event}', true)`, [ids.Dorte]),
      ),
    ).toBe('not_allowed');
    await world.as('ownerA', `select set_member_admin_access($1, '{}', true)`, [ids.Dorte]);
    const after = await world.db.query(
      'select role::text, areas::text, membership_manager from memberships where user_id = $1',
      [user],
    );
    expect(after.rows).toEqual([{ role: 'member', areas: '{}', membership_manager: true }]);
    for (const actor of ['memberAdminA', 'eventAdminA', 'adminB', 'memberA'] as const) {
      expect(
        await failureOf(world.as(actor, `select set_member_admin_access($1, '{member}')`, [ids.Dorte])),
      ).toBe('not_allowed');
    }
    expect(
      await failureOf(world.as('ownerA', `select set_member_admin_access($1, '{member}')`, [ids.Bo])),
    ).toBe('member_has_no_account');
    const history = await world.db.query<{ changes: { areas: string[][] } }>(
      `select changes from member_history where member_id = $1 and action = 'access_changed' order by id`,
      [ids.Dorte],
    );
    expect(history.rows.map((h) => h.changes.areas)).toEqual([
      [[], ['event', 'news']],
      [['event', 'news'], []],
    ]);
  });
});

describe('member_arrears and credit notes', () => {
  // An invoice due `dueIn` days from today (negative: overdue), issued, not paid.
  const issueInvoice = async (member: string, dueIn: number) => {
    const db = world.db;
    const existing = await db.query<{ id: string }>('select id from billing_accounts where member_id = $1', [
      member,
    ]);
    const acc = existing.rows.length
      ? existing
      : await db.query<{ id: string }>(
          `insert into billing_accounts (community_id, name, member_id) values ($1, 'Konto', $2) returning id`,
          [world.communityA, member],
        );
    const invoice = await db.query<{ id: string }>(
      `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
      [world.communityA, acc.rows[0]!.id],
    );
    const id = invoice.rows[0]!.id;
    await db.query(
      `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Kontingent', 25000)`,
      [world.communityA, id],
    );
    await db.query(
      `update invoices set status = 'issued', issued_on = current_date + $2::int - 30, due_on = current_date + $2::int
        where id = $1`,
      [id, dueIn],
    );
    return id;
  };
  // A credit note for the invoice, issued `daysAgo` days ago (as a bulk load writes it).
  const creditDated = async (invoiceId: string, daysAgo: number) => {
    const db = world.db;
    const note = await db.query<{ id: string }>(
      `insert into invoices (community_id, account_id, kind, credited_invoice_id)
       select community_id, account_id, 'credit_note', id from invoices where id = $1 returning id`,
      [invoiceId],
    );
    const id = note.rows[0]!.id;
    await db.query(
      `insert into invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind)
       select community_id, $2, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt, line_kind
         from invoice_lines where invoice_id = $1`,
      [invoiceId, id],
    );
    await db.query(
      `update invoices set status = 'issued', issued_on = current_date - $2::int where id = $1`,
      [id, daysAgo],
    );
  };
  const arrearsOf = async (member: string) =>
    (
      await world.db.query<{ days: number }>(
        'select current_date - since as days from member_arrears where member_id = $1',
        [member],
      )
    ).rows.map((r) => r.days);

  it('counts a credited invoice as settled and an unpaid invoice as owing', async () => {
    const added = await world.db.query<{ id: string; first_name: string }>(
      `insert into members (community_id, first_name, last_name, status)
       values ($1, 'Erik', 'Eskildsen', 'active'), ($1, 'Frida', 'Friis', 'active'), ($1, 'Gustav', 'Gram', 'active')
       returning id, first_name`,
      [world.communityA],
    );
    for (const r of added.rows) ids[r.first_name] = r.id;

    // Erik's overdue invoice is credited by the billing admin (the credit note is issued today).
    const erik = await issueInvoice(ids.Erik!, -10);
    expect(await arrearsOf(ids.Erik!)).toEqual([10]);
    await world.as('billingAdminA', 'select credit_invoice($1)', [erik]);
    expect(await arrearsOf(ids.Erik!)).toEqual([]);

    // Gustav's was credited five days ago: not in arrears, not in the register's arrears filter.
    await creditDated(await issueInvoice(ids.Gustav!, -20), 5);
    expect(await arrearsOf(ids.Gustav!)).toEqual([]);

    // Frida has a credit note from 30 days ago and an invoice still unpaid 10 days after its due
    // date: in arrears since that invoice's due date, not the credit note's.
    await creditDated(await issueInvoice(ids.Frida!, -40), 30);
    await issueInvoice(ids.Frida!, -10);
    expect(await arrearsOf(ids.Frida!)).toEqual([10]);

    const owing = await register('memberAdminA', { arrears: true });
    expect(names(owing)).toEqual(['Dorte Dahl', 'Frida Friis']);
    const gustav = await register('memberAdminA', { search: 'Gustav' });
    expect(gustav.rows.map((r) => [r.full_name, r.in_arrears])).toEqual([['Gustav Gram', false]]);

    // The member page: the credit note is listed as one, neither overdue nor owed.
    const [page] = await world.as<{
      o: { balance_ore: number; invoices: { kind: string; overdue: boolean }[] };
    }>('memberAdminA', 'select member_overview($1) as o', [ids.Gustav]);
    expect(page!.o.balance_ore).toBe(0);
    expect(page!.o.invoices.map((i) => [i.kind, i.overdue])).toEqual([
      ['credit_note', false],
      ['invoice', false],
    ]);
    const [frida] = await world.as<{ o: { balance_ore: number } }>(
      'memberAdminA',
      'select member_overview($1) as o',
      [ids.Frida],
    );
    expect(frida!.o.balance_ore).toBe(25000);
  });
});
