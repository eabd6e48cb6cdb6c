import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

const someId = '11111111-2222-4333-8444-555555555555';

const endpoints: [string, string][] = [
  ['POST', '/signup'],
  ['POST', '/token?grant_type=password'],
  ['POST', '/token?grant_type=refresh_token'],
  ['POST', '/token?grant_type=pkce'],
  ['POST', '/token?grant_type=id_token'],
  ['POST', '/token?grant_type=nope'],
  ['POST', '/otp'],
  ['POST', '/verify'],
  ['GET', '/verify'],
  ['POST', '/sso'],
  ['POST', '/recover'],
  ['POST', '/resend'],
  ['GET', '/reauthenticate'],
  ['GET', '/user'],
  ['PUT', '/user'],
  ['POST', '/logout'],
  ['GET', '/authorize'],
  ['GET', '/callback'],
  ['GET', '/user/identities/authorize'],
  ['DELETE', `/user/identities/${someId}`],
  ['POST', '/factors'],
  ['POST', `/factors/${someId}/challenge`],
  ['POST', `/factors/${someId}/verify`],
  ['DELETE', `/factors/${someId}`],
  ['GET', '/.well-known/jwks.json'],
  ['GET', '/settings'],
  ['GET', '/health'],
  ['POST', '/invite'],
  ['POST', '/admin/generate_link'],
  ['GET', '/admin/users'],
  ['POST', '/admin/users'],
  ['GET', `/admin/users/${someId}`],
  ['PUT', `/admin/users/${someId}`],
  ['DELETE', `/admin/users/${someId}`],
  ['GET', `/admin/users/${someId}/factors`],
  ['DELETE', `/admin/users/${someId}/factors/${someId}`],
];

const fieldNames = [
  'email',
  'phone',
  'password',
  'data',
  'type',
  'token',
  'token_hash',
  'refresh_token',
  'auth_code',
  'code_verifier',
  'code_challenge',
  'code_challenge_method',
  'factor_type',
  'friendly_name',
  'challenge_id',
  'code',
  'provider',
  'id_token',
  'nonce',
  'channel',
  'create_user',
  'user_metadata',
  'app_metadata',
  'ban_duration',
  'role',
  'new_email',
  'email_confirm',
  'should_soft_delete',
  'domain',
  'provider_id',
  'redirect_to',
  'id',
  'password_hash',
];

describe('malformed input never produces a 500', () => {
  let t: TestPlatform;
  let userToken: string;
  beforeAll(async () => {
    t = await startTestPlatform({
      AUTH_MAX_FREQUENCY: '0',
      AUTH_ANONYMOUS_USERS_ENABLED: 'true',
      AUTH_PHONE_ENABLED: 'true',
    });
    const email = uniqueEmail('fuzz');
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const { data } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    userToken = data.session!.access_token;
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('answers bad JSON, wrong shapes and oversized bodies with their codes', async () => {
    const post = (path: string, body: string, extra: Record<string, string> = {}) =>
      fetch(`${t.url}/auth/v1${path}`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json', ...extra },
        body,
      });
    const bad = await post('/signup', '{"email":');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error_code).toBe('bad_json');
    const arr = await post('/signup', '[1,2]', { 'x-supabase-api-version': '2024-01-01' });
    expect(arr.status).toBe(400);
    expect((await arr.json()).code).toBe('bad_json');
    const wrongType = await post('/signup', JSON.stringify({ email: 42, password: strongPassword }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).msg).toBe('email must be a string');
    const big = await post(
      '/signup',
      JSON.stringify({ email: 'a@b.dk', password: strongPassword, data: { blob: 'x'.repeat(1_100_000) } }),
    );
    expect(big.status).toBe(413);
    expect((await big.json()).error_code).toBe('request_entity_too_large');
    const grant = await post('/token?grant_type=magic', '{}');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'unsupported_grant_type',
    });
    const noKey = await fetch(`${t.url}/auth/v1/signup`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error_code).toBe('no_authorization');
    const unknown = await fetch(`${t.url}/auth/v1/nowhere`, { headers: { apikey: t.anonKey } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it('never answers 500 to random bodies, headers and query strings on any endpoint', async () => {
    const jsonBody = fc.oneof(
      fc
        .dictionary(
          fc.constantFrom(...fieldNames),
          fc.oneof(
            fc.string(),
            fc.jsonValue(),
            fc.constant(null),
            fc.constant(someId),
            fc.constant('a@b.dk'),
            fc.constant('+4512345678'),
            fc.constantFrom(
              '99999999999999h',
              '1e309',
              '-1',
              's256',
              'x'.repeat(300),
              'signup',
              'email_change_new',
              'totp',
            ),
          ),
        )
        .map((o) => JSON.stringify(o)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string(),
      fc.constant(''),
    );
    const auth = fc.constantFrom<string | undefined>(
      undefined,
      'Bearer',
      'Bearer x.y.z',
      'Basic abc',
      'user',
      'admin',
      'anon',
    );
    const query = fc.array(
      fc.tuple(
        fc.constantFrom(
          'redirect_to',
          'scope',
          'page',
          'per_page',
          'type',
          'token',
          'provider',
          'grant_type',
          'code_challenge',
          'filter',
        ),
        fc.oneof(
          fc.string(),
          fc.constantFrom(
            '99999999999999999999',
            'javascript:alert(1)',
            'http://[::1',
            'pkce_x',
            'recovery',
            'others',
          ),
        ),
      ),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        jsonBody,
        auth,
        query,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
        fc.constantFrom('2024-01-01', '', 'garbage', '2023-01-01'),
        async ([method, path], body, authorization, params, contentType, version) => {
          const url = new URL(`${t.url}/auth/v1${path}`);
          for (const [k, v] of params) url.searchParams.append(k, v);
          const headers: Record<string, string> = { apikey: t.anonKey };
          if (contentType) headers['content-type'] = contentType;
          if (version) headers['x-supabase-api-version'] = version;
          if (authorization === 'user') headers.authorization = `Bearer ${userToken}`;
          else if (authorization === 'admin') headers.authorization = `Bearer ${t.serviceRoleKey}`;
          else if (authorization === 'anon') headers.authorization = `Bearer ${t.anonKey}`;
          else if (authorization) headers.authorization = authorization;
          const res = await fetch(url, {
            method,
            headers,
            body: method === 'GET' ? undefined : body,
            redirect: 'manual',
          });
          const text = await res.text();
          if (res.status >= 500)
            throw new Error(`${method} ${url.pathname}${url.search} → ${res.status} ${text}`);
          if (res.status >= 400) expect(() => JSON.parse(text)).not.toThrow();
        },
      ),
      { numRuns: 400 },
    );
  });
});
