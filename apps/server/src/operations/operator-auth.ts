// Who may call the operator endpoints (/metrics, the snapshot the backup command asks a
// running server for): the service-role key or secret key as a bearer token or apikey,
// or, for /metrics only, the configured METRICS_TOKEN.
import crypto from 'node:crypto';
import type { KeyMaterial } from '../access/keys';

function same(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
}

export function presentedToken(headers: {
  authorization?: string | null;
  apikey?: string | null;
}): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ?? headers.apikey ?? undefined;
}

export function isOperator(token: string | undefined, keys: KeyMaterial, extraToken?: string): boolean {
  if (!token) return false;
  const accepted = [keys.serviceRoleKey, keys.secretKey, ...(extraToken ? [extraToken] : [])];
  let ok = false;
  for (const candidate of accepted) ok = same(token, candidate) || ok;
  return ok;
}
