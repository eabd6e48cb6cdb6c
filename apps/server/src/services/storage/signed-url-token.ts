// Signed-URL tokens: JWTs signed with the platform's signing key carrying the object's
// "{bucket}/{key}" and the scope they grant (download or upload). Verification checks
// signature, scope, path and expiry with no clock tolerance.
import { JwtError, signJwt, verifyJwt, type Claims } from '../../access/jwt';
import type { KeyMaterial } from '../../access/keys';
import { storageErrors } from './storage-errors';

export type SignedScope = 'download' | 'upload';

export function signObjectToken(
  keys: KeyMaterial,
  claims: Claims & { url: string; scope: SignedScope },
  expiresIn: number,
) {
  return signJwt(keys, claims, expiresIn);
}

export async function verifyObjectToken(
  keys: KeyMaterial,
  token: string | undefined,
  scope: SignedScope,
  url: string,
): Promise<Claims> {
  if (!token) throw storageErrors.invalidJwt('Missing token');
  let claims: Claims;
  try {
    claims = await verifyJwt(keys, token);
  } catch (error) {
    if (error instanceof JwtError) {
      if (error.failure === 'expired') throw storageErrors.expiredToken();
      if (error.failure === 'bad_signature') throw storageErrors.invalidSignature();
      throw storageErrors.invalidJwt(error.message);
    }
    throw error;
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) throw storageErrors.expiredToken();
  const tokenScope = claims.scope ?? ('upsert' in claims ? 'upload' : 'download');
  if (tokenScope !== scope) throw storageErrors.invalidJwt(`The token is not valid for ${scope}`);
  if (claims.url !== url) throw storageErrors.invalidSignature();
  return claims;
}
