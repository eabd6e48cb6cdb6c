// Talking to configured OpenID Connect providers: discovery (cached), the provider's
// JWKS (jose's remote key set), the code exchange, and ID-token verification.
import crypto from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OidcProviderConfig } from '../../config-sections/auth';
import type { AuthContext } from './auth-context';
import { AuthError, OAuthError } from './auth-errors';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const discoveries = new Map<
  string,
  { at: number; doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }
>();

export function findProvider(ctx: AuthContext, name: string | undefined): OidcProviderConfig | undefined {
  return ctx.config.oidcProviders.find((p) => p.name === name);
}

export async function discover(provider: OidcProviderConfig) {
  const cached = discoveries.get(provider.issuer);
  if (cached && Date.now() - cached.at < 3_600_000) return cached;
  const url = `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let doc: Discovery;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    doc = (await res.json()) as Discovery;
  } catch {
    throw new AuthError(500, 'unexpected_failure', 'Unable to reach the identity provider');
  }
  if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'The identity provider published an incomplete configuration',
    );
  }
  const entry = { at: Date.now(), doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
  discoveries.set(provider.issuer, entry);
  return entry;
}

export function randomVerifier(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function challengeOf(verifier: string): string {
  return crypto.createHash('sha256').update(verifier).digest('base64url');
}

/** Verifies an ID token: signature by the provider's JWKS, issuer, audience, expiry, nonce. */
export async function verifyIdToken(
  provider: OidcProviderConfig,
  idToken: string,
  expectedNonce: string | undefined,
  failure: (message: string) => Error = (m) => new OAuthError('invalid request', m),
): Promise<JWTPayload & Record<string, unknown>> {
  const { doc, jwks } = await discover(provider);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: doc.issuer }));
  } catch {
    throw failure('Bad ID token');
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(provider.client_id)) {
    throw failure(`Unacceptable audience in id_token: ${JSON.stringify(payload.aud ?? [])}`);
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw failure('Bad ID token');
  const tokenNonce = typeof payload.nonce === 'string' ? payload.nonce : undefined;
  if (expectedNonce !== undefined) {
    const hashed = crypto.createHash('sha256').update(expectedNonce).digest('hex');
    if (tokenNonce !== expectedNonce && tokenNonce !== hashed) throw failure('Nonces mismatch');
  } else if (tokenNonce !== undefined) {
    throw failure('invalid nonce');
  }
  return payload as JWTPayload & Record<string, unknown>;
}

export interface ProviderTokens {
  idToken: string;
  accessToken: string | undefined;
  refreshToken: string | undefined;
}

export async function exchangeCode(
  provider: OidcProviderConfig,
  code: string,
  redirectUri: string,
  codeVerifier: string | null,
): Promise<ProviderTokens> {
  const { doc } = await discover(provider);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  if (codeVerifier) form.set('code_verifier', codeVerifier);
  const basic = Buffer.from(
    `${encodeURIComponent(provider.client_id)}:${encodeURIComponent(provider.client_secret)}`,
  ).toString('base64');
  let body: Record<string, unknown>;
  try {
    const res = await fetch(doc.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${basic}`,
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(String(body.error ?? res.status));
  } catch {
    throw new AuthError(500, 'bad_oauth_callback', 'Unable to exchange external code');
  }
  if (typeof body.id_token !== 'string')
    throw new AuthError(500, 'bad_oauth_callback', 'The identity provider returned no ID token');
  return {
    idToken: body.id_token,
    accessToken: typeof body.access_token === 'string' ? body.access_token : undefined,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
  };
}

/** The provider's userinfo claims (for providers that keep the ID token minimal); {} when unavailable. */
export async function fetchUserinfo(
  provider: OidcProviderConfig,
  accessToken: string | undefined,
  subject: string,
): Promise<Record<string, unknown>> {
  const { doc } = await discover(provider);
  if (!doc.userinfo_endpoint || !accessToken) return {};
  try {
    const res = await fetch(doc.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return {};
    const claims = (await res.json()) as Record<string, unknown>;
    return claims.sub === subject ? claims : {};
  } catch {
    return {};
  }
}
