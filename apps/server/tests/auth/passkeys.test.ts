// Passkeys as the first factor through the official client (supabase-js auth.passkey.*, the
// two-step API signInWithPasskey and registerPasskey are built on), with a software
// authenticator holding a resident key: register, list, rename, sign in without a password
// (amr "passkey", aal1), remove; and the refusals in GoTrue's error format — a used or expired
// challenge, a replayed assertion, an unknown credential, a wrong origin, a credential
// registered twice, a banned account, and malformed bodies (400, never a 5xx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { memoryStorage, strongPassword, uniqueEmail } from './auth-test-kit';
import { SoftAuthenticator } from './soft-authenticator';

const origin = 'http://localhost:5173';

type Client = ReturnType<TestPlatform['client']>;
type Options = Parameters<SoftAuthenticator['get']>[0];

describe('passkeys (first factor)', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ SITE_URL: origin, AUTH_MAX_FREQUENCY: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  const freshClient = (): Client => t.client({ auth: { persistSession: true, storage: memoryStorage() } });

  async function newUser(): Promise<{ id: string; email: string; client: Client }> {
    const email = uniqueEmail('pk');
    const created = await t.adminClient().auth.admin.createUser({
      email,
      password: strongPassword,
      email_confirm: true,
    });
    const client = freshClient();
    const { error } = await client.auth.signInWithPassword({ email, password: strongPassword });
    if (error) throw error;
    return { id: created.data.user!.id, email, client };
  }

  async function register(client: Client, key: SoftAuthenticator) {
    const started = await client.auth.passkey.startRegistration();
    expect(started.error).toBeNull();
    const credential = key.create(started.data!.options as unknown as Options).toJSON();
    return client.auth.passkey.verifyRegistration({
      challengeId: started.data!.challenge_id,
      credential: credential as never,
    });
  }

  async function options(client: Client = freshClient()) {
    const { data, error } = await client.auth.passkey.startAuthentication();
    expect(error).toBeNull();
    return data!;
  }

  async function signIn(key: SoftAuthenticator, client: Client = freshClient(), keyOrigin = origin) {
    const started = await options(client);
    const assertion = key.get(started.options as unknown as Options, keyOrigin).toJSON();
    const result = await client.auth.passkey.verifyAuthentication({
      challengeId: started.challenge_id,
      credential: assertion as never,
    });
    return { ...result, challengeId: started.challenge_id, assertion };
  }

  async function post(path: string, body: unknown, raw?: string) {
    const res = await fetch(`${t.url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: t.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: raw ?? JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
  }

  it('registers a passkey and signs in with it alone, as supabase-js expects', async () => {
    const { id, client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    const started = await client.auth.passkey.startRegistration();
    expect(started.error).toBeNull();
    const publicKey = started.data!.options as unknown as Record<string, unknown>;
    expect(publicKey).toMatchObject({
      rp: { id: 'localhost' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true },
    });
    // The user handle is the account's id as text, which sign-in reads back.
    expect(Buffer.from(String((publicKey.user as { id: string }).id), 'base64url').toString()).toBe(id);
    expect(started.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const credential = key.create(publicKey as unknown as Options).toJSON();
    const made = await client.auth.passkey.verifyRegistration({
      challengeId: started.data!.challenge_id,
      credential: credential as never,
    });
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({ id: expect.any(String), created_at: expect.any(String) });

    const listed = await client.auth.passkey.list();
    expect(listed.data).toEqual([
      { id: made.data!.id, friendly_name: '', created_at: made.data!.created_at },
    ]);
    const renamed = await client.auth.passkey.update({ passkeyId: made.data!.id, friendlyName: ' Laptop ' });
    expect(renamed.data).toMatchObject({ id: made.data!.id, friendly_name: 'Laptop' });

    const auth = await options();
    expect(auth.options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect((auth.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);

    const signer = freshClient();
    const { data, error } = await signIn(key, signer);
    expect(error).toBeNull();
    expect(data!.user!.id).toBe(id);
    const session = (await signer.auth.getSession()).data.session!;
    expect(session.access_token).toBe(data!.session!.access_token);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as {
      aal: string;
      amr: { method: string }[];
    };
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((a) => a.method)).toEqual(['passkey']);
    expect((await signer.auth.getUser()).data.user!.id).toBe(id);

    const { rows } = await t.db.query<{ n: string; used: boolean }>(
      'select sign_count::text as n, last_used_at is not null as used from auth.webauthn_credentials where id = $1',
      [made.data!.id],
    );
    expect(rows[0]).toEqual({ n: '1', used: true });
  });

  it('uses a challenge once: the same assertion again, or on a new challenge, is refused', async () => {
    const { client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    expect((await register(client, key)).error).toBeNull();
    const first = await signIn(key);
    expect(first.error).toBeNull();

    const again = await post('/passkeys/authentication/verify', {
      challenge_id: first.challengeId,
      credential: first.assertion,
    });
    expect(again).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'webauthn_challenge_not_found',
        message: 'Challenge not found or already used',
      }),
    });
    const fresh = await options();
    const replay = await post('/passkeys/authentication/verify', {
      challenge_id: fresh.challenge_id,
      credential: first.assertion,
    });
    expect(replay).toMatchObject({ status: 400, body: { code: 'webauthn_verification_failed' } });

    // A registration challenge is no sign-in challenge.
    const reg = await client.auth.passkey.startRegistration();
    const wrongKind = await post('/passkeys/authentication/verify', {
      challenge_id: reg.data!.challenge_id,
      credential: key.get(reg.data!.options as unknown as Options).toJSON(),
    });
    expect(wrongKind).toMatchObject({ status: 400, body: { code: 'webauthn_challenge_not_found' } });
  });

  it('refuses an unknown credential, a wrong origin, an expired challenge and a double registration', async () => {
    const { client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    expect((await register(client, key)).error).toBeNull();

    const stranger = new SoftAuthenticator('localhost', origin);
    stranger.userHandle = key.userHandle;
    const unknown = await signIn(stranger);
    expect(unknown.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    expect(unknown.data).toBeNull();

    const phished = await signIn(key, freshClient(), 'https://evil.example');
    expect(phished.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });

    const late = await options();
    await t.db.query(
      `update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`,
      [late.challenge_id],
    );
    const expired = await post('/passkeys/authentication/verify', {
      challenge_id: late.challenge_id,
      credential: key.get(late.options as unknown as Options).toJSON(),
    });
    expect(expired).toMatchObject({
      status: 400,
      body: { code: 'webauthn_challenge_expired', message: 'Challenge has expired' },
    });

    // The same authenticator registered again (it ignores excludeCredentials): 422.
    const twice = await register(client, key);
    expect(twice.error).toMatchObject({ status: 422, code: 'webauthn_credential_exists' });
    // Another account cannot take it over either.
    const handle = key.userHandle;
    const other = await newUser();
    expect((await register(other.client, key)).error).toMatchObject({ code: 'webauthn_credential_exists' });
    // Its assertion now names the other account as user handle: refused.
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });

    // With its own handle the key still works after all of that.
    key.userHandle = handle;
    expect((await signIn(key)).error).toBeNull();
  });

  it('refuses a banned account and a removed passkey; admins list and remove passkeys', async () => {
    const { id, client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    const made = await register(client, key);
    const admin = t.adminClient();
    const listed = await admin.auth.admin.passkey.listPasskeys({ userId: id });
    expect(listed.data).toEqual([expect.objectContaining({ id: made.data!.id })]);

    await admin.auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect((await signIn(key)).error).toMatchObject({ status: 403, code: 'user_banned' });
    await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect((await signIn(key)).error).toBeNull();

    const removed = await admin.auth.admin.passkey.deletePasskey({ userId: id, passkeyId: made.data!.id });
    expect(removed.error).toBeNull();
    expect((await client.auth.passkey.list()).data).toEqual([]);
    expect((await signIn(key)).error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    const gone = await client.auth.passkey.delete({ passkeyId: made.data!.id });
    expect(gone.error).toMatchObject({ status: 404, code: 'webauthn_credential_not_found' });
  });

  it('answers malformed and unauthenticated requests with a 4xx in the auth error format', async () => {
    const { client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    expect((await register(client, key)).error).toBeNull();
    const started = await options();
    const good = key.get(started.options as unknown as Options).toJSON();
    const cases: [unknown, string | undefined, string][] = [
      [undefined, '{"challenge_id": ', 'bad_json'],
      [undefined, '[1, 2]', 'bad_json'],
      [{ credential: good }, undefined, 'validation_failed'],
      [{ challenge_id: started.challenge_id }, undefined, 'validation_failed'],
      [{ challenge_id: 'not-a-uuid', credential: good }, undefined, 'validation_failed'],
      [{ challenge_id: 7, credential: good }, undefined, 'validation_failed'],
      [{ challenge_id: started.challenge_id, credential: 'text' }, undefined, 'webauthn_verification_failed'],
      [{ challenge_id: started.challenge_id, credential: [good] }, undefined, 'webauthn_verification_failed'],
    ];
    for (const [body, raw, code] of cases) {
      const answer = await post('/passkeys/authentication/verify', body, raw);
      expect({ raw, body, answer }).toMatchObject({ answer: { status: 400, body: { code } } });
    }
    // Each malformed credential uses up its own challenge, never the server.
    const broken = [
      { ...good, response: { ...good.response, signature: '***' } },
      {
        ...good,
        response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') },
      },
      { ...good, response: { ...good.response, userHandle: 12 } },
      { ...good, id: '', rawId: '' },
      { ...good, response: null },
    ];
    for (const credential of broken) {
      const fresh = await options();
      const answer = await post('/passkeys/authentication/verify', {
        challenge_id: fresh.challenge_id,
        credential,
      });
      expect({ credential, answer }).toMatchObject({
        answer: { status: 400, body: { code: 'webauthn_verification_failed' } },
      });
    }
    // Registration needs a signed-in user; a rename needs a name.
    const anonymous = await post('/passkeys/registration/options', {});
    expect(anonymous.status).toBe(401);
    const first = (await client.auth.passkey.list()).data![0]!;
    const unnamed = await client.auth.passkey.update({ passkeyId: first.id, friendlyName: '' });
    expect(unnamed.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const long = await client.auth.passkey.update({ passkeyId: first.id, friendlyName: 'x'.repeat(121) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed' });
    // The good assertion still signs in on its own challenge.
    const ok = await post('/passkeys/authentication/verify', {
      challenge_id: started.challenge_id,
      credential: good,
    });
    expect(ok.status).toBe(200);
    const settings = await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: t.anonKey } });
    expect(((await settings.json()) as { passkeys_enabled: boolean }).passkeys_enabled).toBe(true);
  });
});
