// Refresh tokens after the first of a session are derived from their parent:
// child = base64url(HMAC-SHA256(key, parent)), the key kept with the server's keys and never
// in the database. The database still stores only SHA-256 hashes, yet a replayed parent can
// be given its existing child back instead of a new branch (GoTrue returns the stored token;
// decision 0812). Without the key a token's descendants cannot be computed from it.
import crypto from 'node:crypto';
import { hashRefreshToken } from './issue-session';

/** How far down the chain a replay may reach the session's active token (auth.refresh_session). */
export const replayDepth = 3;

export function childToken(key: Uint8Array, parent: string): string {
  return crypto.createHmac('sha256', key).update(parent).digest('base64url');
}

/** The token's next `replayDepth` descendants, child first. */
export function descendantTokens(key: Uint8Array, token: string): string[] {
  const chain: string[] = [];
  let current = token;
  for (let i = 0; i < replayDepth; i++) {
    current = childToken(key, current);
    chain.push(current);
  }
  return chain;
}

/** The descendants' hashes as a PostgreSQL text[] literal (base64url needs no quoting). */
export function hashArrayLiteral(tokens: string[]): string {
  return `{${tokens.map(hashRefreshToken).join(',')}}`;
}
