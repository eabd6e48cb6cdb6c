import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

describe('sessions, refresh rotation and tokens', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '2' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  async function signedInUser() {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: strongPassword });
    if (error || !data.session) throw error ?? new Error('no session');
    return { email, client, session: data.session };
  }

  it('issues tokens with GoTrue claims and a kid that getClaims verifies through the JWKS', async () => {
    const { client, session } = await signedInUser();
    const header = JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    const jwks = await (await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    expect(session.expires_in).toBe(3600);
    await client.auth.setSession(session);
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      session_id: expect.any(String),
      email: session.user.email,
      phone: '',
    });
    expect(data?.claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    // The club schema's public.custom_access_token_hook runs by default and adds memberships.
    expect(data?.claims.memberships).toEqual({});
  });

  it('rotates refresh tokens, tolerates reuse inside the interval and revokes the session after it', async () => {
    const { client, session } = await signedInUser();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    expect(first.data.session?.refresh_token).not.toBe(session.refresh_token);
    const claimsA = JSON.parse(
      Buffer.from(first.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(claimsA.session_id).toBe(
      JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id,
    );

    const second = await client.auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(second.error).toBeNull();
    // The first token again, at once: allowed inside the reuse interval, and it gets the
    // session's active token back rather than a branch of its own.
    const reuse = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error).toBeNull();
    expect(reuse.data.session?.refresh_token).toBe(second.data.session!.refresh_token);

    await new Promise((r) => setTimeout(r, 2600));
    const late = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(late.error?.code).toBe('refresh_token_already_used');
    expect(late.error?.message).toBe('Invalid Refresh Token: Already Used');
    const after = await t.client().auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');
    const user = await t.client().auth.getUser(second.data.session!.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  const sessionOf = (accessToken: string): string =>
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).session_id;
  const activeTokens = async (sessionId: string) =>
    (
      await t.db.query<{ n: number }>(
        'select count(*)::int as n from auth.refresh_tokens where session_id = $1 and not revoked',
        [sessionId],
      )
    ).rows[0]!.n;

  it('gives a replayed parent the active token, never a branch, and a replayed older token ends the session', async () => {
    const { session } = await signedInUser();
    const r1 = session.refresh_token;
    const rotated = await t.client().auth.refreshSession({ refresh_token: r1 });
    const r2 = rotated.data.session!.refresh_token;
    // Past the reuse interval, r1 is the parent of the active r2: it gets r2 itself.
    await new Promise((r) => setTimeout(r, 2600));
    const replay = await t.client().auth.refreshSession({ refresh_token: r1 });
    expect(replay.error).toBeNull();
    expect(replay.data.session?.refresh_token).toBe(r2);
    expect(await activeTokens(sessionOf(session.access_token))).toBe(1);
    const onward = await t.client().auth.refreshSession({ refresh_token: r2 });
    expect(onward.error).toBeNull();
    const r3 = onward.data.session!.refresh_token;
    expect([r1, r2]).not.toContain(r3);
    // r1 is now two steps above the active token and long revoked: the family ends.
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ refresh_token: r1 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    for (const token of [r2, r3]) {
      const after = await t.client().auth.refreshSession({ refresh_token: token });
      expect(after.error?.code).toBe('refresh_token_not_found');
    }
    const { rows } = await t.db.query('select 1 from auth.sessions where id = $1', [
      sessionOf(session.access_token),
    ]);
    expect(rows).toEqual([]);
  });

  it('moves a session opened before derived tokens onto them when its parent is replayed', async () => {
    const { session } = await signedInUser();
    const sessionId = sessionOf(session.access_token);
    // The session's active token as the server made them before: random, child of the first.
    await t.db.query(
      `update auth.refresh_tokens set revoked = true, updated_at = now() - interval '1 hour'
        where session_id = $1`,
      [sessionId],
    );
    await t.db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       select instance_id, 'legacy-random-token-hash', user_id, false, now(), now(), token, session_id
         from auth.refresh_tokens where session_id = $1`,
      [sessionId],
    );
    const replay = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toBeNull();
    expect(await activeTokens(sessionId)).toBe(1);
    const again = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.data.session?.refresh_token).toBe(replay.data.session!.refresh_token);
  });

  it('stores only hashes of refresh tokens', async () => {
    const { session } = await signedInUser();
    const { rows } = await t.db.query<{ n: string }>(
      'select count(*)::text as n from auth.refresh_tokens where token = $1',
      [session.refresh_token],
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('refuses unknown, short and missing refresh tokens with their codes', async () => {
    const unknown = await t.client().auth.refreshSession({ refresh_token: 'abcdefghijklmnopqrstuvwxyz' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });

  it('signs out locally, globally and others as a second session sees it', async () => {
    const { email, client: a, session: sa } = await signedInUser();
    const b = t.client();
    const { data: db } = await b.auth.signInWithPassword({ email, password: strongPassword });
    const c = t.client();
    const { data: dc } = await c.auth.signInWithPassword({ email, password: strongPassword });
    await a.auth.setSession(sa);
    await b.auth.setSession(db.session!);
    await c.auth.setSession(dc.session!);

    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await t.client().auth.getUser(sa.access_token)).error).toBeNull();
    const bUser = await t.client().auth.getUser(db.session!.access_token);
    expect(bUser.error?.name).toBe('AuthSessionMissingError');
    expect(
      (await t.client().auth.refreshSession({ refresh_token: dc.session!.refresh_token })).error?.code,
    ).toBe('refresh_token_not_found');

    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await t.client().auth.getUser(sa.access_token)).error?.name).toBe('AuthSessionMissingError');

    const d = t.client();
    const { data: dd } = await d.auth.signInWithPassword({ email, password: strongPassword });
    const e = t.client();
    const { data: de } = await e.auth.signInWithPassword({ email, password: strongPassword });
    await d.auth.setSession(dd.session!);
    expect((await d.auth.signOut()).error).toBeNull();
    expect((await t.client().auth.getUser(de.session!.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    const { rows } = await t.db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_username' = $1`,
      [email],
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['login', 'logout']));
  });

  it('updates metadata and password, keeping the current session and ending the others', async () => {
    const { email, client, session } = await signedInUser();
    const other = t.client();
    const { data: od } = await other.auth.signInWithPassword({ email, password: strongPassword });
    await client.auth.setSession(session);
    const meta = await client.auth.updateUser({ data: { full_name: 'Grace', locale: 'da' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ full_name: 'Grace', locale: 'da' });
    const removed = await client.auth.updateUser({ data: { full_name: null } });
    expect(removed.data.user?.user_metadata.full_name).toBeUndefined();
    const same = await client.auth.updateUser({ password: strongPassword });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');
    const changed = await client.auth.updateUser({ password: 'another-long-password' });
    expect(changed.error).toBeNull();
    expect((await t.client().auth.getUser(session.access_token)).error).toBeNull();
    expect((await t.client().auth.getUser(od.session!.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    const appMeta = await fetch(`${t.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: t.anonKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(appMeta.status).toBe(403);
    expect((await appMeta.json()).code).toBe('not_admin');
  });

  it('refuses every JWT defect on GET /user', async () => {
    const { session } = await signedInUser();
    const [h, p, s] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: JSON.parse(Buffer.from(h, 'base64url').toString()).kid })
      .sign(privateKey);
    const noKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'unknown-kid' })
      .sign(privateKey);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const expired = { ...claims, exp: Math.floor(Date.now() / 1000) - 3600 };
    void exportJWK;
    const cases: [string, string][] = [
      ['two parts', `${h}.${p}`],
      ['not base64url', `${h}.${p}!!.${s}`],
      ['bad signature', `${h}.${p}.${s.slice(0, -4)}AAAA`],
      ['foreign key, same kid', foreign],
      ['no matching key', noKid],
      ['alg none', none],
      ['invalid algorithm', hs],
      ['expired', `${h}.${Buffer.from(JSON.stringify(expired)).toString('base64url')}.${s}`],
    ];
    for (const [name, token] of cases) {
      const res = await fetch(`${t.url}/auth/v1/user`, {
        headers: {
          apikey: t.anonKey,
          authorization: `Bearer ${token}`,
          'x-supabase-api-version': '2024-01-01',
        },
      });
      expect(res.status, name).toBe(403);
      const body = await res.json();
      expect(body.code, name).toBe('bad_jwt');
      expect(body.message, name).toMatch(/^invalid JWT: unable to parse or verify signature/);
    }
    const missing = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: t.anonKey } });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error_code).toBe('no_authorization');
  });
});
