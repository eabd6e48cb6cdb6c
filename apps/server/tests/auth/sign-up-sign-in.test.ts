import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { latestMessage, strongPassword, uniqueEmail } from './auth-test-kit';

describe('sign-up, confirmation and password sign-in', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_MAX_FREQUENCY: '0', AUTH_ANONYMOUS_USERS_ENABLED: 'true' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('signs up, mails a confirmation link, and the link signs the user in', async () => {
    const email = uniqueEmail();
    const client = t.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: strongPassword,
      options: { data: { full_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada', email, email_verified: false });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.identities).toHaveLength(1);

    const before = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(before.error?.code).toBe('email_not_confirmed');
    expect(before.error?.status).toBe(400);

    const mail = await latestMessage(t, email);
    expect(mail.subject).toBe('Confirm your sign-up');
    expect(mail.meta.code).toMatch(/^\d{6}$/);
    const link = mail.meta.link!;
    expect(link.startsWith(`${t.url}/auth/v1/verify?token=`)).toBe(true);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const accessToken = fragment.get('access_token')!;
    const { data: got } = await client.auth.getUser(accessToken);
    expect(got.user?.email_confirmed_at).toEqual(expect.any(String));

    const again = await fetch(link, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
    expect(failed.get('error')).toBe('access_denied');
    expect(failed.get('error_description')).toBe('Email link is invalid or has expired');

    const signedIn = await client.auth.signInWithPassword({ email, password: strongPassword });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.token_type).toBe('bearer');
    expect(signedIn.data.user?.id).toBe(data.user?.id);
  });

  it('confirms with the e-mailed code through verifyOtp', async () => {
    const email = uniqueEmail();
    const client = t.client();
    await client.auth.signUp({ email, password: strongPassword });
    const mail = await latestMessage(t, email);
    const wrong = await client.auth.verifyOtp({
      email,
      token: mail.meta.code === '000000' ? '111111' : '000000',
      type: 'signup',
    });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const { data, error } = await client.auth.verifyOtp({ email, token: mail.meta.code!, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('otp');
    expect(claims.aal).toBe('aal1');
  });

  it('refuses a wrong password with the product wording, and unknown users alike', async () => {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const wrong = await client.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid email or password');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.data.session).toBeNull();
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail(), password: strongPassword });
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe('Invalid email or password');
  });

  it('enforces the password rules with reasons', async () => {
    const client = t.client();
    const weak = await client.auth.signUp({ email: uniqueEmail(), password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);
    expect(weak.error?.message).toBe('Password should be at least 8 characters.');
    const long = await client.auth.signUp({ email: uniqueEmail(), password: 'x'.repeat(73) });
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.message).toBe('Password cannot be longer than 72 characters');
    const badEmail = await client.auth.signUp({ email: 'not-an-email', password: strongPassword });
    expect(badEmail.error?.code).toBe('validation_failed');
    expect(badEmail.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('hides whether a confirmed address exists on repeated sign-up', async () => {
    const email = uniqueEmail();
    const created = await t
      .adminClient()
      .auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const { data, error } = await t.client().auth.signUp({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(data.user?.id).not.toBe(created.data.user?.id);
    expect(data.user?.identities).toEqual([]);
  });

  it('verifies pgcrypto bcrypt hashes written by seeds', async () => {
    const email = uniqueEmail();
    await t.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf', 10)), now(),
               '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email, strongPassword],
    );
    const { data, error } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('signs in anonymously, and refuses factors and password-only upgrades for anonymous users', async () => {
    const client = t.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { locale: 'da' } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.app_metadata).toEqual({});
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.user_metadata).toEqual({ locale: 'da' });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.is_anonymous).toBe(true);
    expect(claims.amr[0].method).toBe('anonymous');
    await client.auth.setSession(data.session!);
    const enrol = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrol.error?.code).toBe('no_authorization');
    const pwOnly = await client.auth.updateUser({ password: strongPassword });
    expect(pwOnly.error?.code).toBe('validation_failed');
    const reauth = await client.auth.reauthenticate();
    expect(reauth.error?.message).toBe(
      'Reauthentication requires the user to have an email or a phone number',
    );
  });
});
