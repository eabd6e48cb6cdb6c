// Turns the token a channel presents (join access_token, or a later access_token message)
// into the role and claims its database checks run under. Opaque sb_ keys and absent
// tokens fall back to what the socket's apikey granted.
import { decodeJwt } from 'jose';
import type { Caller } from '../../access/caller';
import { JwtError, verifyJwt } from '../../access/jwt';
import type { KeyMaterial } from '../../access/keys';
import type { Subscriber } from './channel-member';
import { joinErrors, systemMessages } from './realtime-errors';

export class TokenRefusal extends Error {
  override readonly name = 'TokenRefusal';
  /** The join error reason ("InvalidJWTToken: …"). */
  readonly reason: string;
  constructor(readonly detail: string) {
    super(detail);
    this.reason = joinErrors.invalidToken(detail);
  }
}

export function subscriberOfCaller(caller: Caller): Subscriber {
  const exp = typeof caller.claims.exp === 'number' ? caller.claims.exp : undefined;
  return { role: caller.role, claims: caller.claims, token: caller.jwt, exp };
}

/** Whether a token should replace the channel's current one (brief §3.6). */
export function isUsableToken(token: unknown): token is string {
  return typeof token === 'string' && token !== '' && !token.startsWith('sb_');
}

export function secondsSinceExpiry(token: string): number {
  try {
    const exp = decodeJwt(token).exp;
    if (typeof exp === 'number') return Math.max(0, Math.floor(Date.now() / 1000 - exp));
  } catch {
    // not decodable: report it as just expired
  }
  return 0;
}

export async function subscriberOfToken(keys: KeyMaterial, token: string): Promise<Subscriber> {
  let claims;
  try {
    claims = await verifyJwt(keys, token);
  } catch (error) {
    if (error instanceof JwtError) {
      if (error.failure === 'expired')
        throw new TokenRefusal(systemMessages.tokenExpired(secondsSinceExpiry(token)));
      if (error.failure === 'missing_expiry')
        throw new TokenRefusal('Fields `role` and `exp` are required in JWT');
      throw new TokenRefusal(error.message);
    }
    throw error;
  }
  if (typeof claims.role !== 'string' || claims.role === '' || typeof claims.exp !== 'number') {
    throw new TokenRefusal('Fields `role` and `exp` are required in JWT');
  }
  return { role: claims.role, claims, token, exp: claims.exp };
}
