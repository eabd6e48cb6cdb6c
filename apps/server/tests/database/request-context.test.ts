import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext, type RequestContext } from '../../src/database/with-request-context';
import { migrate, defaultMigrationSources } from '../../src/database/migrator';
import { repoRoot } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const alice = crypto.randomUUID();
const bob = crypto.randomUUID();

const as = (role: RequestContext['role'], sub?: string): RequestContext => ({
  role,
  claims: sub ? { sub, role, aud: 'authenticated' } : { role },
  method: 'GET',
  path: '/rest/v1/notes',
  headers: { 'x-test': 'yes' },
});

describe('with-request-context', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.db, defaultMigrationSources(repoRoot));
    await t.db.exec(`
      create table public.rc_notes (id serial primary key, owner uuid not null, body text not null);
      alter table public.rc_notes enable row level security;
      create policy "own notes" on public.rc_notes for select to authenticated using (owner = auth.uid());
      grant select on public.rc_notes to anon, authenticated, service_role;
    `);
    await t.db.query('insert into public.rc_notes (owner, body) values ($1, $2), ($1, $3), ($4, $5)', [
      alice,
      'a1',
      'a2',
      bob,
      'b1',
    ]);
  });
  afterAll(async () => {
    await t.drop();
  });

  const bodies = (ctx: RequestContext) =>
    withRequestContext(t.db, ctx, async (tx) =>
      (await tx.query<{ body: string }>('select body from public.rc_notes order by body')).rows.map(
        (r) => r.body,
      ),
    );

  it('shows an authenticated caller only their own rows', async () => {
    expect(await bodies(as('authenticated', alice))).toEqual(['a1', 'a2']);
    expect(await bodies(as('authenticated', bob))).toEqual(['b1']);
  });

  it('shows anon nothing', async () => {
    expect(await bodies(as('anon'))).toEqual([]);
  });

  it('shows the service role everything (it bypasses RLS)', async () => {
    expect(await bodies(as('service_role'))).toEqual(['a1', 'a2', 'b1']);
  });

  it('exposes the claims, the legacy settings and the request to SQL', async () => {
    const seen = await withRequestContext(
      t.db,
      { ...as('authenticated', alice), settings: { 'app.example': 'value' } },
      async (tx) =>
        (
          await tx.query<Record<string, unknown>>(`select auth.uid()::text as uid, auth.role() as role,
            auth.jwt() ->> 'aud' as aud, current_user as db_user,
            current_setting('request.jwt.claim.sub', true) as legacy_sub,
            current_setting('request.method', true) as method, current_setting('request.path', true) as path,
            current_setting('request.headers', true)::jsonb ->> 'x-test' as header,
            current_setting('app.example', true) as extra`)
        ).rows[0],
    );
    expect(seen).toEqual({
      uid: alice,
      role: 'authenticated',
      aud: 'authenticated',
      db_user: 'authenticated',
      legacy_sub: alice,
      method: 'GET',
      path: '/rest/v1/notes',
      header: 'yes',
      extra: 'value',
    });
  });

  it('does not leak the role or claims into the next statement or request', async () => {
    await bodies(as('authenticated', alice));
    const after = await t.db.query<Record<string, unknown>>(
      `select current_user as db_user, auth.uid() as uid,
        coalesce(current_setting('request.jwt.claims', true), '') as claims,
        coalesce(current_setting('app.example', true), '') as extra`,
    );
    expect(after.rows[0]).toEqual({
      db_user: expect.not.stringMatching(/^(anon|authenticated|service_role)$/),
      uid: null,
      claims: '',
      extra: '',
    });
    expect(await bodies(as('anon'))).toEqual([]);
  });

  it('ends the settings with a failed request too', async () => {
    await expect(
      withRequestContext(t.db, as('authenticated', bob), async (tx) => {
        await tx.query('select 1/0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    const after = await t.db.query<{ uid: string | null }>('select auth.uid() as uid');
    expect(after.rows[0]?.uid).toBeNull();
  });
});
