// The password and refresh grants run their session statement and the access-token hook
// together (one round trip on PostgreSQL, SQL-built claims): the hook must receive the
// same event as on the other token paths, its claims must reach the token, and a refusal,
// a failure or a timeout must undo the rotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

interface HookEvent {
  metadata: Record<string, unknown>;
  user_id: string;
  claims: Record<string, unknown>;
  authentication_method: string;
}

// Records every event; refuses, raises or sleeps as the address asks, else adds claims.
const recordingHook = `
  create table public.hook_events (n bigserial primary key, event jsonb not null);
  create or replace function public.recording_hook(event jsonb) returns jsonb language plpgsql as $$
  declare
    email text := event->'claims'->>'email';
  begin
    insert into public.hook_events (event) values (event);
    if email like 'refuse-%' then
      return jsonb_build_object('error', jsonb_build_object('http_code', 429, 'message', 'Slow down'));
    end if;
    if email like 'raise-%' then
      raise exception 'the hook fell over';
    end if;
    if email like 'sleep-%' then
      perform pg_sleep(2.6);
    end if;
    return jsonb_build_object('claims', (event->'claims')
      || jsonb_build_object('memberships', jsonb_build_object('demo', 'member'),
                            'hook_method', event->>'authentication_method'));
  end $$;`;

const payload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('the access-token hook in the password and refresh statements', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({
      AUTH_HOOK_CUSTOM_ACCESS_TOKEN: 'pg-functions://postgres/public/recording_hook',
    });
    await t.db.exec(recordingHook);
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  async function createUser(email: string): Promise<string> {
    const created = await t.adminClient().auth.admin.createUser({
      email,
      password: strongPassword,
      email_confirm: true,
      user_metadata: { locale: 'da' },
    });
    expect(created.error).toBeNull();
    return created.data.user!.id;
  }

  async function lastEvent(userId: string): Promise<HookEvent> {
    const { rows } = await t.db.query<{ event: HookEvent }>(
      `select event from public.hook_events where event->>'user_id' = $1 order by n desc limit 1`,
      [userId],
    );
    expect(rows[0]).toBeDefined();
    return rows[0]!.event;
  }

  async function tokenCounts(userId: string): Promise<{ active: string; revoked: string }> {
    const { rows } = await t.db.query<{ active: string; revoked: string }>(
      `select count(*) filter (where not revoked)::text as active, count(*) filter (where revoked)::text as revoked
         from auth.refresh_tokens where user_id = $1`,
      [userId],
    );
    return rows[0]!;
  }

  const grant = (type: string, body: Record<string, unknown>) =>
    fetch(`${t.url}/auth/v1/token?grant_type=${type}`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify(body),
    });

  it('hands the hook the same event on the password and refresh grants as on a verified OTP', async () => {
    const email = uniqueEmail('same');
    const userId = await createUser(email);
    const signedIn = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    expect(signedIn.error).toBeNull();
    const session = signedIn.data.session!;
    const passwordEvent = await lastEvent(userId);
    expect(passwordEvent.authentication_method).toBe('password');
    expect(passwordEvent.user_id).toBe(userId);
    expect(passwordEvent.metadata).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      time: expect.any(String),
      name: 'customize-access-token',
      ip_address: expect.any(String),
    });
    const claims = passwordEvent.claims;
    expect(claims).toEqual({
      iss: `${t.url}/auth/v1`,
      sub: userId,
      aud: 'authenticated',
      exp: expect.any(Number),
      iat: expect.any(Number),
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: expect.objectContaining({ locale: 'da' }),
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    // The token carries what the hook answered.
    const signed = payload(session.access_token);
    expect(signed.memberships).toEqual({ demo: 'member' });
    expect(signed.hook_method).toBe('password');
    expect(signed.session_id).toBe(claims.session_id);

    // The refresh grant: same session, the token_refresh method, the claims renewed.
    const refreshed = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    const refreshEvent = await lastEvent(userId);
    expect(refreshEvent.authentication_method).toBe('token_refresh');
    expect(refreshEvent.metadata.uuid).not.toBe(passwordEvent.metadata.uuid);
    expect(refreshEvent.claims).toEqual({ ...claims, exp: expect.any(Number), iat: expect.any(Number) });
    expect(payload(refreshed.data.session!.access_token).hook_method).toBe('token_refresh');

    // An OTP sign-in builds its claims in the service, not in SQL: the same shape.
    const link = await t.adminClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(link.error).toBeNull();
    const verified = await t
      .client()
      .auth.verifyOtp({ email, token: link.data.properties!.email_otp, type: 'email' });
    expect(verified.error).toBeNull();
    const otpEvent = await lastEvent(userId);
    expect(otpEvent.authentication_method).toBe('otp');
    expect(Object.keys(otpEvent.claims).sort()).toEqual(Object.keys(claims).sort());
    const { rows } = await t.db.query<{ meta: unknown }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [userId],
    );
    expect(otpEvent.claims).toEqual({
      ...claims,
      user_metadata: rows[0]!.meta,
      exp: expect.any(Number),
      iat: expect.any(Number),
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
      session_id: expect.not.stringMatching(String(claims.session_id)),
    });
  });

  const failures = [
    { prefix: 'refuse', status: 429, body: { code: 'unexpected_failure', message: 'Slow down' } },
    {
      prefix: 'raise',
      status: 500,
      body: { code: 'unexpected_failure', message: 'Error running the custom access token hook' },
    },
    {
      prefix: 'sleep',
      status: 500,
      body: { code: 'hook_timeout', message: 'Failed to reach hook within maximum time of 2.000000 seconds' },
    },
  ];
  for (const failure of failures) {
    it(`answers ${failure.status} ${failure.body.message} on a refresh whose hook fails, keeping the old token`, async () => {
      const email = uniqueEmail('fine');
      const userId = await createUser(email);
      const signedIn = (await (await grant('password', { email, password: strongPassword })).json()) as {
        refresh_token: string;
      };
      const failing = email.replace('fine-', `${failure.prefix}-`);
      await t.db.query('update auth.users set email = $2 where id = $1', [userId, failing]);
      const res = await grant('refresh_token', { refresh_token: signedIn.refresh_token });
      expect(res.status).toBe(failure.status);
      expect(await res.json()).toEqual(failure.body);
      // Rolled back: the presented token is still the one active token, nothing revoked.
      expect(await tokenCounts(userId)).toEqual({ active: '1', revoked: '0' });
      await t.db.query('update auth.users set email = $2 where id = $1', [userId, email]);
      const after = await grant('refresh_token', { refresh_token: signedIn.refresh_token });
      expect(after.status).toBe(200);
      expect(await tokenCounts(userId)).toEqual({ active: '1', revoked: '1' });
    });

    it(`answers ${failure.status} ${failure.body.message} on a password grant whose hook fails, with no session`, async () => {
      const email = uniqueEmail(failure.prefix);
      const userId = await createUser(email);
      const res = await grant('password', { email, password: strongPassword });
      expect(res.status).toBe(failure.status);
      expect(await res.json()).toEqual(failure.body);
      const { rows } = await t.db.query<{ n: string; signed: boolean }>(
        `select (select count(*) from auth.sessions where user_id = $1)::text as n,
                (select last_sign_in_at is not null from auth.users where id = $1) as signed`,
        [userId],
      );
      expect(rows[0]).toEqual({ n: '0', signed: false });
    });
  }

  it('stores a user agent full of quotes and backslashes exactly, through the escaped literals', async () => {
    const email = uniqueEmail('agent');
    const userId = await createUser(email);
    const agent = `it's "odd" \\ \\' E'\\x41' $$ $q$ --; drop table public.hook_events; --`;
    const send = (type: string, body: Record<string, unknown>) =>
      fetch(`${t.url}/auth/v1/token?grant_type=${type}`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', 'user-agent': agent },
        body: JSON.stringify(body),
      });
    const signedIn = (await (await send('password', { email, password: strongPassword })).json()) as {
      refresh_token: string;
    };
    await t.db.query(`update auth.sessions set user_agent = 'reset' where user_id = $1`, [userId]);
    const res = await send('refresh_token', { refresh_token: signedIn.refresh_token });
    expect(res.status).toBe(200);
    const { rows } = await t.db.query<{ user_agent: string }>(
      'select user_agent from auth.sessions where user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ user_agent: agent }]);
    expect((await lastEvent(userId)).authentication_method).toBe('token_refresh');
  });

  it('refuses a refresh token it does not know without calling the hook', async () => {
    const { rows: before } = await t.db.query<{ n: string }>(
      'select count(*)::text as n from public.hook_events',
    );
    const res = await grant('refresh_token', { refresh_token: "it's-not-a-token\\'; drop table x; --" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('refresh_token_not_found');
    const { rows: after } = await t.db.query<{ n: string }>(
      'select count(*)::text as n from public.hook_events',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
