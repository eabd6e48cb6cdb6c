// A migrated database holding two communities and one user per role of the RLS matrix,
// plus `as(actor)` to run SQL exactly as the REST service will: through withRequestContext
// with the caller's role, claims and the server-held settings (the CPR key).
import crypto from 'node:crypto';
import type { Database, Queryable, Row } from '../../../apps/server/src/database/database';
import { withRequestContext } from '../../../apps/server/src/database/with-request-context';
import { openDatabaseForTest } from './open-database-for-test';

export const cprKey = 'test-cpr-key-0123456789';
export const adminAreas = [
  'analytics',
  'billing',
  'booking',
  'event',
  'group',
  'knowledge_base',
  'member',
  'news',
] as const;
export type Area = (typeof adminAreas)[number];

export type Actor = 'anon' | 'service' | 'memberA' | 'managerA' | 'ownerA' | 'adminB' | `${Area}AdminA`;

export interface World {
  db: Database;
  communityA: string;
  communityB: string;
  users: Record<Exclude<Actor, 'anon' | 'service'>, string>;
  /** Member rows (in community A) of the users that have one. */
  memberOf: Record<string, string>;
  as<T extends Row = Row>(actor: Actor, sql: string, params?: unknown[]): Promise<T[]>;
  asUser<T extends Row = Row>(userId: string | null, sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a callback as an actor inside one request transaction. */
  inRequest<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function createUser(db: Queryable, email: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, email],
  );
  return id;
}

export async function addMember(
  db: Queryable,
  community: string,
  first: string,
  userId?: string,
): Promise<string> {
  const result = await db.query<{ id: string }>(
    `insert into public.members (community_id, user_id, first_name, last_name, email)
     values ($1, $2, $3, 'Jensen', $4) returning id`,
    [
      community,
      userId ?? null,
      first,
      `${first.toLowerCase()}.${crypto.randomBytes(3).toString('hex')}@example.dk`,
    ],
  );
  return result.rows[0]!.id;
}

/**
 * Some PGlite instances come up with pgcrypto unable to find any digest: every hmac(),
 * digest() and pgp_sym_encrypt() in that instance fails with "Unsupported digest
 * algorithm" or "Cipher cannot be initialized", while the next instance works
 * (docs/decisions/0713). Such a world is replaced, loudly, so CPR tests test CPR rules
 * rather than that defect of the embedded engine.
 */
export async function createWorld(): Promise<World> {
  for (let attempt = 1; ; attempt++) {
    const world = await buildWorld();
    if (attempt >= 3 || (await digestsWork(world.db))) return world;
    process.stderr.write(
      `domain-world: PGlite instance without pgcrypto digests, opening another (${attempt})\n`,
    );
    await world.close();
  }
}

async function digestsWork(db: Database): Promise<boolean> {
  try {
    await db.query(`select extensions.hmac('probe', 'key', 'sha256'), extensions.digest('probe', 'sha1')`);
    return true;
  } catch (error) {
    const message = (error as { message?: string }).message ?? '';
    if (/Unsupported digest algorithm|Cipher cannot be initialized/.test(message)) return false;
    throw error;
  }
}

async function buildWorld(): Promise<World> {
  const testDb = await openDatabaseForTest(8, { migrated: true });
  const db = testDb.db;
  const c = await db.query<{ id: string; slug: string }>(
    `insert into public.communities (slug, name) values ('Alpha-IF', 'Alpha IF'), ('beta-bk', 'Beta BK') returning id, slug`,
  );
  const communityA = c.rows.find((r) => r.slug === 'alpha-if')!.id;
  const communityB = c.rows.find((r) => r.slug === 'beta-bk')!.id;

  const users = {} as World['users'];
  const memberOf: Record<string, string> = {};
  const grant = async (user: string, community: string, role: string, areas: string[], manager = false) => {
    await db.query(
      `insert into public.memberships (community_id, user_id, role, areas, membership_manager)
       values ($1, $2, $3::public.membership_role, $4::text[]::public.admin_area[], $5)
       on conflict (community_id, user_id) do update set role = excluded.role, areas = excluded.areas,
         membership_manager = excluded.membership_manager`,
      [community, user, role, areas, manager],
    );
  };
  users.memberA = await createUser(db, 'member.a@example.dk');
  memberOf.memberA = await addMember(db, communityA, 'Mette', users.memberA);
  users.managerA = await createUser(db, 'manager.a@example.dk');
  memberOf.managerA = await addMember(db, communityA, 'Morten', users.managerA);
  await grant(users.managerA, communityA, 'admin', ['member'], true);
  users.ownerA = await createUser(db, 'owner.a@example.dk');
  await grant(users.ownerA, communityA, 'owner', []);
  for (const area of adminAreas) {
    const key = `${area}AdminA` as const;
    users[key] = await createUser(db, `${area}.admin.a@example.dk`);
    await grant(users[key], communityA, 'admin', [area]);
  }
  users.adminB = await createUser(db, 'admin.b@example.dk');
  await grant(users.adminB, communityB, 'owner', [...adminAreas], true);
  memberOf.adminB = await addMember(db, communityB, 'Bo', users.adminB);

  const contextFor = (actor: Actor) => {
    if (actor === 'anon') return { role: 'anon', claims: {} };
    if (actor === 'service') return { role: 'service_role', claims: {} };
    return { role: 'authenticated', claims: { sub: users[actor], aud: 'authenticated' } };
  };
  const settings = { 'app.cpr_key': cprKey };
  const run = async <T>(
    context: { role: string; claims: Record<string, unknown> },
    fn: (tx: Queryable) => Promise<T>,
  ) => withRequestContext(db, { ...context, settings }, fn);

  return {
    db,
    communityA,
    communityB,
    users,
    memberOf,
    as: async <T extends Row>(actor: Actor, sql: string, params?: unknown[]) =>
      run(contextFor(actor), async (tx) => (await tx.query<T>(sql, params)).rows),
    asUser: async <T extends Row>(userId: string | null, sql: string, params?: unknown[]) =>
      run(
        userId ? { role: 'authenticated', claims: { sub: userId } } : { role: 'anon', claims: {} },
        async (tx) => (await tx.query<T>(sql, params)).rows,
      ),
    inRequest: (actor, fn) => run(contextFor(actor), fn),
    close: () => testDb.drop(),
  };
}

/** The error code a business function raised (the P0001 message), or the SQLSTATE. */
export async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return e.code === 'P0001' ? (e.message ?? '') : (e.code ?? 'unknown');
  }
  return 'succeeded';
}
