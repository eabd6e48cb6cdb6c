import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { inbox, postAuth, strongPassword, uniqueEmail } from './auth-test-kit';

// Whether an address has an account must not show in an answer (issue 38): recover and otp
// answer a known and an unknown address with the same status and body, also when the send
// limits hold a known address's mail back, and a sign-up of a confirmed address does the
// work a new one does (one mail through the mailer), so it takes as long.

describe('answers that do not tell whether an address has an account', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  const post = (path: string, body: unknown) => postAuth(t, path, body);

  async function confirmedUser(): Promise<string> {
    const email = uniqueEmail('known');
    const { error } = await t
      .adminClient()
      .auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    expect(error).toBeNull();
    return email;
  }

  it('recover: the same answer for a known and an unknown address, also while the resend waits', async () => {
    const known = await confirmedUser();
    const unknown = uniqueEmail('unknown');
    for (let round = 0; round < 3; round++) {
      const a = await post('/recover', { email: known });
      const b = await post('/recover', { email: unknown });
      expect(a).toEqual({ status: 200, body: '{}' });
      expect(b).toEqual(a);
    }
    // Only the first request mailed; the held-back ones did not replace its link.
    const mails = await inbox(t, known);
    expect(mails.map((m) => m.meta.type)).toEqual(['recovery']);
    const { error } = await t
      .client()
      .auth.verifyOtp({ email: known, token: mails[0]!.meta.code!, type: 'recovery' });
    expect(error).toBeNull();
    expect(await inbox(t, unknown)).toEqual([]);
  });

  it('otp: the same answer with create_user false, and for a repeat within the resend frequency', async () => {
    const known = await confirmedUser();
    const unknown = uniqueEmail('unknown');
    for (let round = 0; round < 3; round++) {
      const a = await post('/otp', { email: known, create_user: false });
      const b = await post('/otp', { email: unknown, create_user: false });
      expect(a).toEqual({ status: 200, body: '{}' });
      expect(b).toEqual(a);
    }
    expect((await inbox(t, known)).map((m) => m.meta.type)).toEqual(['magiclink']);
    expect(await inbox(t, unknown)).toEqual([]);
    const { rows } = await t.db.query('select 1 from auth.users where email = $1', [unknown]);
    expect(rows).toEqual([]);
    // With create_user, a new address signs up and its repeat answers as the first did.
    const fresh = uniqueEmail('fresh');
    expect(await post('/otp', { email: fresh })).toEqual({ status: 200, body: '{}' });
    expect(await post('/otp', { email: fresh })).toEqual({ status: 200, body: '{}' });
    expect((await inbox(t, fresh)).map((m) => m.meta.type)).toEqual(['signup']);
    // supabase-js sees no error either way.
    const viaClient = await t
      .client()
      .auth.signInWithOtp({ email: uniqueEmail(), options: { shouldCreateUser: false } });
    expect(viaClient.error).toBeNull();
  });

  it('sign-up: a confirmed address gets one mail as a new one does, and repeats answer 200 without mail', async () => {
    const known = await confirmedUser();
    const unknown = uniqueEmail('new');
    const a = await post('/signup', { email: known, password: strongPassword });
    const b = await post('/signup', { email: unknown, password: strongPassword });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(Object.keys(JSON.parse(a.body)).sort()).toEqual(Object.keys(JSON.parse(b.body)).sort());
    // The same work on both paths: one message through the mailer to the address.
    const knownMails = await inbox(t, known);
    expect(knownMails.map((m) => m.meta.type)).toEqual(['repeated_signup']);
    expect(knownMails[0]!.subject).toBe('You already have an account');
    expect((await inbox(t, unknown)).map((m) => m.meta.type)).toEqual(['signup']);
    // A repeat at once: the new address is now unconfirmed, and answered 429 before.
    const again = [
      await post('/signup', { email: known, password: strongPassword }),
      await post('/signup', { email: unknown, password: strongPassword }),
    ];
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await inbox(t, known)).toHaveLength(1);
    expect(await inbox(t, unknown)).toHaveLength(1);
  });
});

describe('answers under the hourly mail limit', () => {
  it('recover and otp answer a known address held back by the limit as an unknown one', async () => {
    const t = await startTestPlatform({ AUTH_RATE_LIMIT_EMAIL_SENT: '1' });
    try {
      const post = (path: string, body: unknown) => postAuth(t, path, body);

      const users: string[] = [];
      for (let i = 0; i < 3; i++) {
        const email = uniqueEmail('hourly');
        await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
        users.push(email);
      }
      expect(await post('/recover', { email: users[0] })).toEqual({ status: 200, body: '{}' });
      // The hour's one mail is used: the next known addresses are held back, silently.
      expect(await post('/recover', { email: users[1] })).toEqual({ status: 200, body: '{}' });
      expect(await post('/otp', { email: users[2], create_user: false })).toEqual({
        status: 200,
        body: '{}',
      });
      expect(await post('/recover', { email: uniqueEmail('none') })).toEqual({ status: 200, body: '{}' });
      expect(await inbox(t, users[1]!)).toEqual([]);
      expect(await inbox(t, users[2]!)).toEqual([]);
    } finally {
      await t.stop();
    }
  }, 180_000);
});
