import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  UnsecuredJWT,
} from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JwtError, signJwt, verifyJwt } from '../../src/access/jwt';
import { loadKeys, type KeyOptions } from '../../src/access/keys';

const options = (dataDir: string | undefined, extra: Partial<KeyOptions> = {}): KeyOptions => ({
  dataDir,
  algorithm: 'ES256',
  jwtSecret: undefined,
  anonKey: undefined,
  serviceRoleKey: undefined,
  ...extra,
});

const secret = 'a-shared-secret-that-is-at-least-32-characters';

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JwtError);
  return (error as JwtError).failure;
}

describe('keys', () => {
  it('survive a restart and are kept in a file only the owner can read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = await loadKeys(options(dir));
    const second = await loadKeys(options(dir));
    expect(second.signing.kid).toBe(first.signing.kid);
    expect(second.anonKey).toBe(first.anonKey);
    expect(second.serviceRoleKey).toBe(first.serviceRoleKey);
    expect(second.publishableKey).toBe(first.publishableKey);
    expect(second.cprKey).toBe(first.cprKey);
    expect(second.devInboxToken).toBe(first.devInboxToken);
    expect(first.devInboxToken.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(second.refreshTokenKey).equals(Buffer.from(first.refreshTokenKey))).toBe(true);
    expect(first.refreshTokenKey.byteLength).toBe(32);
    expect(fs.statSync(path.join(dir, 'keys.json')).mode & 0o777).toBe(0o600);
    const token = await signJwt(first, { sub: 'x', role: 'authenticated' }, 60);
    await expect(verifyJwt(second, token)).resolves.toMatchObject({ sub: 'x' });
  });

  it('load a keys file whose private keys carry key_ops ["verify"], as common JWK tools write them', async () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
      const { privateKey } = await generateKeyPair(alg, { extractable: true });
      const jwk = {
        ...(await exportJWK(privateKey)),
        alg,
        kid: `tool-${alg}`,
        use: 'sig',
        key_ops: ['verify'],
      };
      const first = await loadKeys(options(dir, { algorithm: alg }));
      const file = path.join(dir, 'keys.json');
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { signingKeys: unknown[] };
      fs.writeFileSync(file, JSON.stringify({ ...stored, signingKeys: [jwk] }), { mode: 0o600 });
      const keys = await loadKeys(options(dir, { algorithm: alg }));
      expect(keys.signing.kid).toBe(`tool-${alg}`);
      expect(keys.anonKey).toBe(first.anonKey);
      const token = await signJwt(keys, { sub: 'x', role: 'authenticated' }, 60);
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: keys.publicJwks }), {
        algorithms: [alg],
      });
      expect(payload.sub).toBe('x');
    }
  });

  it('publish only public keys', async () => {
    const keys = await loadKeys(options(undefined, { jwtSecret: secret }));
    expect(keys.publicJwks).toHaveLength(1);
    const [jwk] = keys.publicJwks;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
    expect(jwk).not.toHaveProperty('d');
    expect(JSON.stringify(keys.publicJwks)).not.toContain(secret);
  });

  it('sign tokens that an independent verifier accepts, with each algorithm', async () => {
    for (const algorithm of ['ES256', 'RS256'] as const) {
      const keys = await loadKeys(options(undefined, { algorithm }));
      const token = await signJwt(keys, { sub: 'u1', role: 'authenticated', aal: 'aal1' }, 60);
      expect(decodeProtectedHeader(token)).toEqual({ alg: algorithm, typ: 'JWT', kid: keys.signing.kid });
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: keys.publicJwks }), {
        algorithms: [algorithm],
      });
      expect(payload).toMatchObject({ sub: 'u1', role: 'authenticated', aal: 'aal1' });
      expect(payload.exp! - payload.iat!).toBe(60);
      // A token that brings its own iat and exp keeps them.
      const fixed = await signJwt(keys, { sub: 'u2', iat: 1000, exp: 2000 }, 60);
      const fixedClaims = JSON.parse(Buffer.from(fixed.split('.')[1]!, 'base64url').toString()) as object;
      expect(fixedClaims).toEqual({ sub: 'u2', iat: 1000, exp: 2000 });
    }
    const shared = await loadKeys(options(undefined, { algorithm: 'HS256', jwtSecret: secret }));
    const hs = await signJwt(shared, { sub: 'u3' }, 60);
    expect(decodeProtectedHeader(hs)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(hs, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(payload.sub).toBe('u3');
  });

  it('mint API keys that carry their role', async () => {
    const keys = await loadKeys(options(undefined));
    await expect(verifyJwt(keys, keys.anonKey)).resolves.toMatchObject({ role: 'anon' });
    await expect(verifyJwt(keys, keys.serviceRoleKey)).resolves.toMatchObject({ role: 'service_role' });
    expect(keys.publishableKey).toMatch(/^sb_publishable_/);
    expect(keys.secretKey).toMatch(/^sb_secret_/);
  });

  it('verify tokens minted elsewhere with the configured JWT_SECRET', async () => {
    const keys = await loadKeys(options(undefined, { jwtSecret: secret }));
    const token = await new SignJWT({ role: 'authenticated', sub: 'someone' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    await expect(verifyJwt(keys, token)).resolves.toMatchObject({ sub: 'someone' });
    const withoutSecret = await loadKeys(options(undefined));
    expect(await failure(verifyJwt(withoutSecret, token))).toBe('no_matching_key');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuse a token that verified earlier once it has expired, or before its nbf', async () => {
    const keys = await loadKeys(options(undefined));
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt(keys, { sub: 'x', role: 'authenticated', nbf: now + 60 }, 120);
    vi.useFakeTimers({ now: (now + 61) * 1000 });
    expect((await verifyJwt(keys, token)).sub).toBe('x');
    expect((await verifyJwt(keys, token)).sub).toBe('x'); // the remembered verification
    vi.setSystemTime((now + 20) * 1000); // more than the 30 s tolerance before nbf
    expect(await failure(verifyJwt(keys, token))).toBe('invalid_claims');
    vi.setSystemTime((now + 120 + 30) * 1000);
    expect(await failure(verifyJwt(keys, token))).toBe('expired');
  });

  it('refuse expired, unsigned, tampered, malformed and expiry-less tokens', async () => {
    const keys = await loadKeys(options(undefined, { jwtSecret: secret }));
    const expired = await signJwt(keys, { sub: 'x', exp: Math.floor(Date.now() / 1000) - 120 }, 60);
    expect(await failure(verifyJwt(keys, expired))).toBe('expired');

    const none = new UnsecuredJWT({ sub: 'x', role: 'service_role' }).setExpirationTime('1h').encode();
    expect(await failure(verifyJwt(keys, none))).toMatch(/malformed|unsupported_algorithm/);

    const good = await signJwt(keys, { sub: 'x', role: 'authenticated' }, 60);
    const [h, p, s] = good.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'x', role: 'service_role', exp: 4102444800 }),
    ).toString('base64url');
    expect(await failure(verifyJwt(keys, `${h}.${forgedPayload}.${s}`))).toBe('bad_signature');
    const flipped = s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA');
    expect(await failure(verifyJwt(keys, `${h}.${p}.${flipped}`))).toBe('bad_signature');

    expect(await failure(verifyJwt(keys, 'not-a-jwt'))).toBe('malformed');
    expect(await failure(verifyJwt(keys, `${h}.${p}+/=.${s}`))).toBe('malformed');
    expect(await failure(verifyJwt(keys, `${h}..${s}`))).toBe('malformed');

    const hs512 = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret + secret));
    expect(await failure(verifyJwt(keys, hs512))).toBe('unsupported_algorithm');

    const noExp = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    expect(await failure(verifyJwt(keys, noExp))).toBe('missing_expiry');
  });
});
