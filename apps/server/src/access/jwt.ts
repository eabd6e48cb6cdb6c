// Signing and verifying the platform's JWTs. Verification is strict: three base64url
// parts, a known algorithm and key, a valid signature and an expiry that has not passed.
import { createHmac, KeyObject, sign } from 'node:crypto';
import { errors as joseErrors, jwtVerify, decodeProtectedHeader, type JWTPayload } from 'jose';
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

/** The signing key as node:crypto's KeyObject, made once per key. */
const nodeKeys = new WeakMap<CryptoKey, KeyObject>();
function nodeKey(key: CryptoKey): KeyObject {
  let found = nodeKeys.get(key);
  if (!found) {
    found = KeyObject.from(key);
    nodeKeys.set(key, found);
  }
  return found;
}

/**
 * Signs claims with the current signing key; iat and exp are added when absent. Signing
 * is synchronous on purpose: Web Crypto runs each signature as a job on libuv's thread
 * pool, where it queues behind the bcrypt compares of concurrent sign-ins, so under
 * sign-in load every token waited for somebody's password hash.
 */
export async function signJwt(keys: KeyMaterial, claims: Claims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { alg, kid, key } = keys.signing;
  const header = kid ? { alg, typ: 'JWT', kid } : { alg, typ: 'JWT' };
  const payload: Claims = { ...claims };
  if (payload.iat === undefined) payload.iat = now;
  if (payload.exp === undefined) payload.exp = now + expiresInSeconds;
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(
    JSON.stringify(payload),
  ).toString('base64url')}`;
  let signature: Buffer;
  if (alg === 'HS256') {
    signature = createHmac('sha256', key as Uint8Array)
      .update(input)
      .digest();
  } else {
    const keyObject = nodeKey(key as CryptoKey);
    signature =
      alg === 'ES256'
        ? sign('sha256', Buffer.from(input), { key: keyObject, dsaEncoding: 'ieee-p1363' })
        : sign('sha256', Buffer.from(input), keyObject);
  }
  return `${input}.${signature.toString('base64url')}`;
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
