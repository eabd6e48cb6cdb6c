import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

// Failed password sign-ins are limited per account and per socket address with the default
// settings (10 and 30 per 5 minutes); forwarding headers are not trusted unless configured.
describe('failed sign-in limits', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        ...headers,
      },
      body: JSON.stringify({ email, password }),
    });

  async function user(): Promise<string> {
    const email = uniqueEmail('guess');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    return email;
  }

  /** Ends every open failure window, as if its five minutes had passed. */
  const endWindows = () =>
    t.db.query(
      `update auth.rate_limit_counters set expires_at = now() - interval '1 second'
        where bucket like 'signin-fail:%'`,
    );

  it('refuses an account after 10 wrong passwords, even the right one, until the window ends', async () => {
    const email = await user();
    for (let i = 0; i < 10; i++) {
      const res = await signIn(email, `wrong-password-${i}`);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('invalid_credentials');
    }
    const limited = await signIn(email.toUpperCase(), 'wrong-password-x');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const rightButLimited = await signIn(email, strongPassword);
    expect(rightButLimited.status).toBe(429);
    // The same address may still sign in to another account.
    const other = await user();
    expect((await signIn(other, strongPassword)).status).toBe(200);

    await endWindows();
    const { data, error } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('refuses a socket address after 30 wrong passwords over many accounts, whatever it forwards', async () => {
    await endWindows();
    const victim = await user();
    for (let i = 0; i < 30; i++) {
      // A spoofed forwarding header changes nothing: the socket address is counted.
      const res = await signIn(uniqueEmail('spray'), strongPassword, {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      expect(res.status).toBe(400);
    }
    const limited = await signIn(victim, strongPassword, { 'x-forwarded-for': '203.0.113.77' });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe('over_request_rate_limit');
    const viaClient = await t.client().auth.signInWithPassword({ email: victim, password: strongPassword });
    expect(viaClient.error?.code).toBe('over_request_rate_limit');
    expect(viaClient.error?.status).toBe(429);

    await endWindows();
    expect((await signIn(victim, strongPassword)).status).toBe(200);
  });

  it('counts only failures: right passwords leave no trace in the counters', async () => {
    await endWindows();
    const email = await user();
    for (let i = 0; i < 12; i++) expect((await signIn(email, strongPassword)).status).toBe(200);
    const { rows } = await t.db.query(
      `select bucket from auth.rate_limit_counters where bucket like 'signin-fail:%' and expires_at > now()`,
    );
    expect(rows).toEqual([]);
  });
});

describe('failed sign-in limits behind a trusted proxy header', () => {
  it('count the address the configured header names, and can be turned off', async () => {
    const t = await startTestPlatform({
      AUTH_RATE_LIMIT_HEADER: 'X-Real-IP',
      AUTH_RATE_LIMIT_SIGN_IN_FAILURES: '0',
      AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_IP: '2',
    });
    try {
      const attempt = (ip: string) =>
        fetch(`${t.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-real-ip': ip },
          body: JSON.stringify({ email: uniqueEmail('proxy'), password: 'not-the-password' }),
        });
      expect((await attempt('192.0.2.1')).status).toBe(400);
      expect((await attempt('192.0.2.1')).status).toBe(400);
      const limited = await attempt('192.0.2.1');
      expect(limited.status).toBe(429);
      expect((await limited.json()).error_code).toBe('over_request_rate_limit');
      // Another client behind the same proxy is not affected.
      expect((await attempt('192.0.2.2')).status).toBe(400);
    } finally {
      await t.stop();
    }
  }, 180_000);
});
