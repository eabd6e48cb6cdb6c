import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { inbox, postAuth, strongPassword, uniqueEmail } from './auth-test-kit';

const limited = {
  status: 429,
  body: JSON.stringify({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
};

/** Ends every open window of the per-client message limit, as if five minutes had passed. */
const endWindows = (t: TestPlatform) =>
  t.db.query(
    `update auth.rate_limit_counters set expires_at = now() - interval '1 second'
      where bucket like 'messages-by-client:%'`,
  );

// Mails and SMS to addresses of the caller's choosing are limited per client address by
// default (issue 38: 60 of 60 OTP mails to different addresses were accepted without
// AUTH_RATE_LIMIT_HEADER), counted before the address is looked up.
describe('message requests per client address without a trusted header', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('refuse the 31st otp or recover request from one socket, known address or not, whatever it forwards', async () => {
    const known = uniqueEmail('known');
    await t
      .adminClient()
      .auth.admin.createUser({ email: known, password: strongPassword, email_confirm: true });
    for (let i = 0; i < 30; i++) {
      const path = i % 2 === 0 ? '/otp' : '/recover';
      const res = await postAuth(
        t,
        path,
        { email: uniqueEmail('spray') },
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
      );
      expect(res).toEqual({ status: 200, body: '{}' });
    }
    // The same answer for a known and an unknown address, on each endpoint.
    for (const path of ['/otp', '/recover']) {
      expect(await postAuth(t, path, { email: known })).toEqual(limited);
      expect(await postAuth(t, path, { email: uniqueEmail('late') })).toEqual(limited);
    }
    expect(await postAuth(t, '/resend', { type: 'signup', email: known })).toEqual(limited);
    const viaClient = await t.client().auth.resetPasswordForEmail(known);
    expect(viaClient.error?.status).toBe(429);
    expect(await inbox(t, known)).toEqual([]);
    // Malformed requests are not counted: they are refused before the limit.
    await endWindows(t);
    for (let i = 0; i < 40; i++) expect((await postAuth(t, '/otp', {})).status).toBe(400);
    expect(await postAuth(t, '/recover', { email: known })).toEqual({ status: 200, body: '{}' });
    expect((await inbox(t, known)).map((m) => m.meta.type)).toEqual(['recovery']);
  });

  it('are counted under the client address, in windows that end', async () => {
    await endWindows(t);
    const { rows } = await t.db.query<{ bucket: string; hits: number }>(
      `select bucket, hits from auth.rate_limit_counters
        where bucket like 'messages-by-client:%' and expires_at > now()`,
    );
    expect(rows).toEqual([]);
    expect(await postAuth(t, '/otp', { email: uniqueEmail('after') })).toEqual({ status: 200, body: '{}' });
    const counted = await t.db.query<{ bucket: string; hits: number }>(
      `select bucket, hits from auth.rate_limit_counters
        where bucket like 'messages-by-client:%' and expires_at > now()`,
    );
    expect(counted.rows).toEqual([{ bucket: 'messages-by-client:127.0.0.1', hits: 1 }]);
  });
});

describe('message requests behind a trusted proxy header', () => {
  it('are counted per the header value instead of the socket', async () => {
    const t = await startTestPlatform({ AUTH_RATE_LIMIT_HEADER: 'X-Client-Ip' });
    try {
      for (let i = 0; i < 30; i++) {
        const res = await postAuth(t, '/otp', { email: uniqueEmail('a') }, { 'x-client-ip': '203.0.113.1' });
        expect(res.status).toBe(200);
      }
      expect(
        await postAuth(t, '/otp', { email: uniqueEmail('a') }, { 'x-client-ip': '203.0.113.1' }),
      ).toEqual(limited);
      // Another client behind the same proxy (the same socket) is not limited.
      expect(
        await postAuth(t, '/otp', { email: uniqueEmail('b') }, { 'x-client-ip': '203.0.113.2' }),
      ).toEqual({
        status: 200,
        body: '{}',
      });
    } finally {
      await t.stop();
    }
  }, 180_000);
});
