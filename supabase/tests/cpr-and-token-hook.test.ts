// CPR numbers: encrypted at rest, masked everywhere, revealed only to membership managers
// with an audit row; the e-mail rule; and the custom access token hook's claim shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipsClaimSchema } from '../../packages/schemas/src/memberships';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let member: string;

beforeAll(async () => {
  world = await createWorld();
  member = await addMember(world.db, world.communityA, 'Karen');
});
afterAll(async () => {
  await world?.close();
});

describe('CPR', () => {
  it('stores the number encrypted and shows DDMMYY-xxxx', async () => {
    const [set] = await world.as<{ masked: string }>(
      'managerA',
      `select set_member_cpr($1, '150387-1234', 'consent') as masked`,
      [member],
    );
    expect(set!.masked).toBe('150387-xxxx');
    const stored = await world.db.query<{ raw: string }>(
      `select encode(cpr_encrypted, 'escape') as raw from member_cpr where member_id = $1`,
      [member],
    );
    expect(stored.rows[0]!.raw).not.toContain('1503871234');
    const seen = await world.as<{ cpr_masked: string }>(
      'memberAdminA',
      'select cpr_masked from members where id = $1',
      [member],
    );
    expect(seen).toEqual([{ cpr_masked: '150387-xxxx' }]);
    // Writing the masked column directly is ignored: it always mirrors the stored number.
    await world.as('memberAdminA', `update members set cpr_masked = '010101-xxxx' where id = $1`, [member]);
    expect((await world.db.query('select cpr_masked from members where id = $1', [member])).rows[0]).toEqual({
      cpr_masked: '150387-xxxx',
    });
  });

  it('reveals it to a membership manager and records who saw whose number when', async () => {
    const before = await world.db.query<{ n: string }>(
      `select count(*)::text as n from cpr_audit where action = 'reveal'`,
    );
    const [revealed] = await world.as<{ cpr: string }>(
      'managerA',
      `select reveal_member_cpr($1, 'Indberetning til DGI') as cpr`,
      [member],
    );
    expect(revealed!.cpr).toBe('150387-1234');
    const audit = await world.db.query<{
      viewer_user_id: string;
      member_id: string;
      community_id: string;
      recent: boolean;
    }>(
      `select viewer_user_id, member_id, community_id, at > now() - interval '1 minute' as recent from cpr_audit
       where action = 'reveal' order by id desc limit 1`,
    );
    expect(audit.rows[0]).toEqual({
      viewer_user_id: world.users.managerA,
      member_id: member,
      community_id: world.communityA,
      recent: true,
    });
    const after = await world.db.query<{ n: string }>(
      `select count(*)::text as n from cpr_audit where action = 'reveal'`,
    );
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 1);
  });

  it('refuses every other route to the number', async () => {
    for (const actor of ['memberAdminA', 'ownerA', 'adminB', 'memberA'] as const) {
      expect(await failureOf(world.as(actor, 'select reveal_member_cpr($1)', [member]))).toBe(
        'not_membership_manager',
      );
      expect(
        await failureOf(
          world.as(actor, `select * from find_member_by_cpr($1, '1503871234')`, [world.communityA]),
        ),
      ).toBe('not_membership_manager');
      expect(await failureOf(world.as(actor, 'select * from member_cpr'))).toBe('42501');
    }
    expect(await failureOf(world.as('anon', 'select reveal_member_cpr($1)', [member]))).toBe('42501');
    const published = await world.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'`,
    );
    expect(published.rows.map((r) => r.tablename)).not.toContain('member_cpr');
    expect(published.rows.map((r) => r.tablename)).not.toContain('members');
  });

  it('finds a member by CPR for managers, audited, and validates the number', async () => {
    const found = await world.as<{ id: string }>(
      'managerA',
      `select id from find_member_by_cpr($1, '150387 1234')`,
      [world.communityA],
    );
    expect(found).toEqual([{ id: member }]);
    const audit = await world.db.query(
      `select action from cpr_audit where member_id = $1 and action = 'lookup'`,
      [member],
    );
    expect(audit.rows).toHaveLength(1);
    expect(await failureOf(world.as('managerA', `select set_member_cpr($1, '310287-1234')`, [member]))).toBe(
      'invalid_cpr',
    );
    expect(await failureOf(world.as('managerA', `select set_member_cpr($1, '12345')`, [member]))).toBe(
      'invalid_cpr',
    );
  });

  it('exports CPR numbers to managers only, auditing each one', async () => {
    const cprOf = (rows: { mid: string; cpr: string | null }[]) =>
      rows.find((r) => r.cpr?.startsWith('150387'))?.cpr;
    const plain = await world.as<{ mid: string; cpr: string | null }>(
      'memberAdminA',
      'select mid::text, cpr from export_members($1)',
      [world.communityA],
    );
    expect(cprOf(plain)).toBe('150387-xxxx');
    const before = await world.db.query<{ n: string }>(
      `select count(*)::text as n from cpr_audit where action = 'export'`,
    );
    expect(before.rows[0]!.n).toBe('0');
    const full = await world.as<{ mid: string; cpr: string | null }>(
      'managerA',
      'select mid::text, cpr from export_members($1)',
      [world.communityA],
    );
    expect(cprOf(full)).toBe('150387-1234');
    expect(full).toHaveLength(plain.length);
    const after = await world.db.query<{ viewer_user_id: string }>(
      `select viewer_user_id from cpr_audit where action = 'export'`,
    );
    expect(after.rows).toEqual([{ viewer_user_id: world.users.managerA }]);
    expect(
      await failureOf(world.as('eventAdminA', 'select * from export_members($1)', [world.communityA])),
    ).toBe('not_allowed');
    expect(await failureOf(world.as('adminB', 'select * from export_members($1)', [world.communityA]))).toBe(
      'not_allowed',
    );
    expect(await failureOf(world.as('anon', 'select * from export_members($1)', [world.communityA]))).toBe(
      '42501',
    );
  });

  it('needs the server-held key', async () => {
    const noKey = await failureOf(
      world.db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify({ sub: world.users.managerA, role: 'authenticated' })],
        );
        await tx.query(`select reveal_member_cpr($1, 'Børneattest')`, [member]);
      }),
    );
    expect(noKey).toBe('cpr_key_missing');
  });
});

describe('member e-mail', () => {
  it('lets only the member change the e-mail of a member with an account', async () => {
    const linked = world.memberOf.memberA!;
    expect(
      await failureOf(
        world.as('memberAdminA', `update members set email = 'x@example.dk' where id = $1`, [linked]),
      ),
    ).toBe('email_owned_by_member');
    expect(
      await failureOf(
        world.as(
          'memberA',
          `update members set email = 'mette@example.dk', phone = '+45 12345678' where id = $1`,
          [linked],
        ),
      ),
    ).toBe('succeeded');
    expect(
      await failureOf(world.as('memberA', `update members set status = 'passive' where id = $1`, [linked])),
    ).toBe('read_only_field');
    expect(
      await failureOf(
        world.as('memberAdminA', `update members set email = 'karen@example.dk' where id = $1`, [member]),
      ),
    ).toBe('succeeded');
  });
});

describe('custom access token hook', () => {
  const hook = async (userId: string) => {
    const [row] = await world.as<{ result: { claims: Record<string, unknown> } }>(
      'service',
      `select custom_access_token_hook(jsonb_build_object('user_id', $1::text, 'claims',
         jsonb_build_object('sub', $1::text, 'role', 'authenticated', 'aal', 'aal1'))) as result`,
      [userId],
    );
    return row!.result.claims;
  };

  it('adds memberships keyed by lower-case slug in the shared claim shape, keeping the other claims', async () => {
    const claims = await hook(world.users.managerA);
    expect(claims.sub).toBe(world.users.managerA);
    expect(claims.aal).toBe('aal1');
    const memberships = membershipsClaimSchema.parse(claims.memberships);
    expect(memberships).toEqual({
      'alpha-if': {
        community_id: world.communityA,
        name: 'Alpha IF',
        role: 'admin',
        areas: ['member'],
        membership_manager: true,
      },
    });
    expect(
      membershipsClaimSchema.parse((await hook(world.users.memberA)).memberships)['alpha-if'],
    ).toMatchObject({
      role: 'member',
      areas: [],
      membership_manager: false,
    });
    expect(Object.keys(membershipsClaimSchema.parse((await hook(world.users.adminB)).memberships))).toEqual([
      'beta-bk',
    ]);
    expect((await hook('00000000-0000-0000-0000-000000000000')).memberships).toEqual({});
  });

  it('cannot be called by API roles', async () => {
    expect(await failureOf(world.as('memberA', `select custom_access_token_hook('{}'::jsonb)`))).toBe(
      '42501',
    );
    expect(await failureOf(world.as('anon', `select custom_access_token_hook('{}'::jsonb)`))).toBe('42501');
  });
});
