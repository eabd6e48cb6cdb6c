// Differences from upstream GoTrue that supabase-js's own integration suite found (issue 22):
// the password floor, the order of sign-up checks, generated sign-up metadata, and the answers
// for sign-in methods the product does not offer (Web3, SAML).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

describe('auth answers as upstream does', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_PASSWORD_MIN_LENGTH: '6', AUTH_MAILER_AUTOCONFIRM: 'true' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('takes the minimum password length down to upstream floor of 6, default 8', async () => {
    const base = { CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789', NODE_ENV: 'test' };
    expect(loadConfig(base).auth.passwordMinLength).toBe(8);
    expect(loadConfig({ ...base, AUTH_PASSWORD_MIN_LENGTH: '6' }).auth.passwordMinLength).toBe(6);
    expect(loadConfig({ ...base, AUTH_PASSWORD_MIN_LENGTH: '4' }).auth.passwordMinLength).toBe(6);

    const six = await t.client().auth.signUp({ email: uniqueEmail('six'), password: 'abc123' });
    expect(six.error).toBeNull();
    expect(six.data.session?.access_token).toEqual(expect.any(String));
    const five = await t.client().auth.signUp({ email: uniqueEmail('five'), password: 'abc12' });
    expect(five.error?.code).toBe('weak_password');
    expect(five.error?.message).toBe('Password should be at least 6 characters.');
  });

  it('reports an invalid e-mail address before a weak password', async () => {
    const { error } = await t.client().auth.signUp({ email: 'not-an-address', password: 'abc' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('stores exactly the metadata given when a sign-up link is generated', async () => {
    const email = uniqueEmail('generated');
    const link = await t.adminClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: strongPassword,
      options: { data: { full_name: 'Karen Blixen', locale: 'da' } },
    });
    expect(link.error).toBeNull();
    expect(link.data.user?.user_metadata).toEqual({ full_name: 'Karen Blixen', locale: 'da' });
    const read = await t.adminClient().auth.admin.getUserById(link.data.user!.id);
    expect(read.data.user?.user_metadata).toEqual({ full_name: 'Karen Blixen', locale: 'da' });
    expect(read.data.user?.identities?.[0]?.identity_data).toMatchObject({ email, sub: link.data.user!.id });

    const bare = await t.adminClient().auth.admin.generateLink({
      type: 'signup',
      email: uniqueEmail('bare'),
      password: strongPassword,
    });
    expect(bare.data.user?.user_metadata).toEqual({});
  });

  it('answers a Web3 sign-in with upstream message for disabled Web3 providers', async () => {
    const { data, error } = await t.client().auth.signInWithWeb3({
      chain: 'solana',
      message: 'example.dk wants you to sign in with your Solana account',
      signature: new Uint8Array([1, 2, 3]),
    });
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Web3 provider is disabled');
    expect(error?.code).toBe('web3_provider_disabled');
  });

  it('answers /sso with "SAML 2.0 is disabled" before looking at the body', async () => {
    for (const body of [{ domain: 'example.dk' }, { provider_id: 'x', domain: 'example.dk' }, {}]) {
      const res = await fetch(`${t.url}/auth/v1/sso`, {
        method: 'POST',
        headers: {
          apikey: t.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    }
    const viaClient = await t.client().auth.signInWithSSO({ providerId: 'no-such-provider' });
    expect(viaClient.error?.message).toBe('SAML 2.0 is disabled');
  });
});
