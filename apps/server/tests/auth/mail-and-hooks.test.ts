import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devInboxUrl } from '../../src/services/auth/show-dev-inbox';
import { startSmtpListener, type ReceivedMail, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

describe('mail over SMTP, SMS over a webhook, and the access token hook', () => {
  let t: TestPlatform;
  let smtp: SmtpListener;
  let smsServer: http.Server;
  let mails: ReceivedMail[] = [];
  const sms: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpListener();
    mails = smtp.mails;
    smsServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        sms.push(JSON.parse(body) as { to: string; body: string });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ message_id: `sms-${sms.length}` }));
      });
    });
    await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
    const smsPort = (smsServer.address() as AddressInfo).port;
    t = await startTestPlatform({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Klubben <noreply@klub.test>',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${smsPort}/sms`,
      AUTH_PHONE_ENABLED: 'true',
      AUTH_MFA_PHONE_ENABLED: 'true',
      AUTH_MAX_FREQUENCY: '0',
      AUTH_SMS_MAX_FREQUENCY: '0',
      AUTH_RATE_LIMIT_EMAIL_SENT: '100',
      AUTH_HOOK_CUSTOM_ACCESS_TOKEN: 'pg-functions://postgres/public/test_token_hook',
    });
    await t.db.exec(`
      create or replace function public.test_token_hook(event jsonb) returns jsonb language plpgsql as $$
      begin
        if event->'claims'->>'email' like 'hook-error%' then
          return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Not today'));
        end if;
        if event->'claims'->>'email' like 'hook-broken%' then
          return jsonb_build_object('claims', jsonb_build_object('sub', event->'claims'->>'sub'));
        end if;
        return jsonb_build_object('claims', (event->'claims') || jsonb_build_object(
          'memberships', jsonb_build_object('demo', jsonb_build_object('role', 'member')),
          'hook_method', event->>'authentication_method'));
      end $$;`);
  }, 180_000);
  afterAll(async () => {
    await t.stop();
    await smtp.close();
    await new Promise<void>((resolve) => smsServer.close(() => resolve()));
  });

  it('delivers the confirmation mail over SMTP and the link signs the user in', async () => {
    const email = uniqueEmail('smtp');
    const { error } = await t
      .client()
      .auth.signUp({ email, password: strongPassword, options: { emailRedirectTo: t.url } });
    expect(error).toBeNull();
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('Subject: Confirm your sign-up');
    expect(mail!.raw).toContain('From: Klubben <noreply@klub.test>');
    const link =
      /(http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=[0-9a-f]+&type=signup&redirect_to=[^\s"<]+)/.exec(
        mail!.raw,
      )?.[1];
    expect(link).toBeDefined();
    const res = await fetch(link!.replace(/&amp;/g, '&'), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    const token = fragment.get('access_token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims.email).toBe(email);
    expect(claims.memberships).toEqual({ demo: { role: 'member' } });
    expect(claims.hook_method).toBe('otp');
    // With SMTP configured there is no development inbox at all, nor a copy of the mail.
    const inbox = await fetch(`${devInboxUrl(t.url, t.devInboxToken)}&format=json`, {
      headers: { apikey: t.anonKey },
    });
    expect(inbox.status).toBe(404);
    const kept = await t.db.query('select 1 from mail.dev_inbox where recipient = $1', [email]);
    expect(kept.rows).toEqual([]);
  });

  /** A signed-in user who asks to change their address; answers the old and the new one. */
  async function askForEmailChange(): Promise<{ email: string; next: string }> {
    const email = uniqueEmail('old');
    const next = uniqueEmail('new');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
    await client.auth.setSession(data.session!);
    const upd = await client.auth.updateUser({ email: next });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.new_email).toBe(next);
    return { email, next };
  }

  it('sends e-mail change confirmations to both addresses and changes after the second', async () => {
    const { email, next } = await askForEmailChange();
    const toNew = mails.filter((m) => m.to.includes(next)).at(-1)!;
    const toOld = mails.filter((m) => m.to.includes(email)).at(-1)!;
    const codeNew = /Or enter this code: (\d{6})/.exec(toNew.raw)?.[1];
    const codeOld = /Or enter this code: (\d{6})/.exec(toOld.raw)?.[1];
    expect(codeNew).toMatch(/^\d{6}$/);
    expect(codeOld).toMatch(/^\d{6}$/);
    const first = await t.client().auth.verifyOtp({ email: next, token: codeNew!, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await t.client().auth.verifyOtp({ email, token: codeOld!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect(
      (await t.client().auth.signInWithPassword({ email: next, password: strongPassword })).error,
    ).toBeNull();
  });

  it('resends the e-mail change mails to both addresses, and the resent codes complete the change', async () => {
    const { email, next } = await askForEmailChange();
    const before = mails.length;
    expect((await t.client().auth.resend({ type: 'email_change', email: next })).error).toBeNull();
    const resent = mails.slice(before);
    expect(resent.map((m) => m.to).sort()).toEqual([[email], [next]].sort());
    const code = (to: string) =>
      /Or enter this code: (\d{6})/.exec(resent.find((m) => m.to.includes(to))!.raw)?.[1];
    const first = await t.client().auth.verifyOtp({ email: next, token: code(next)!, type: 'email_change' });
    expect(first.error).toBeNull();
    const second = await t.client().auth.verifyOtp({ email, token: code(email)!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    // Nothing is pending any more, so a further resend sends nothing.
    const after = mails.length;
    expect((await t.client().auth.resend({ type: 'email_change', email: next })).error).toBeNull();
    expect(mails.length).toBe(after);
  });

  it('writes auth mail in the language the user chose, else in that of the page that asked', async () => {
    const lastTo = (to: string) => mails.filter((m) => m.to.includes(to)).at(-1)!.raw;
    const subject = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];
    const email = uniqueEmail('dansk');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    // The Danish reset page asks; the user has no preference stored.
    const reset = await t
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: `${t.url}/da/new-password` });
    expect(reset.error).toBeNull();
    const danish = lastTo(email);
    expect(subject(danish)).toBe('Nulstil din adgangskode');
    expect(danish).toContain('Følg linket for at vælge en ny adgangskode:');
    expect(danish).toContain('Nulstil min adgangskode');
    expect(danish).not.toMatch(/Reset your password|Follow this link/);
    // The English page gets English.
    await t.client().auth.signInWithOtp({ email, options: { emailRedirectTo: `${t.url}/en/` } });
    expect(subject(lastTo(email))).toBe('Your sign-in link');
    // A sign-up from the Danish page stores its language, which later mail follows.
    const newcomer = uniqueEmail('ny');
    await t.client().auth.signUp({
      email: newcomer,
      password: strongPassword,
      options: { data: { locale: 'da' }, emailRedirectTo: `${t.url}/da/confirm` },
    });
    expect(subject(lastTo(newcomer))).toBe('Bekræft din tilmelding');
    expect(lastTo(newcomer)).toContain('Følg linket for at bekræfte din e-mailadresse:');
    await t
      .client()
      .auth.resend({ type: 'signup', email: newcomer, options: { emailRedirectTo: `${t.url}/en/` } });
    expect(subject(lastTo(newcomer))).toBe('Bekræft din tilmelding');
    // Without a return address (reauthentication) the browser's Accept-Language tells.
    const { data } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    const reauth = await fetch(`${t.url}/auth/v1/reauthenticate`, {
      headers: {
        apikey: t.anonKey,
        authorization: `Bearer ${data.session!.access_token}`,
        'accept-language': 'de-DE, da;q=0.8, en;q=0.5',
      },
    });
    expect(reauth.status).toBe(200);
    expect(subject(lastTo(email))).toBe('Bekræft at det er dig');
    expect(lastTo(email)).toContain('Indtast denne kode for at bekræfte, at det er dig:');
    // An invitation from the Danish admin pages.
    const invited = uniqueEmail('inviteret');
    const invite = await t
      .adminClient()
      .auth.admin.inviteUserByEmail(invited, { redirectTo: `${t.url}/da/` });
    expect(invite.error).toBeNull();
    expect(subject(lastTo(invited))).toBe('Du er inviteret');
  });

  it('signs up with a phone number over the SMS webhook', async () => {
    const phone = `+4520${Math.floor(100000 + Math.random() * 899999)}`;
    const client = t.client();
    const { data, error } = await client.auth.signUp({ phone, password: strongPassword });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone.slice(1));
    expect(data.user?.app_metadata.provider).toBe('phone');
    const message = sms.filter((m) => m.to === phone).at(-1)!;
    const code = /(\d{6})/.exec(message.body)![1]!;
    const verified = await client.auth.verifyOtp({ phone, token: code, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toEqual(expect.any(String));
    const otp = await client.auth.signInWithOtp({ phone });
    expect(otp.error).toBeNull();
    expect(otp.data.messageId).toMatch(/^sms-\d+$/);
    const bad = await client.auth.signUp({ phone: '0123', password: strongPassword });
    expect(bad.error?.message).toBe('Invalid phone number format (E.164 required)');
  });

  it('changes the phone number after the SMS code, and verifies a phone MFA factor', async () => {
    const email = uniqueEmail('phone');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
    await client.auth.setSession(data.session!);
    const phone = `+4530${Math.floor(100000 + Math.random() * 899999)}`;
    const upd = await client.auth.updateUser({ phone });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.new_phone).toBe(phone.slice(1));
    const code = /(\d{6})/.exec(sms.filter((m) => m.to === phone).at(-1)!.body)![1]!;
    const verified = await client.auth.verifyOtp({ phone, token: code, type: 'phone_change' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone).toBe(phone.slice(1));
    expect(verified.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'phone']);

    await client.auth.setSession(verified.data.session!);
    const enrol = await client.auth.mfa.enroll({ factorType: 'phone', phone });
    expect(enrol.error).toBeNull();
    const challenge = await client.auth.mfa.challenge({ factorId: enrol.data!.id });
    expect(challenge.error).toBeNull();
    const mfaCode = /(\d{6})/.exec(sms.filter((m) => m.to === phone).at(-1)!.body)![1]!;
    const wrong = await client.auth.mfa.verify({
      factorId: enrol.data!.id,
      challengeId: challenge.data!.id,
      code: mfaCode === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.message).toBe('Invalid MFA Phone code entered');
    const ok = await client.auth.mfa.verify({
      factorId: enrol.data!.id,
      challengeId: challenge.data!.id,
      code: mfaCode,
    });
    expect(ok.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
  });

  it('surfaces hook refusals and malformed hook output as errors', async () => {
    for (const prefix of ['hook-error', 'hook-broken']) {
      const email = uniqueEmail(prefix);
      await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
      const res = await t.client().auth.signInWithPassword({ email, password: strongPassword });
      expect(res.data.session).toBeNull();
      if (prefix === 'hook-error') {
        expect(res.error?.status).toBe(403);
        expect(res.error?.message).toBe('Not today');
      } else {
        expect(res.error?.status).toBe(500);
        expect(res.error?.message).toContain('output claims do not conform to the expected schema');
      }
    }
  });
});
