// PKCE (brief §9): the challenge parameters, flow-state rows and the code exchange check.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import { validation } from './auth-errors';
import { optionalString, type Body } from './request-body';

export interface PkceParams {
  challenge: string;
  method: 's256' | 'plain';
}

export function readPkceParams(body: Body): PkceParams | undefined {
  const challenge = optionalString(body, 'code_challenge');
  const method = optionalString(body, 'code_challenge_method');
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw validation('PKCE flow requires code_challenge_method and code_challenge');
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain')
    throw validation(`code challenge method not supported: ${method}`);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
    throw validation('code challenge has to be between 43 and 128 characters');
  return { challenge, method: lower };
}

export async function createFlowState(
  q: Queryable,
  flow: {
    userId: string | null;
    authenticationMethod: string;
    providerType: string;
    pkce: PkceParams | undefined;
    referrer?: string;
    linkingTargetId?: string;
  },
): Promise<{ id: string; authCode: string }> {
  const id = crypto.randomUUID();
  const authCode = crypto.randomUUID();
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
        created_at, updated_at, authentication_method, referrer, linking_target_id)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, now(), now(), $7, $8, $9)`,
    [
      id,
      flow.userId,
      authCode,
      flow.pkce?.method ?? null,
      flow.pkce?.challenge ?? null,
      flow.providerType,
      flow.authenticationMethod,
      flow.referrer ?? null,
      flow.linkingTargetId ?? null,
    ],
  );
  return { id, authCode };
}

export function verifierMatches(method: string | null, challenge: string | null, verifier: string): boolean {
  if (!challenge) return false;
  const expected =
    method === 'plain' ? verifier : crypto.createHash('sha256').update(verifier).digest('base64url');
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
