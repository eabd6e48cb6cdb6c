// Import (duplicate detection and batches of rows) and the GDPR rights (access, erasure) of the
// members area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let karen: string;

type Duplicate = {
  row_no: number;
  member_id: string;
  reason: string;
};
type Outcome = {
  row_no: number;
  outcome: string;
  member_id: string | null;
  error_code: string | null;
  error_field: string | null;
};

beforeAll(async () => {
  world = await createWorld();
  karen = (
    await world.db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name, email, phone, birth_date)
       values ($1, 'Karen', 'Østergaard', 'karen@example.dk', '+45 20 30 40 50', '1987-03-15') returning id`,
      [world.communityA],
    )
  ).rows[0]!.id;
  await world.as('managerA', `select set_member_cpr($1, '150387-1234')`, [karen]);
});
afterAll(async () => {
  await world?.close();
});

describe('find_member_duplicates', () => {
  it('finds the same e-mail, phone, name with birth date, and CPR for managers only', async () => {
    const rows = [
      { row_no: 2, email: 'KAREN@example.dk' },
      { row_no: 3, phone: '+4520304050' },
      { row_no: 4, first_name: 'karen', last_name: 'østergaard', birth_date: '1987-03-15' },
      { row_no: 5, cpr: '1503871234' },
      { row_no: 6, email: 'someone.else@example.dk', first_name: 'Karen', last_name: 'Østergaard' },
    ];
    const asManager = await world.as<Duplicate>(
      'managerA',
      'select row_no, member_id, reason from find_member_duplicates($1, $2)',
      [world.communityA, JSON.stringify(rows)],
    );
    expect(asManager).toEqual([
      { row_no: 2, member_id: karen, reason: 'email' },
      { row_no: 3, member_id: karen, reason: 'phone' },
      { row_no: 4, member_id: karen, reason: 'name_birth_date' },
      { row_no: 5, member_id: karen, reason: 'cpr' },
    ]);
    const audit = await world.db.query(`select 1 from cpr_audit where action = 'import' and member_id = $1`, [
      karen,
    ]);
    expect(audit.rows).toHaveLength(1);
    const asAdmin = await world.as<Duplicate>(
      'memberAdminA',
      'select row_no from find_member_duplicates($1, $2)',
      [world.communityA, JSON.stringify(rows)],
    );
    expect(asAdmin.map((r) => r.row_no)).toEqual([2, 3, 4]);
    expect(
      await failureOf(
        world.as('eventAdminA', 'select * from find_member_duplicates($1, $2)', [world.communityA, '[]']),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        world.as('memberAdminA', 'select * from find_member_duplicates($1, $2)', [
          world.communityA,
          JSON.stringify([{ row_no: 1, birth_date: '31-02-2000' }]),
        ]),
      ),
    ).toBe('invalid_rows');
  });
});

describe('import_members', () => {
  it('creates, merges and skips rows, and reports a failing row with its field without stopping', async () => {
    const rows = [
      {
        row_no: 2,
        action: 'create',
        first_name: 'Søren',
        last_name: 'Æbelø',
        email: 'soeren@example.dk',
        postal_code: '2100',
      },
      { row_no: 3, action: 'merge', member_id: karen, phone: '+4599887766', city: '' },
      { row_no: 4, action: 'skip', member_id: karen },
      { row_no: 5, action: 'create', first_name: 'Bad', email: 'not-an-email' },
      { row_no: 6, action: 'create', first_name: 'Ole', postal_code: '0000' },
      { row_no: 7, action: 'create', first_name: 'Cpr', cpr: '1503871234' },
      { row_no: 8, action: 'create', first_name: 'Gender', gender: 'unknown' },
    ];
    const outcomes = await world.as<Outcome>(
      'memberAdminA',
      'select row_no, outcome, member_id, error_code, error_field from import_members($1, $2)',
      [world.communityA, JSON.stringify(rows)],
    );
    expect(outcomes.map((o) => [o.row_no, o.outcome, o.error_code, o.error_field])).toEqual([
      [2, 'created', null, null],
      [3, 'merged', null, null],
      [4, 'skipped', null, null],
      [5, 'failed', 'invalid_row', 'email'],
      [6, 'failed', 'invalid_address', 'postal_code'],
      [7, 'failed', 'not_membership_manager', 'cpr'],
      [8, 'failed', 'invalid_value', 'gender'],
    ]);
    const created = await world.db.query<{ first_name: string; city: string }>(
      'select first_name, city from members where id = $1',
      [outcomes[0]!.member_id],
    );
    expect(created.rows).toEqual([{ first_name: 'Søren', city: 'København Ø' }]);
    const merged = await world.db.query('select phone, email from members where id = $1', [karen]);
    expect(merged.rows).toEqual([{ phone: '+4599887766', email: 'karen@example.dk' }]);
    const leftovers = await world.db.query(
      `select 1 from members where first_name in ('Bad', 'Ole', 'Cpr', 'Gender')`,
    );
    expect(leftovers.rows).toHaveLength(0);
    const [withCpr] = await world.as<Outcome>(
      'managerA',
      'select outcome, member_id from import_members($1, $2)',
      [
        world.communityA,
        JSON.stringify([{ row_no: 9, action: 'create', first_name: 'Cpr', cpr: '010203-4321' }]),
      ],
    );
    expect(withCpr!.outcome).toBe('created');
    const masked = await world.db.query('select cpr_masked from members where id = $1', [withCpr!.member_id]);
    expect(masked.rows).toEqual([{ cpr_masked: '010203-xxxx' }]);
  });
});

describe('GDPR', () => {
  it('exports everything held about a member, recorded in the history', async () => {
    const [{ data }] = (await world.as<{ data: Record<string, unknown> }>(
      'memberAdminA',
      'select member_personal_data($1) as data',
      [karen],
    )) as [{ data: Record<string, unknown> }];
    expect((data.member as { email: string }).email).toBe('karen@example.dk');
    expect(data.cpr).toMatchObject({ masked: '150387-xxxx' });
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['groups', 'tickets', 'bookings', 'orders', 'invoices', 'history']),
    );
    // The full number in neither form (a timestamp's fraction may hold the digits 1234).
    expect(JSON.stringify(data)).not.toMatch(/150387-?1234/);
    const history = await world.db.query(
      `select 1 from member_history where member_id = $1 and action = 'exported'`,
      [karen],
    );
    expect(history.rows).toHaveLength(1);
    expect(await failureOf(world.as('adminB', 'select member_personal_data($1)', [karen]))).toBe(
      'member_not_found',
    );
  });

  it('gives a member their own copy from the member app, and nobody else a plain member’s', async () => {
    const own = world.memberOf.memberA!;
    const [{ data }] = (await world.as<{ data: Record<string, unknown> }>(
      'memberA',
      'select member_personal_data($1) as data',
      [own],
    )) as [{ data: Record<string, unknown> }];
    expect((data.member as { id: string; first_name: string }).id).toBe(own);
    expect((data.member as { first_name: string }).first_name).toBe('Mette');
    const history = await world.db.query(
      `select 1 from member_history where member_id = $1 and action = 'exported'`,
      [own],
    );
    expect(history.rows).toHaveLength(1);
    // Another member's data stays with the club: a member without the member area, an
    // administrator of another area, and another community's owner are all refused.
    for (const actor of ['memberA', 'newsAdminA', 'adminB'] as const) {
      expect(await failureOf(world.as(actor, 'select member_personal_data($1)', [karen]))).toBe(
        'member_not_found',
      );
    }
    expect(await failureOf(world.as('anon', 'select member_personal_data($1)', [own]))).not.toBe('succeeded');
  });

  it('erases a member who has left and keeps the invoices', async () => {
    expect(await failureOf(world.as('managerA', 'select erase_member($1)', [karen]))).toBe('member_not_left');
    await world.as(
      'memberAdminA',
      `update members set status = 'left', left_on = current_date where id = $1`,
      [karen],
    );
    const account = await world.db.query<{ id: string }>(
      `insert into billing_accounts (community_id, name, member_id) values ($1, 'Karen Østergaard', $2) returning id`,
      [world.communityA, karen],
    );
    await world.db.query(`insert into invoices (community_id, account_id) values ($1, $2)`, [
      world.communityA,
      account.rows[0]!.id,
    ]);
    expect(await failureOf(world.as('memberAdminA', 'select erase_member($1)', [karen]))).toBe('not_allowed');
    await world.as('managerA', 'select erase_member($1)', [karen]);
    const member = await world.db.query(
      `select full_name, email, phone, birth_date, cpr_masked, erased_at is not null as erased from members where id = $1`,
      [karen],
    );
    expect(member.rows).toEqual([
      {
        full_name: 'Slettet medlem',
        email: null,
        phone: null,
        birth_date: null,
        cpr_masked: null,
        erased: true,
      },
    ]);
    expect(
      (await world.db.query('select 1 from member_cpr where member_id = $1', [karen])).rows,
    ).toHaveLength(0);
    expect(
      (await world.db.query('select 1 from invoices where account_id = $1', [account.rows[0]!.id])).rows,
    ).toHaveLength(1);
    const history = await world.db.query<{ changes: Record<string, unknown> }>(
      'select changes from member_history where member_id = $1',
      [karen],
    );
    const text = JSON.stringify(history.rows);
    expect(text).not.toContain('Karen');
    expect(text).not.toContain('2030');
    expect(text).toContain('"phone"');
  });
});
