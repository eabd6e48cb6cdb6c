// "Who is calling": the gateway step that turns the apikey and Authorization headers
// into a verified role and claims, following the Supabase gateway's rules (brief §0.3):
// a bearer JWT passes through; otherwise the apikey picks the service or anon role.
import { JwtError, verifyJwt, type Claims } from './jwt';
import type { KeyMaterial } from './keys';

export type CallerRole = 'anon' | 'authenticated' | 'service_role' | (string & {});

export interface Caller {
  role: CallerRole;
  claims: Claims;
  /** The JWT the request runs under (a user token, or the key's own JWT), if any. */
  jwt: string | undefined;
  /** The role the apikey alone grants, if the request carried a valid one. */
  keyRole: 'anon' | 'service_role' | undefined;
}

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly kind: 'no_api_key' | 'invalid_api_key' | 'invalid_jwt',
    message: string,
    readonly jwtError?: JwtError,
  ) {
    super(message);
  }
}

export interface CallerInput {
  apikey: string | undefined;
  authorization: string | undefined;
}

function bearerOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
  return match ? match[1]!.trim() : undefined;
}

function roleClaims(role: 'anon' | 'service_role'): Claims {
  return { role, iss: 'supabase' };
}

async function keyRoleOf(keys: KeyMaterial, apikey: string): Promise<'anon' | 'service_role' | undefined> {
  if (apikey === keys.secretKey || apikey === keys.serviceRoleKey) return 'service_role';
  if (apikey === keys.publishableKey || apikey === keys.anonKey) return 'anon';
  if (apikey.startsWith('sb_')) return undefined;
  try {
    const claims = await verifyJwt(keys, apikey);
    if (claims.role === 'anon' || claims.role === 'service_role') return claims.role;
  } catch {
    // an unverifiable key grants nothing
  }
  return undefined;
}

/**
 * Resolves the caller. With requireKey, a request must carry a valid apikey (or, for
 * plain HTTP clients, at least a valid bearer JWT); otherwise a request with neither
 * runs as anon.
 */
export async function resolveCaller(
  keys: KeyMaterial,
  input: CallerInput,
  options: { requireKey: boolean },
): Promise<Caller> {
  const apikey = input.apikey?.trim() || undefined;
  const bearer = bearerOf(input.authorization);
  const keyRole = apikey ? await keyRoleOf(keys, apikey) : undefined;
  if (apikey && !keyRole) throw new GatewayError('invalid_api_key', 'Invalid API key');

  // 1. A bearer that is not an opaque key is a JWT and passes through.
  if (bearer && !bearer.startsWith('sb_')) {
    try {
      const claims = await verifyJwt(keys, bearer);
      const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
      return { role, claims, jwt: bearer, keyRole };
    } catch (error) {
      if (error instanceof JwtError) throw new GatewayError('invalid_jwt', error.message, error);
      throw error;
    }
  }
  // An opaque bearer key must be a known one.
  const bearerKeyRole = bearer ? await keyRoleOf(keys, bearer) : undefined;
  if (bearer && !bearerKeyRole) throw new GatewayError('invalid_api_key', 'Invalid API key');
  const role = keyRole ?? bearerKeyRole;
  if (role) {
    const jwt = role === 'service_role' ? keys.serviceRoleKey : keys.anonKey;
    return { role, claims: roleClaims(role), jwt, keyRole: role };
  }
  if (options.requireKey) throw new GatewayError('no_api_key', 'No API key found in request');
  return { role: 'anon', claims: roleClaims('anon'), jwt: undefined, keyRole: undefined };
}
