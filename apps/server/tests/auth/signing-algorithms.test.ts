import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

const secret = 'a-test-jwt-secret-with-at-least-32-characters';

describe('signing algorithms', () => {
  it('signs RS256 with a kid that getClaims verifies, and refuses a token without exp', async () => {
    const t = await startTestPlatform({ JWT_ALGORITHM: 'RS256' });
    try {
      const email = uniqueEmail('rs');
      await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
      const client = t.client();
      const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
      const header = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[0]!, 'base64url').toString(),
      );
      expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
      await client.auth.setSession(data.session!);
      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.sub).toBe(data.user!.id);

      const { signing } = t.platform.keys;
      const payload = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
      );
      delete payload.exp;
      const noExp = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: signing.kid! })
        .sign(signing.key);
      const res = await fetch(`${t.url}/auth/v1/user`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${noExp}` },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error_code).toBe('bad_jwt');
    } finally {
      await t.stop();
    }
  }, 180_000);

  it('signs HS256 without a kid when JWT_SECRET is the signing key, and publishes no symmetric key', async () => {
    const t = await startTestPlatform({ JWT_ALGORITHM: 'HS256', JWT_SECRET: secret });
    try {
      const email = uniqueEmail('hs');
      await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
      const client = t.client();
      const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
      const header = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[0]!, 'base64url').toString(),
      );
      expect(header.alg).toBe('HS256');
      expect(header.kid).toBeUndefined();
      const jwks = await (await fetch(`${t.url}/auth/v1/.well-known/jwks.json`)).json();
      expect(jwks.keys.every((k: { kty: string }) => k.kty !== 'oct')).toBe(true);
      await client.auth.setSession(data.session!);
      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.email).toBe(email);
    } finally {
      await t.stop();
    }
  }, 180_000);
});
