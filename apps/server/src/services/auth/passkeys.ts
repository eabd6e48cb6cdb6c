// Passkeys as the first factor, as GoTrue serves them under /passkeys (decision 0845):
// registration for a signed-in user, usernameless sign-in (discoverable credentials: the
// assertion's user handle names the account), and listing, renaming and removing them, plus
// the admin list and delete. Verification is @simplewebauthn/server's, against the relying
// party of the WebAuthn factors (decision 0843); credentials live in auth.webauthn_credentials
// and ceremonies in auth.webauthn_challenges (platform migration 0027). A sign-in challenge
// is deleted before its assertion is checked, so it can be used once only.
import crypto from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { adminTargetUser } from './admin-get-user';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { requestInfo, trustedRateLimitKey } from './client-ip';
import { requireFactorUser } from './enroll-factor';
import { isUuid, readBody, type Body } from './request-body';
import { startSession } from './run-session-statement';
import { findUserById, isPast, iso } from './user-records';
import { checkShape, relyingParty } from './webauthn-factor';

/** GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION's default. */
const challengeLifetimeSeconds = 300;
const friendlyNameMaxLength = 120;

interface PasskeySession {
  challenge: string;
  rp_id: string;
  origins: string[];
}

interface ChallengeRow {
  id: string;
  user_id: string | null;
  challenge_type: string;
  session_data: PasskeySession;
  expired: boolean;
}

interface CredentialRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[];
  backup_eligible: boolean;
  backed_up: boolean;
  friendly_name: string;
  created_at: string;
  last_used_at: string | null;
}

const columns = `id, user_id, credential_id, public_key, sign_count, transports, backup_eligible,
  backed_up, friendly_name, created_at, last_used_at`;

function requireEnabled(ctx: AuthContext): void {
  if (!ctx.config.passkeyEnabled) throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
}

const verificationFailed = () =>
  new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');
const invalidCredential = () =>
  new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response');
const challengeNotFound = (message = 'Challenge not found or already used') =>
  new AuthError(400, 'webauthn_challenge_not_found', message);
const challengeExpired = () => new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired');

/** {challenge_id, credential} of a verify body; the older `credential_response` name is read too. */
function readVerifyBody(body: Body): { challengeId: string; credential: Record<string, unknown> } {
  const challengeId = body.challenge_id;
  if (challengeId === undefined || challengeId === null || challengeId === '')
    throw validation('challenge_id is required');
  if (typeof challengeId !== 'string') throw validation('challenge_id must be a string');
  const credential = body.credential ?? body.credential_response;
  if (credential === undefined || credential === null) throw validation('credential is required');
  if (!isUuid(challengeId)) throw validation('challenge_id must be a valid UUID');
  if (typeof credential !== 'object' || Array.isArray(credential)) throw invalidCredential();
  return { challengeId, credential: credential as Record<string, unknown> };
}

async function storeChallenge(
  ctx: AuthContext,
  userId: string | null,
  type: 'registration' | 'authentication',
  session: PasskeySession,
): Promise<{ id: string; expiresAt: number }> {
  const id = crypto.randomUUID();
  const { rows } = await ctx.deps.db.query<{ at: string }>(
    `with gone as (delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour')
     insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, created_at, expires_at)
     values ($1, $2, $3, $4::jsonb, now(), now() + make_interval(secs => $5))
     returning extract(epoch from expires_at)::bigint::text as at`,
    [id, userId, type, JSON.stringify(session), challengeLifetimeSeconds],
  );
  return { id, expiresAt: Number(rows[0]?.at ?? 0) };
}

function renderPasskey(row: CredentialRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    friendly_name: row.friendly_name,
    created_at: iso(row.created_at),
  };
  if (row.last_used_at) out.last_used_at = iso(row.last_used_at);
  return out;
}

async function userPasskeys(ctx: AuthContext, userId: string): Promise<CredentialRow[]> {
  const { rows } = await ctx.deps.db.query<CredentialRow>(
    `select ${columns} from auth.webauthn_credentials where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

/** POST /passkeys/registration/options: creation options for the signed-in user. */
export async function passkeyRegistrationOptions(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  const auth = await requireFactorUser(ctx, c);
  await readBody(c);
  const user = auth.user;
  if (user.is_sso_user) throw new AuthError(422, 'validation_failed', 'SSO users cannot register passkeys');
  const existing = await userPasskeys(ctx, user.id);
  if (existing.length >= ctx.config.passkeyMaxPerUser)
    throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
  const rp = relyingParty(ctx);
  const name = user.email || user.phone || user.id;
  const meta = user.raw_user_meta_data as Record<string, unknown> | null;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The user handle is the account's id as text, which sign-in reads back (as upstream).
    userID: Buffer.from(user.id, 'utf8'),
    userName: name,
    userDisplayName: typeof meta?.name === 'string' && meta.name !== '' ? meta.name : name,
    timeout: challengeLifetimeSeconds * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: row.transports as never,
    })),
    // Usernameless sign-in needs a discoverable credential; any authenticator (built-in or key).
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const stored = await storeChallenge(ctx, user.id, 'registration', {
    challenge: options.challenge,
    rp_id: rp.id,
    origins: rp.origins,
  });
  return c.json({ challenge_id: stored.id, options, expires_at: stored.expiresAt }, 200);
}

/** POST /passkeys/registration/verify: checks the attestation and stores the passkey. */
export async function passkeyRegistrationVerify(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  const auth = await requireFactorUser(ctx, c);
  const user = auth.user;
  if (user.is_sso_user) throw new AuthError(422, 'validation_failed', 'SSO users cannot register passkeys');
  const { challengeId, credential } = readVerifyBody(await readBody(c));
  const db = ctx.deps.db;
  const { rows } = await db.query<ChallengeRow>(
    `select id, user_id, challenge_type, session_data, expires_at < now() as expired
       from auth.webauthn_challenges where id = $1`,
    [challengeId],
  );
  const challenge = rows[0];
  if (!challenge) throw challengeNotFound('Challenge not found');
  if (challenge.expired) throw challengeExpired();
  if (challenge.challenge_type !== 'registration') throw validation('Invalid challenge type');
  if (challenge.user_id !== user.id) throw challengeNotFound('Challenge not found');
  checkShape('create', credential, invalidCredential);
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.session_data.challenge,
      expectedOrigin: challenge.session_data.origins,
      expectedRPID: challenge.session_data.rp_id,
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.logger.info({ err: error, user: user.id }, 'passkey registration refused');
    throw verificationFailed();
  }
  if (!result.verified) throw verificationFailed();
  const info = result.registrationInfo;
  const id = crypto.randomUUID();
  const ip = requestInfo(ctx, c).ip;
  const row = await authTransaction(ctx, async (q) => {
    const used = await q.query('delete from auth.webauthn_challenges where id = $1 returning id', [
      challenge.id,
    ]);
    if (used.rows.length === 0) throw challengeNotFound('Challenge not found');
    const inserted = await q.query<CredentialRow & { transports: string[] }>(
      `insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type,
         aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
       values ($1, $2, $3, $4, $5, $6::uuid, $7, $8::jsonb, $9, $10, '')
       on conflict (credential_id) do nothing
       returning ${columns}`,
      [
        id,
        user.id,
        info.credential.id,
        Buffer.from(info.credential.publicKey).toString('base64url'),
        info.fmt,
        /^[0-9a-f-]{36}$/i.test(info.aaguid) && !/^[0-]+$/.test(info.aaguid) ? info.aaguid : null,
        info.credential.counter,
        JSON.stringify(info.credential.transports ?? []),
        info.credentialDeviceType === 'multiDevice',
        info.credentialBackedUp,
      ],
    );
    if (!inserted.rows[0])
      throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
    await audit(q, {
      action: 'passkey_created',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip,
      logType: 'user',
      traits: { passkey_id: id },
    });
    return inserted.rows[0];
  });
  return c.json(
    {
      ...renderPasskey(row),
      backup_eligible: row.backup_eligible,
      backed_up: row.backed_up,
      transports: row.transports,
    },
    200,
  );
}

/** POST /passkeys/authentication/options: request options with no user named. */
export async function passkeyAuthenticationOptions(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  await ctx.limits.takeRequest('passkey', trustedRateLimitKey(ctx, c), 30, 300);
  const body = await readBody(c);
  await checkCaptcha(ctx, c, body, requestInfo(ctx, c).ip);
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [],
    timeout: challengeLifetimeSeconds * 1000,
    userVerification: 'preferred',
  });
  const stored = await storeChallenge(ctx, null, 'authentication', {
    challenge: options.challenge,
    rp_id: rp.id,
    origins: rp.origins,
  });
  return c.json({ challenge_id: stored.id, options, expires_at: stored.expiresAt }, 200);
}

/** POST /passkeys/authentication/verify: checks the assertion and starts a session (amr "passkey"). */
export async function passkeyAuthenticationVerify(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  await ctx.limits.takeRequest('passkey', trustedRateLimitKey(ctx, c), 30, 300);
  const { challengeId, credential } = readVerifyBody(await readBody(c));
  const db = ctx.deps.db;
  // Used up before the check: a second verify with the same challenge finds nothing.
  const { rows } = await db.query<ChallengeRow>(
    `delete from auth.webauthn_challenges
      where id = $1 and challenge_type = 'authentication' and user_id is null
      returning id, user_id, challenge_type, session_data, expires_at < now() as expired`,
    [challengeId],
  );
  const challenge = rows[0];
  if (!challenge) throw challengeNotFound();
  if (challenge.expired) throw challengeExpired();
  checkShape('request', credential, invalidCredential);
  const handle = (credential.response as Record<string, unknown>).userHandle;
  if (handle !== undefined && handle !== null && typeof handle !== 'string') throw invalidCredential();
  const found = await db.query<CredentialRow>(
    `select ${columns} from auth.webauthn_credentials where credential_id = $1`,
    [credential.id],
  );
  const stored = found.rows[0];
  // An unknown credential, or one of another account than the user handle names, is the same
  // refusal as a bad signature: the endpoint must not tell which credentials exist.
  if (!stored) throw verificationFailed();
  if (typeof handle === 'string' && handle !== '') {
    if (Buffer.from(handle, 'base64url').toString('utf8') !== stored.user_id) throw verificationFailed();
  }
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge.session_data.challenge,
      expectedOrigin: challenge.session_data.origins,
      expectedRPID: challenge.session_data.rp_id,
      credential: {
        id: stored.credential_id,
        publicKey: Buffer.from(stored.public_key, 'base64url'),
        counter: Number(stored.sign_count),
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.logger.info({ err: error, passkey: stored.id }, 'passkey assertion refused');
    throw verificationFailed();
  }
  if (!result.verified) throw verificationFailed();
  const user = await findUserById(db, stored.user_id);
  if (!user || user.deleted_at) throw new AuthError(403, 'user_not_found', 'User not found');
  if (user.email && !user.email_confirmed_at)
    throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
  if (user.phone && !user.phone_confirmed_at)
    throw new AuthError(403, 'phone_not_confirmed', 'Phone not confirmed');
  if (user.banned_until && !isPast(user.banned_until))
    throw new AuthError(403, 'user_banned', 'User is banned');
  // The counter only moves forward: of two assertions racing with one counter value, one wins.
  const moved = await db.query(
    `update auth.webauthn_credentials
        set sign_count = $2, backed_up = $3, last_used_at = now(), updated_at = now()
      where id = $1 and (sign_count < $2 or $2 = 0) returning id`,
    [stored.id, result.authenticationInfo.newCounter, result.authenticationInfo.credentialBackedUp],
  );
  if (moved.rows.length === 0) throw verificationFailed();
  const session = await startSession(ctx, user.id, 'passkey', requestInfo(ctx, c), {
    audit: { action: 'login', traits: { provider: 'passkey', passkey_id: stored.id } },
  });
  return c.json(session, 200);
}

/** GET /passkeys: the signed-in user's passkeys (a bare array). */
export async function listPasskeys(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  const auth = await requireFactorUser(ctx, c);
  return c.json((await userPasskeys(ctx, auth.user.id)).map(renderPasskey), 200);
}

function passkeyId(c: Context<AppEnv>, param: string): string {
  const id = c.req.param(param) ?? '';
  if (!isUuid(id)) throw new AuthError(404, 'webauthn_credential_not_found', 'Passkey not found');
  return id;
}

/** PATCH /passkeys/{id}: renames a passkey ({friendly_name}, at most 120 characters). */
export async function updatePasskey(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  const auth = await requireFactorUser(ctx, c);
  const body = await readBody(c);
  const id = passkeyId(c, 'id');
  const name = body.friendly_name;
  if (typeof name !== 'string' || name.trim() === '') throw validation('friendly_name is required');
  if ([...name].length > friendlyNameMaxLength)
    throw validation(`friendly_name must be at most ${friendlyNameMaxLength} characters`);
  const { rows } = await ctx.deps.db.query<CredentialRow>(
    `update auth.webauthn_credentials set friendly_name = $3, updated_at = now()
      where id = $1 and user_id = $2 returning ${columns}`,
    [id, auth.user.id, name.trim()],
  );
  if (!rows[0]) throw new AuthError(404, 'webauthn_credential_not_found', 'Passkey not found');
  return c.json(renderPasskey(rows[0]), 200);
}

async function removePasskey(ctx: AuthContext, userId: string, id: string, actor: string, ip: string) {
  await authTransaction(ctx, async (q) => {
    const { rows } = await q.query(
      'delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id',
      [id, userId],
    );
    if (!rows[0]) throw new AuthError(404, 'webauthn_credential_not_found', 'Passkey not found');
    await audit(q, {
      action: 'passkey_deleted',
      actorId: actor,
      actorUsername: '',
      ip,
      logType: 'user',
      traits: { passkey_id: id, user_id: userId },
    });
  });
}

/** DELETE /passkeys/{id}: 204. */
export async function deletePasskey(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireEnabled(ctx);
  const auth = await requireFactorUser(ctx, c);
  const id = passkeyId(c, 'id');
  await removePasskey(ctx, auth.user.id, id, auth.user.id, requestInfo(ctx, c).ip);
  return c.body(null, 204);
}

/** GET /admin/users/{id}/passkeys. */
export async function adminListPasskeys(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  return c.json((await userPasskeys(ctx, user.id)).map(renderPasskey), 200);
}

/** DELETE /admin/users/{id}/passkeys/{passkeyId}: 204. */
export async function adminDeletePasskey(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  const id = passkeyId(c, 'passkeyId');
  await removePasskey(ctx, user.id, id, '', requestInfo(ctx, c).ip);
  return c.body(null, 204);
}
