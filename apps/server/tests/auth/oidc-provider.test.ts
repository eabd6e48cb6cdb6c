import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword } from './auth-test-kit';

const accounts: Record<string, { email: string; email_verified: boolean; name: string }> = {
  'acct-1': { email: 'oidc-user@example.test', email_verified: true, name: 'Olga Oidc' },
  'acct-2': { email: 'linker@example.test', email_verified: true, name: 'Link Er' },
};

describe('OpenID Connect providers', () => {
  let t: TestPlatform;
  let issuer: string;
  let idp: http.Server;
  let signingJwk: JWK;
  let nextAccount = 'acct-1';

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    signingJwk = { ...(await exportJWK(privateKey)), kid: 'idp-key', alg: 'RS256', use: 'sig' };
    idp = http.createServer();
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    t = await startTestPlatform({
      AUTH_OIDC_PROVIDERS: JSON.stringify([
        {
          name: 'keycloak',
          issuer,
          client_id: 'club-app',
          client_secret: 'club-secret',
          domains: ['example.test'],
        },
      ]),
      AUTH_MANUAL_LINKING_ENABLED: 'true',
      AUTH_URI_ALLOW_LIST: 'http://localhost:5173/**',
    });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'club-app',
          client_secret: 'club-secret',
          redirect_uris: [`${t.url}/auth/v1/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingJwk] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, ...accounts[id] }),
      }),
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
    });
    const callback = provider.callback();
    const interact = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: nextAccount } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    };
    idp.on('request', (req, res) => {
      if (req.url?.startsWith('/interaction/')) void interact(req, res);
      else callback(req, res);
    });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
    idp.closeAllConnections();
    await new Promise<void>((resolve) => idp.close(() => resolve()));
  });

  /** Follows redirects like a browser with a cookie jar, until the app's redirect_to. */
  async function browse(start: string, stopAt: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = start;
    for (let hop = 0; hop < 15; hop++) {
      if (url.startsWith(stopAt)) return new URL(url);
      const target = new URL(url);
      const cookie = target.origin === issuer ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      if (target.origin === issuer) {
        for (const set of res.headers.getSetCookie()) {
          const [pair] = set.split(';');
          const [k, ...v] = pair!.split('=');
          jar.set(k!.trim(), v.join('='));
        }
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`no redirect from ${url}: ${res.status} ${await res.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects');
  }

  it('signs in through /authorize and the callback (implicit flow)', async () => {
    nextAccount = 'acct-1';
    const { data } = await t.client().auth.signInWithOAuth({
      provider: 'keycloak' as never,
      options: { redirectTo: 'http://localhost:5173/welcome', skipBrowserRedirect: true },
    });
    const landed = await browse(data.url!, 'http://localhost:5173/welcome');
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('error_description')).toBeNull();
    const accessToken = fragment.get('access_token')!;
    expect(fragment.get('provider_token')).toEqual(expect.any(String));
    const user = await t.client().auth.getUser(accessToken);
    expect(user.data.user?.email).toBe('oidc-user@example.test');
    expect(user.data.user?.app_metadata).toEqual({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.data.user?.user_metadata.full_name).toBe('Olga Oidc');
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('oauth');
  });

  it('signs in through /authorize with PKCE and exchangeCodeForSession, with provider tokens', async () => {
    nextAccount = 'acct-1';
    const items = new Map<string, string>();
    const client = t.client({
      auth: {
        flowType: 'pkce',
        persistSession: true,
        storage: {
          getItem: (k) => items.get(k) ?? null,
          setItem: (k, v) => void items.set(k, v),
          removeItem: (k) => void items.delete(k),
        },
      },
    });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'keycloak' as never,
      options: { redirectTo: 'http://localhost:5173/cb', skipBrowserRedirect: true },
    });
    const landed = await browse(data.url!, 'http://localhost:5173/cb');
    const code = landed.searchParams.get('code')!;
    const { data: session, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(session.session?.provider_token).toEqual(expect.any(String));
    expect(session.user?.email).toBe('oidc-user@example.test');
  });

  it('accepts ID tokens signed by the provider and refuses forged, foreign and nonce-less ones', async () => {
    const key = await importJWK(signingJwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const make = (claims: Record<string, unknown>, signingKey = key) =>
      new SignJWT({ email: 'idtoken@example.test', email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-key' })
        .setIssuer(issuer)
        .setSubject('acct-9')
        .setAudience('club-app')
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(signingKey);
    const rawNonce = crypto.randomBytes(16).toString('hex');
    const hashedNonce = crypto.createHash('sha256').update(rawNonce).digest('hex');
    const ok = await t.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token: await make({ nonce: hashedNonce }),
      nonce: rawNonce,
    });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe('idtoken@example.test');

    const other = await generateKeyPair('RS256');
    const forged = await t
      .client()
      .auth.signInWithIdToken({ provider: 'keycloak', token: await make({}, other.privateKey) });
    expect(forged.error?.message).toBe('Bad ID token');
    const wrongAud = await t.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token: await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'idp-key' })
        .setIssuer(issuer)
        .setSubject('x')
        .setAudience('someone-else')
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key),
    });
    expect(wrongAud.error?.message).toMatch(/^Unacceptable audience in id_token/);
    const badNonce = await t.client().auth.signInWithIdToken({
      provider: 'keycloak',
      token: await make({ nonce: hashedNonce }),
      nonce: 'different',
    });
    expect(badNonce.error?.message).toBe('Nonces mismatch');
    const unknown = await t.client().auth.signInWithIdToken({ provider: 'google', token: await make({}) });
    expect(unknown.error?.code).toBe('provider_disabled');
  });

  it('links and unlinks an identity, refusing to remove the last one', async () => {
    nextAccount = 'acct-2';
    const admin = t.adminClient().auth.admin;
    await admin.createUser({ email: 'member@club.test', password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({
      email: 'member@club.test',
      password: strongPassword,
    });
    await client.auth.setSession(data.session!);
    const link = await client.auth.linkIdentity({
      provider: 'keycloak' as never,
      options: { redirectTo: 'http://localhost:5173/linked', skipBrowserRedirect: true },
    });
    expect(link.error).toBeNull();
    const landed = await browse(link.data.url!, 'http://localhost:5173/linked');
    expect(new URLSearchParams(landed.hash.slice(1)).get('error_code')).toBeNull();
    const identities = await client.auth.getUserIdentities();
    expect(identities.data?.identities.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);

    const again = await client.auth.linkIdentity({
      provider: 'keycloak' as never,
      options: { redirectTo: 'http://localhost:5173/linked', skipBrowserRedirect: true },
    });
    const refused = await browse(again.data.url!, 'http://localhost:5173/linked');
    expect(refused.searchParams.get('error_code')).toBe('identity_already_exists');

    const keycloak = identities.data!.identities.find((i) => i.provider === 'keycloak')!;
    expect((await client.auth.unlinkIdentity(keycloak)).error).toBeNull();
    const remaining = (await client.auth.getUserIdentities()).data!.identities;
    expect(remaining.map((i) => i.provider)).toEqual(['email']);
    const last = await client.auth.unlinkIdentity(remaining[0]!);
    expect(last.error?.code).toBe('single_identity_not_deletable');
  });

  it('resolves /sso by domain or provider id and refuses unknown ones', async () => {
    const byDomain = await t.client().auth.signInWithSSO({ domain: 'example.test' });
    expect(byDomain.error).toBeNull();
    expect(byDomain.data?.url).toContain('/auth/v1/authorize?provider=keycloak');
    const unknown = await t.client().auth.signInWithSSO({ domain: 'nowhere.test' });
    expect(unknown.error?.code).toBe('sso_provider_not_found');
  });
});
