import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { latestMessage, memoryStorage, strongPassword, uniqueEmail } from './auth-test-kit';

function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

describe('MFA with TOTP, and PKCE', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_MAX_FREQUENCY: '0', AUTH_URI_ALLOW_LIST: 'http://localhost:5173/**' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  async function signedIn() {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client({ auth: { persistSession: true, storage: memoryStorage() } });
    const { data, error } = await client.auth.signInWithPassword({ email, password: strongPassword });
    if (error) throw error;
    return { email, client, session: data.session! };
  }

  it('enrols, challenges and verifies a TOTP factor, reaching aal2', async () => {
    const { email, client } = await signedIn();
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrol = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(enrol.error).toBeNull();
    expect(enrol.data?.type).toBe('totp');
    expect(enrol.data?.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(enrol.data?.totp.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(enrol.data?.totp.uri).toContain(encodeURIComponent(email));
    const secret = enrol.data!.totp.secret;
    const factorId = enrol.data!.id;

    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict');

    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    const wrong = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret, 10),
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.message).toBe('Invalid TOTP code entered');
    const ok = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret),
    });
    expect(ok.error).toBeNull();
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect(aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(
      ['totp', 'password'],
    );
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factorId]);

    const again = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret),
    });
    expect(again.error?.code).toBe('mfa_ip_address_mismatch');

    // A fresh aal1 session cannot change the password or remove the verified factor.
    const second = t.client({ auth: { persistSession: true, storage: memoryStorage() } });
    await second.auth.signInWithPassword({ email, password: strongPassword });
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const pw = await second.auth.updateUser({ password: 'a-new-long-password' });
    expect(pw.error?.code).toBe('insufficient_aal');
    const un = await second.auth.mfa.unenroll({ factorId });
    expect(un.error?.code).toBe('insufficient_aal');
    const extra = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'other' });
    expect(extra.error?.code).toBe('insufficient_aal');

    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data?.id).toBe(factorId);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const claims = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims.aal).toBe('aal1');
  });

  it('answers unknown factors and bad challenge ids with their codes', async () => {
    const { client } = await signedIn();
    const missing = await client.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.error?.code).toBe('mfa_factor_not_found');
    const enrol = await client.auth.mfa.enroll({ factorType: 'totp' });
    const bad = await client.auth.mfa.verify({
      factorId: enrol.data!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(bad.error?.code).toBe('mfa_factor_not_found');
  });

  it('signs in with a PKCE magic link and exchangeCodeForSession, once only', async () => {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client({ auth: { flowType: 'pkce', persistSession: true, storage: memoryStorage() } });
    const sent = await client.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: 'http://localhost:5173/auth/callback' },
    });
    expect(sent.error).toBeNull();
    const mail = await latestMessage(t, email);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.meta.link).toContain('token=pkce_');
    const res = await fetch(mail.meta.link!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:5173/auth/callback');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('magiclink');

    const reuse = await fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(56) }),
    });
    expect(reuse.status).toBe(404);
    expect((await reuse.json()).code).toBe('flow_state_not_found');
  });

  it('refuses a PKCE exchange with the wrong verifier', async () => {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client({ auth: { flowType: 'pkce', persistSession: true, storage: memoryStorage() } });
    await client.auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const mail = await latestMessage(t, email);
    expect(mail.subject).toBe('Reset your password');
    const location = new URL((await fetch(mail.meta.link!, { redirect: 'manual' })).headers.get('location')!);
    // Not on the allow list: back to SITE_URL, never an open redirect.
    expect(location.origin).toBe(new URL(t.url).origin);
    const code = location.searchParams.get('code')!;
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ auth_code: code, code_verifier: 'y'.repeat(56) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('bad_code_verifier');
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('recovers a password through the implicit flow and rejects stale links', async () => {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({
      email,
      password: strongPassword,
      email_confirm: true,
      user_metadata: { locale: 'da' },
    });
    const client = t.client();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    const mail = await latestMessage(t, email);
    expect(mail.subject).toBe('Nulstil din adgangskode');
    expect(mail.text).toContain(mail.meta.code!);
    const { data, error } = await client.auth.verifyOtp({ email, token: mail.meta.code!, type: 'recovery' });
    expect(error).toBeNull();
    await client.auth.setSession(data.session!);
    expect((await client.auth.updateUser({ password: 'brand-new-password' })).error).toBeNull();
    const stale = await fetch(mail.meta.link!, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(stale.headers.get('location')!).hash.slice(1));
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(
      (await t.client().auth.signInWithPassword({ email, password: 'brand-new-password' })).error,
    ).toBeNull();
  });
});
