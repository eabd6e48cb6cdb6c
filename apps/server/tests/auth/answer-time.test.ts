// Sign-up and resend answer an address with and without an account in the same time
// (issue 38, decision 1009): the mail server here takes 400 ms to accept a message, so an
// answer that sends one takes that long; an answer that sends nothing (an unknown address, a
// confirmed one, a repeat within the resend frequency) must take as long, and say the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { postAuth, strongPassword, uniqueEmail } from './auth-test-kit';

const delayMs = 400;

describe('answers that take as long whether or not they send mail', () => {
  let t: TestPlatform;
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener({ acceptDelayMs: delayMs });
    t = await startTestPlatform({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_EMAIL_SENT: '100' });
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
    await smtp?.close();
  });

  const timed = async (path: string, body: unknown) => {
    const started = performance.now();
    const answer = await postAuth(t, path, body);
    return { ...answer, ms: performance.now() - started };
  };

  it('resend of a sign-up: unconfirmed, unknown, confirmed and repeated addresses alike', async () => {
    const unconfirmed = uniqueEmail('unconfirmed');
    const signUp = await timed('/signup', { email: unconfirmed, password: strongPassword });
    expect(signUp.status).toBe(200);
    expect(signUp.ms).toBeGreaterThanOrEqual(delayMs * 0.9);
    const confirmed = uniqueEmail('confirmed');
    const created = await t
      .adminClient()
      .auth.admin.createUser({ email: confirmed, password: strongPassword, email_confirm: true });
    expect(created.error).toBeNull();
    await t.db.query('update auth.users set confirmation_sent_at = null where email = $1', [unconfirmed]);

    const sends = await timed('/resend', { type: 'signup', email: unconfirmed });
    const unknown = await timed('/resend', { type: 'signup', email: uniqueEmail('unknown') });
    const known = await timed('/resend', { type: 'signup', email: confirmed });
    const repeat = await timed('/resend', { type: 'signup', email: unconfirmed });
    for (const answer of [sends, unknown, known, repeat]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: '{}' });
      expect(answer.ms).toBeGreaterThanOrEqual(delayMs * 0.75);
    }
    // Only the first resend (and the sign-up) mailed.
    expect(smtp.mails.filter((m) => m.to.includes(unconfirmed))).toHaveLength(2);
  });

  it('sign-up, recover and otp of an unknown address wait as a sending one does', async () => {
    const known = uniqueEmail('known');
    expect((await timed('/signup', { email: known, password: strongPassword })).status).toBe(200);
    const unknownRecover = await timed('/recover', { email: uniqueEmail('nobody') });
    expect(unknownRecover).toMatchObject({ status: 200, body: '{}' });
    expect(unknownRecover.ms).toBeGreaterThanOrEqual(delayMs * 0.75);
    const unknownOtp = await timed('/otp', { email: uniqueEmail('nobody'), create_user: false });
    expect(unknownOtp).toMatchObject({ status: 200, body: '{}' });
    expect(unknownOtp.ms).toBeGreaterThanOrEqual(delayMs * 0.75);
    // A second sign-up of the unconfirmed address within the frequency sends nothing.
    const again = await timed('/signup', { email: known, password: strongPassword });
    expect(again.status).toBe(200);
    expect(again.ms).toBeGreaterThanOrEqual(delayMs * 0.75);
  });
});
