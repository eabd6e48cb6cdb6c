import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, resolveCaller } from '../../src/access/caller';
import { signJwt } from '../../src/access/jwt';
import { loadKeys, type KeyMaterial } from '../../src/access/keys';

describe('gateway: apikey and Authorization to role and claims', () => {
  let keys: KeyMaterial;
  beforeAll(async () => {
    keys = await loadKeys({
      dataDir: undefined,
      algorithm: 'ES256',
      jwtSecret: undefined,
      anonKey: undefined,
      serviceRoleKey: undefined,
    });
  });
  afterAll(() => undefined);

  const resolve = (apikey: string | undefined, authorization: string | undefined, requireKey = true) =>
    resolveCaller(keys, { apikey, authorization }, { requireKey });

  it('maps the anon key and the publishable key to anon', async () => {
    expect((await resolve(keys.anonKey, `Bearer ${keys.anonKey}`)).role).toBe('anon');
    expect((await resolve(keys.publishableKey, `Bearer ${keys.publishableKey}`)).role).toBe('anon');
    expect((await resolve(keys.publishableKey, undefined)).role).toBe('anon');
  });

  it('maps the service-role key and the secret key to service_role', async () => {
    expect((await resolve(keys.serviceRoleKey, undefined)).role).toBe('service_role');
    const viaSecret = await resolve(keys.secretKey, `Bearer ${keys.secretKey}`);
    expect(viaSecret).toMatchObject({
      role: 'service_role',
      jwt: keys.serviceRoleKey,
      keyRole: 'service_role',
    });
  });

  it('passes a user JWT through and takes the role from its claims', async () => {
    const token = await signJwt(keys, { sub: 'u1', role: 'authenticated' }, 60);
    const caller = await resolve(keys.anonKey, `bearer ${token}`);
    expect(caller).toMatchObject({
      role: 'authenticated',
      jwt: token,
      keyRole: 'anon',
      claims: { sub: 'u1' },
    });
  });

  it('refuses a request without any key when a key is required, and runs it as anon otherwise', async () => {
    await expect(resolve(undefined, undefined)).rejects.toMatchObject({ kind: 'no_api_key' });
    expect((await resolve(undefined, undefined, false)).role).toBe('anon');
  });

  it('refuses forged and unknown keys', async () => {
    await expect(resolve('sb_publishable_forged', undefined)).rejects.toMatchObject({
      kind: 'invalid_api_key',
    });
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    await expect(resolve(forged, undefined)).rejects.toMatchObject({ kind: 'invalid_api_key' });
    await expect(resolve(keys.anonKey, 'Bearer sb_secret_guess')).rejects.toMatchObject({
      kind: 'invalid_api_key',
    });
  });

  it('refuses an invalid bearer JWT with the reason', async () => {
    const error = await resolve(keys.anonKey, 'Bearer a.b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ kind: 'invalid_jwt', message: 'Expected 3 parts in JWT; got 2' });
  });
});
