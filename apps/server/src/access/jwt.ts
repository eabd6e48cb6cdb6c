// Signing and verifying the platform's JWTs. Verification is strict: three base64url
// parts, a known algorithm and key, a valid signature and an expiry that has not passed.
import { errors as joseErrors, jwtVerify, SignJWT, decodeProtectedHeader, type JWTPayload } from 'jose';
import type { KeyMaterial } from './keys';

export type JwtFailure =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'no_matching_key'
  | 'bad_signature'
  | 'expired'
  | 'missing_expiry'
  | 'invalid_claims';

export class JwtError extends Error {
  override readonly name = 'JwtError';
  constructor(
    readonly failure: JwtFailure,
    message: string,
  ) {
    super(message);
  }
}

export type Claims = JWTPayload & Record<string, unknown>;

const base64url = /^[A-Za-z0-9_-]*$/;

/** Signs claims with the current signing key; iat and exp are added when absent. */
export async function signJwt(keys: KeyMaterial, claims: Claims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const header = keys.signing.kid
    ? { alg: keys.signing.alg, typ: 'JWT', kid: keys.signing.kid }
    : { alg: keys.signing.alg, typ: 'JWT' };
  const jwt = new SignJWT(claims).setProtectedHeader(header);
  if (claims.iat === undefined) jwt.setIssuedAt(now);
  if (claims.exp === undefined) jwt.setExpirationTime(now + expiresInSeconds);
  return jwt.sign(keys.signing.key);
}

const clockTolerance = 30;
const cacheSize = 4096;

/**
 * Tokens that verified, per key set: a token is immutable and the keys do not change
 * while the process runs, so a repeat needs only the time checks. Bounded; the oldest
 * entry goes first.
 */
const verified = new WeakMap<KeyMaterial, Map<string, Claims>>();

/** Verifies a compact JWT against the platform's keys and returns its claims. */
export async function verifyJwt(keys: KeyMaterial, token: string): Promise<Claims> {
  let cache = verified.get(keys);
  const hit = cache?.get(token);
  if (hit) {
    const now = Math.floor(Date.now() / 1000);
    if ((hit.exp as number) + clockTolerance <= now) {
      cache?.delete(token);
      throw new JwtError('expired', 'JWT expired');
    }
    if (typeof hit.nbf === 'number' && hit.nbf - clockTolerance > now) {
      throw new JwtError('invalid_claims', '"nbf" claim timestamp check failed');
    }
    return hit;
  }
  const claims = await verifyUncached(keys, token);
  if (!cache) {
    cache = new Map();
    verified.set(keys, cache);
  }
  if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(token, claims);
  return claims;
}

async function verifyUncached(keys: KeyMaterial, token: string): Promise<Claims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', `Expected 3 parts in JWT; got ${parts.length}`);
  if (parts.some((p) => !base64url.test(p) || p === ''))
    throw new JwtError('malformed', 'JWT is not base64url encoded');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new JwtError('malformed', 'JWT header is not valid JSON');
  }
  const alg = header.alg;
  if (alg !== 'ES256' && alg !== 'RS256' && alg !== 'HS256') {
    throw new JwtError('unsupported_algorithm', `Unsupported JWT algorithm ${String(alg)}`);
  }
  const entry = keys.verifying.get(alg === 'HS256' && !header.kid ? '' : (header.kid ?? ''));
  if (!entry || entry.alg !== alg) throw new JwtError('no_matching_key', 'No suitable key or wrong key type');
  try {
    const { payload } = await jwtVerify(token, entry.key, { algorithms: [alg], clockTolerance });
    if (typeof payload.exp !== 'number') throw new JwtError('missing_expiry', 'JWT has no exp claim');
    return payload as Claims;
  } catch (error) {
    if (error instanceof JwtError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new JwtError('bad_signature', 'JWT cryptographic operation failed');
    }
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      throw new JwtError('invalid_claims', error.message);
    throw new JwtError('malformed', 'JWT could not be decoded');
  }
}
