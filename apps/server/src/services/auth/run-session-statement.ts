// The sign-in and refresh statements outside any transaction: auth.start_session (platform
// migration 0007) or auth.refresh_session (0025), wrapped with an access-token hook in
// auth.with_access_token_hook (0008), so the database part of the password and refresh
// grants is one round trip on PostgreSQL with or without a hook. There the statements
// arming the hook's 2 s limit, running the session function and calling the hook travel
// as one simple-protocol query text: it runs as one implicit transaction, so a failure
// anywhere rolls back the rotation or the new session (decision 0714 says which part the
// limit covers). Simple queries carry no parameters, so every value travels as a literal
// escaped by the driver. PGlite has no statement timer: there the call runs in a
// transaction whose elapsed time is checked.
import crypto from 'node:crypto';
import pg from 'pg';
import {
  activeAccessTokenHook,
  checkHookElapsed,
  hookFailure,
  hookMetadata,
  hookTimeoutMs,
} from './access-token-hook';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import {
  assemble,
  defaultClaims,
  hashRefreshToken,
  responseExtras,
  signClaims,
  startSessionArgs,
  type IssueExtras,
  type SessionRequestInfo,
  type SessionResponse,
  type SessionSnapshot,
} from './issue-session';
import { descendantTokens, hashArrayLiteral } from './refresh-token-chain';
import { renderUser } from './user-records';

type SessionFunction = 'start_session' | 'refresh_session';
type SqlValue = string | number | boolean | null;

const argumentTypes: Record<SessionFunction, string[]> = {
  start_session: ['uuid', 'text', 'text', 'text', 'text', 'text', 'jsonb'],
  refresh_session: ['text', 'text[]', 'text', 'text', 'integer', 'boolean'],
};

/** A value as SQL text: NULL, or the driver's escaped literal (typed by the cast after it). */
const literal = (value: SqlValue): string => (value === null ? 'null' : pg.escapeLiteral(String(value)));

/** The session call and the hook's arguments, each value written by `place` (a literal or $n). */
function callTexts(
  fn: SessionFunction,
  values: SqlValue[],
  place: (value: SqlValue, index: number) => string,
): { call: string; hookArgs: string } {
  const typed = (types: string[], offset: number) =>
    types.map((type, i) => `${place(values[offset + i] ?? null, offset + i)}::${type}`).join(', ');
  const types = argumentTypes[fn];
  return { call: `auth.${fn}(${typed(types, 0)})`, hookArgs: typed(['text', 'text', 'jsonb'], types.length) };
}

const parameter = (_: SqlValue, index: number) => `$${index + 1}`;

/** Runs the statement (with the hook when one is configured); answers the snapshot and final claims. */
async function runSessionStatement(
  ctx: AuthContext,
  fn: SessionFunction,
  args: SqlValue[],
  method: string,
  ip: string,
): Promise<{ snapshot: SessionSnapshot | undefined; now: number }> {
  const db = ctx.deps.db;
  const now = Math.floor(Date.now() / 1000);
  const hook = await activeAccessTokenHook(ctx);
  if (!hook) {
    const { rows } = await db.query<{ snapshot: SessionSnapshot }>(
      `select ${callTexts(fn, args, parameter).call} as snapshot`,
      args,
    );
    const snapshot = rows[0]?.snapshot;
    if (snapshot?.status === 'ok') {
      snapshot.claims = defaultClaims(
        ctx,
        snapshot.user,
        { id: snapshot.session_id, amr: snapshot.amr },
        now,
      );
    }
    return { snapshot, now };
  }
  const token = {
    iss: ctx.externalUrl,
    iat: now,
    exp: now + ctx.jwtExpiry,
    metadata: hookMetadata(ip),
    authentication_method: method,
  };
  const values = [...args, hook.schema, hook.fn, JSON.stringify(token)];
  try {
    if (db.engine === 'postgres') {
      // Without parameters the query goes as one simple-protocol message and the adapter
      // answers the last statement's rows. For a refresh the snapshot goes straight into
      // the hook call, under the hook's limit: handing it over through a setting between
      // two statements made a hooked refresh a quarter slower. A sign-in keeps the two
      // statements, because starting a session updates the user's row, which other work
      // may hold for a while, and that wait must not count against the hook (decision 0714).
      const { call, hookArgs } = callTexts(fn, values, literal);
      const limit = literal(hookTimeoutMs);
      const { rows } = await db.query<{ snapshot: SessionSnapshot }>(
        fn === 'refresh_session'
          ? `set local statement_timeout = ${limit};
             select auth.with_access_token_hook(${call}, ${hookArgs}) as snapshot`
          : `select set_config('auth.pending_snapshot', ${call}::text, true),
                    set_config('statement_timeout', ${limit}, true);
             select auth.with_access_token_hook(current_setting('auth.pending_snapshot')::jsonb, ${hookArgs}) as snapshot`,
      );
      return { snapshot: rows[0]?.snapshot, now };
    }
    return await db.transaction(async (tx) => {
      const started = performance.now();
      const { call, hookArgs } = callTexts(fn, values, parameter);
      const { rows } = await tx.query<{ snapshot: SessionSnapshot }>(
        `select auth.with_access_token_hook(${call}, ${hookArgs}) as snapshot`,
        values,
      );
      checkHookElapsed(started);
      return { snapshot: rows[0]?.snapshot, now };
    });
  } catch (error) {
    throw error instanceof AuthError ? error : hookFailure(ctx, error);
  }
}

async function respond(
  ctx: AuthContext,
  snapshot: SessionSnapshot & { claims: Record<string, unknown> },
  now: number,
  refreshToken: string,
  extra: IssueExtras = {},
): Promise<SessionResponse> {
  return assemble(
    await signClaims(ctx, snapshot.claims, now),
    refreshToken,
    renderUser(snapshot.user, snapshot.identities, snapshot.factors),
    responseExtras(extra),
  );
}

/** The first refresh token of a session is random; its descendants are derived from it. */
const newRefreshToken = () => crypto.randomBytes(24).toString('base64url');

/** Signs the user in with a new session: one round trip for session, token and hook. */
export async function startSession(
  ctx: AuthContext,
  userId: string,
  method: string,
  info: SessionRequestInfo,
  extra: IssueExtras,
): Promise<SessionResponse> {
  const refreshToken = newRefreshToken();
  const args = startSessionArgs(userId, method, refreshToken, info, extra);
  const { snapshot, now } = await runSessionStatement(ctx, 'start_session', args, method, info.ip);
  if (snapshot?.status !== 'ok' || !snapshot.claims) throw new Error('session user vanished');
  return respond(ctx, { ...snapshot, claims: snapshot.claims }, now, refreshToken, extra);
}

/**
 * Rotates the presented refresh token: one round trip for the rotation and the
 * hook. A refusal status (not_found, banned, no_session, reused) is an answer and has
 * committed (a reused session stays deleted); the caller turns it into its error.
 */
export async function rotateSession(
  ctx: AuthContext,
  presented: string,
  info: SessionRequestInfo,
): Promise<{ status: string; response?: SessionResponse }> {
  // The child, or the active token a replay is given back (refresh-token-chain.ts).
  const descendants = descendantTokens(ctx.deps.keys.refreshTokenKey, presented);
  const values: SqlValue[] = [
    hashRefreshToken(presented),
    hashArrayLiteral(descendants),
    info.ip,
    info.userAgent ?? null,
    ctx.config.refreshTokenReuseInterval,
    ctx.config.refreshTokenRotation,
  ];
  const { snapshot, now } = await runSessionStatement(
    ctx,
    'refresh_session',
    values,
    'token_refresh',
    info.ip,
  );
  if (snapshot?.status !== 'ok' || !snapshot.claims) return { status: snapshot?.status ?? 'not_found' };
  const issued = descendants[(snapshot.issued_depth ?? 1) - 1];
  if (!issued) throw new Error(`refresh statement answered depth ${snapshot.issued_depth}`);
  return {
    status: 'ok',
    response: await respond(ctx, { ...snapshot, claims: snapshot.claims }, now, issued),
  };
}
