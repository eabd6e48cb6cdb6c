// WebAuthn factors through the official client (supabase-js mfa.enroll/challenge/verify with
// factorType 'webauthn'), with a software authenticator: registration, sign-in as the second
// factor giving aal2, and the refusals — wrong origin, replayed challenge, replayed assertion,
// a signature counter going back, and malformed credential JSON (a 4xx, never a 5xx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { memoryStorage, strongPassword, uniqueEmail } from './auth-test-kit';
import { SoftAuthenticator } from './soft-authenticator';

const origin = 'http://localhost:5173';

type Client = ReturnType<TestPlatform['client']>;
/** What mfa.challenge resolves to for a WebAuthn factor (the client's union narrowed by hand). */
interface WebAuthnChallenge {
  id: string;
  type: 'webauthn';
  expires_at: number;
  webauthn: { type: 'create' | 'request'; credential_options: { publicKey: Record<string, unknown> } };
}

describe('WebAuthn factors', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ SITE_URL: origin, AUTH_MAX_FREQUENCY: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  async function signIn(email: string): Promise<Client> {
    const client = t.client({ auth: { persistSession: true, storage: memoryStorage() } });
    const { error } = await client.auth.signInWithPassword({ email, password: strongPassword });
    if (error) throw error;
    return client;
  }

  async function newUser(): Promise<{ email: string; client: Client }> {
    const email = uniqueEmail('passkey');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    return { email, client: await signIn(email) };
  }

  async function challenge(client: Client, factorId: string): Promise<WebAuthnChallenge> {
    const { data, error } = await client.auth.mfa.challenge({
      factorId,
      webauthn: { rpId: 'localhost', rpOrigins: [origin] },
    });
    expect(error).toBeNull();
    return data as unknown as WebAuthnChallenge;
  }

  async function verify(
    client: Client,
    factorId: string,
    challengeId: string,
    type: 'create' | 'request',
    credential: unknown,
  ) {
    return client.auth.mfa.verify({
      factorId,
      challengeId,
      webauthn: { type, rpId: 'localhost', rpOrigins: [origin], credential_response: credential as never },
    } as never);
  }

  /** A user with a registered WebAuthn factor, signed in again at aal1. */
  async function registered() {
    const { email, client } = await newUser();
    const key = new SoftAuthenticator('localhost', origin);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' });
    const factorId = enrolled.data!.id;
    const create = await challenge(client, factorId);
    const done = await verify(
      client,
      factorId,
      create.id,
      'create',
      key.create(create.webauthn.credential_options.publicKey as never),
    );
    expect(done.error).toBeNull();
    return { email, key, factorId, client: await signIn(email) };
  }

  it('registers a key and raises the session to aal2 with mfa/webauthn', async () => {
    const { client } = await newUser();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: 'webauthn', friendly_name: 'YubiKey' });
    const factorId = enrolled.data!.id;

    const create = await challenge(client, factorId);
    expect(create.type).toBe('webauthn');
    expect(create.expires_at).toBeGreaterThan(Date.now() / 1000 + 250);
    expect(create.webauthn.type).toBe('create');
    const options = create.webauthn.credential_options.publicKey as {
      rp: { id: string };
      user: { name: string };
      challenge: ArrayBuffer;
      pubKeyCredParams: { alg: number }[];
    };
    expect(options.rp.id).toBe('localhost');
    expect(options.challenge).toBeInstanceOf(ArrayBuffer);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);

    const key = new SoftAuthenticator('localhost', origin);
    const phished = await verify(
      client,
      factorId,
      create.id,
      'create',
      key.create(create.webauthn.credential_options.publicKey as never, 'https://klub-login.example'),
    );
    expect(phished.error?.code).toBe('mfa_verification_failed');
    expect(phished.error?.status).toBe(422);

    const ok = await verify(
      client,
      factorId,
      create.id,
      'create',
      key.create(create.webauthn.credential_options.publicKey as never),
    );
    expect(ok.error).toBeNull();
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(
      aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)),
    ).toContain('mfa/webauthn');
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all.find((f) => f.id === factorId)).toMatchObject({
      factor_type: 'webauthn',
      status: 'verified',
      friendly_name: 'YubiKey',
    });
    // The challenge is used up: the same attestation again finds no challenge.
    const replay = await verify(
      client,
      factorId,
      create.id,
      'create',
      key.create(create.webauthn.credential_options.publicKey as never),
    );
    expect(replay.error?.code).toBe('mfa_factor_not_found');

    const { rows } = await t.db.query<{ credential: { id: string; sign_count: number } | string }>(
      'select web_authn_credential as credential from auth.mfa_factors where id = $1',
      [factorId],
    );
    const stored =
      typeof rows[0]!.credential === 'string' ? JSON.parse(rows[0]!.credential) : rows[0]!.credential;
    expect(stored.id).toBe(key.credentialId.toString('base64url'));
  });

  it('signs in with the key as second factor; a replayed assertion and a counter going back are refused', async () => {
    const { key, factorId, client } = await registered();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    const request = await challenge(client, factorId);
    expect(request.webauthn.type).toBe('request');
    const requestOptions = request.webauthn.credential_options.publicKey as {
      rpId: string;
      allowCredentials: { id: ArrayBuffer }[];
    };
    expect(requestOptions.rpId).toBe('localhost');
    expect(Buffer.from(requestOptions.allowCredentials[0]!.id).equals(key.credentialId)).toBe(true);

    const wrongOrigin = await verify(
      client,
      factorId,
      request.id,
      'request',
      key.get(request.webauthn.credential_options.publicKey as never, 'http://127.0.0.1:5173'),
    );
    expect(wrongOrigin.error?.code).toBe('mfa_verification_failed');
    const assertion = key.get(request.webauthn.credential_options.publicKey as never);
    const ok = await verify(client, factorId, request.id, 'request', assertion);
    expect(ok.error).toBeNull();
    expect(ok.data?.access_token).toBeTruthy();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

    // A captured assertion is bound to its challenge: on a new challenge it fails.
    const next = await signIn((await client.auth.getUser()).data.user!.email!);
    const fresh = await challenge(next, factorId);
    const replayed = await verify(next, factorId, fresh.id, 'request', assertion);
    expect(replayed.error?.code).toBe('mfa_verification_failed');
    // A cloned key whose counter is behind the stored one is refused.
    key.counter = 0;
    const cloned = await verify(
      next,
      factorId,
      fresh.id,
      'request',
      key.get(fresh.webauthn.credential_options.publicKey as never),
    );
    expect(cloned.error?.code).toBe('mfa_verification_failed');
    key.counter = 10;
    const good = await verify(
      next,
      factorId,
      fresh.id,
      'request',
      key.get(fresh.webauthn.credential_options.publicKey as never),
    );
    expect(good.error).toBeNull();
    const { rows } = await t.db.query<{ n: number }>(
      "select (web_authn_credential->>'sign_count')::int as n from auth.mfa_factors where id = $1",
      [factorId],
    );
    expect(rows[0]!.n).toBe(11);
  });

  it('answers malformed credential JSON with a 4xx in the auth error format, never a 5xx', async () => {
    const { factorId, client, key } = await registered();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const request = await challenge(client, factorId);
    const assertion = key.get(request.webauthn.credential_options.publicKey as never);
    const good = assertion.toJSON();
    const post = (body: unknown, raw?: string) =>
      fetch(`${t.url}/auth/v1/factors/${factorId}/verify`, {
        method: 'POST',
        headers: {
          apikey: t.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: raw ?? JSON.stringify(body),
      });
    const cases: [unknown, number, string][] = [
      [{ challenge_id: request.id }, 400, 'validation_failed'],
      [{ challenge_id: request.id, webauthn: 'yes' }, 400, 'validation_failed'],
      [
        { challenge_id: request.id, webauthn: { type: 'sign', credential_response: good } },
        400,
        'validation_failed',
      ],
      [{ challenge_id: request.id, webauthn: { type: 'request' } }, 400, 'validation_failed'],
      [
        { challenge_id: request.id, webauthn: { type: 'request', credential_response: 'x' } },
        400,
        'validation_failed',
      ],
      [
        { challenge_id: request.id, webauthn: { type: 'request', credential_response: [] } },
        400,
        'validation_failed',
      ],
      [
        { challenge_id: request.id, webauthn: { type: 'request', credential_response: {} } },
        400,
        'validation_failed',
      ],
      [
        {
          challenge_id: request.id,
          webauthn: {
            type: 'request',
            credential_response: { ...good, response: { ...good.response, clientDataJSON: '%%%' } },
          },
        },
        400,
        'validation_failed',
      ],
      [
        {
          challenge_id: request.id,
          webauthn: {
            type: 'request',
            credential_response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } },
          },
        },
        400,
        'validation_failed',
      ],
      [
        {
          challenge_id: request.id,
          webauthn: {
            type: 'request',
            credential_response: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
          },
        },
        422,
        'mfa_verification_failed',
      ],
      [
        {
          challenge_id: request.id,
          webauthn: {
            type: 'request',
            credential_response: { ...good, response: { ...good.response, signature: 'AAAA' } },
          },
        },
        422,
        'mfa_verification_failed',
      ],
      [
        { challenge_id: request.id, webauthn: { type: 'create', credential_response: good } },
        400,
        'validation_failed',
      ],
      [
        { challenge_id: 'nope', webauthn: { type: 'request', credential_response: good } },
        422,
        'mfa_factor_not_found',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(body);
      const json = (await res.json()) as { code: string; message: string };
      expect({ body, status: res.status, code: json.code }).toEqual({ body, status, code });
      expect(typeof json.message).toBe('string');
    }
    const truncated = await post(
      undefined,
      '{"challenge_id":"x","webauthn":{"type":"request","credential_response":{',
    );
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as { code: string }).code).toBe('bad_json');
    // None of that used the challenge up: the real assertion still works.
    const { data, error } = await verify(client, factorId, request.id, 'request', assertion);
    expect(error).toBeNull();
    expect(data?.access_token).toBeTruthy();
  });
});
