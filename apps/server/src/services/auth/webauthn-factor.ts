// WebAuthn factors (passkeys, security keys) as GoTrue speaks them (brief §7.16): a challenge on
// an unverified factor returns registration options ("create"), on a verified one
// authentication options ("request"); verify checks the attestation or assertion with
// @simplewebauthn/server against the challenge stored server-side (decision 0843).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import type { AuthenticatedUser } from './require-user';
import { optionalObject, type Body } from './request-body';
import { loadFactors, type FactorRow } from './user-records';

/** What the factor row keeps of a registered credential (auth.mfa_factors.web_authn_credential). */
export interface StoredCredential {
  id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  backed_up: boolean;
}

/** What the challenge row keeps (auth.mfa_challenges.web_authn_session_data). */
export interface WebAuthnSession {
  type: 'create' | 'request';
  challenge: string;
  rp_id: string;
  origins: string[];
}

export interface WebAuthnFactorRow extends FactorRow {
  web_authn_credential: StoredCredential | null;
}

export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

const ceremonyTimeoutMs = 300_000;

/** The relying party: AUTH_WEBAUTHN_RP_* or, by default, the host and origin of SITE_URL. */
export function relyingParty(ctx: AuthContext): RelyingParty {
  const site = new URL(ctx.siteUrl);
  const id = ctx.config.webAuthnRpId ?? site.hostname;
  return {
    id,
    name: ctx.config.webAuthnRpDisplayName ?? id,
    origins: ctx.config.webAuthnRpOrigins.length > 0 ? ctx.config.webAuthnRpOrigins : [site.origin],
  };
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The `webauthn` member of a challenge response, and the session to store with the challenge. */
export async function webAuthnChallenge(
  ctx: AuthContext,
  auth: AuthenticatedUser,
  factor: FactorRow,
): Promise<{ data: Record<string, unknown>; session: WebAuthnSession }> {
  const rp = relyingParty(ctx);
  const user = auth.user;
  if (factor.status === 'unverified') {
    // Credentials of the user's other WebAuthn factors must not be registered twice.
    const others = (await loadFactors(ctx.deps.db, user.id)) as WebAuthnFactorRow[];
    const exclude = others
      .map((f) => f.web_authn_credential)
      .filter((cred): cred is StoredCredential => !!cred)
      .map((cred) => ({ id: cred.id, transports: cred.transports }));
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: Buffer.from(user.id, 'utf8'),
      userName: user.email || user.phone || user.id,
      userDisplayName: user.email || user.phone || user.id,
      timeout: ceremonyTimeoutMs,
      attestationType: 'none',
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    return {
      data: { type: 'create', credential_options: { publicKey: options } },
      session: { type: 'create', challenge: options.challenge, rp_id: rp.id, origins: rp.origins },
    };
  }
  const credential = (factor as WebAuthnFactorRow).web_authn_credential;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: credential ? [{ id: credential.id, transports: credential.transports }] : [],
    timeout: ceremonyTimeoutMs,
    userVerification: 'preferred',
  });
  return {
    data: { type: 'request', credential_options: { publicKey: options } },
    session: { type: 'request', challenge: options.challenge, rp_id: rp.id, origins: rp.origins },
  };
}

/** The `webauthn` member of a verify body: {type, credential_response}; rpId/rpOrigins are ignored. */
export function readWebAuthnVerifyParams(body: Body): {
  type: 'create' | 'request';
  response: Record<string, unknown>;
} {
  const params = optionalObject(body, 'webauthn');
  if (!params) throw validation('WebAuthn config required');
  if (params.type !== 'create' && params.type !== 'request')
    throw validation('WebAuthn type must be create or request');
  const response = params.credential_response;
  if (response === undefined || response === null) throw validation('credential_response required');
  if (typeof response !== 'object' || Array.isArray(response)) throw invalidResponse();
  return { type: params.type, response: response as Record<string, unknown> };
}

function invalidResponse(): AuthError {
  return validation('Invalid credential_response');
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * Checks the shape the library relies on, so malformed input is a 400, never a thrown TypeError.
 * `invalid` makes the refusal (the factor endpoints and /passkeys/* name it differently).
 */
export function checkShape(
  type: 'create' | 'request',
  response: Record<string, unknown>,
  invalid: () => AuthError = invalidResponse,
): void {
  const inner = response.response;
  if (!isText(response.id) || !isText(response.rawId) || response.type !== 'public-key') throw invalid();
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) throw invalid();
  const fields = inner as Record<string, unknown>;
  const required =
    type === 'create'
      ? ['clientDataJSON', 'attestationObject']
      : ['clientDataJSON', 'authenticatorData', 'signature'];
  for (const name of required) {
    if (!isText(fields[name]) || !/^[A-Za-z0-9_-]+={0,2}$/.test(fields[name])) throw invalid();
  }
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(fields.clientDataJSON as string, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!clientData || typeof clientData !== 'object') throw invalid();
}

function failed(): AuthError {
  return new AuthError(422, 'mfa_verification_failed', 'WebAuthn verification failed');
}

/**
 * Verifies the attestation ("create") or assertion ("request") against the stored session and
 * returns what to write to the factor. Any cryptographic, origin, RP ID or counter mismatch is
 * 422 mfa_verification_failed (upstream answers 500 for some of these; decision 0843).
 */
export async function verifyWebAuthn(
  ctx: AuthContext,
  factor: FactorRow,
  session: WebAuthnSession,
  type: 'create' | 'request',
  response: Record<string, unknown>,
): Promise<{ credential: StoredCredential; aaguid: string | null }> {
  if (session.type !== type) throw validation(`WebAuthn type must be ${session.type} for this challenge`);
  checkShape(type, response);
  if (type === 'create') {
    let result;
    try {
      result = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: session.challenge,
        expectedOrigin: session.origins,
        expectedRPID: session.rp_id,
        requireUserVerification: false,
      });
    } catch (error) {
      ctx.logger.info({ err: error, factor: factor.id }, 'webauthn registration refused');
      throw failed();
    }
    if (!result.verified) throw failed();
    const info = result.registrationInfo;
    return {
      credential: {
        id: info.credential.id,
        public_key: b64url(info.credential.publicKey),
        sign_count: info.credential.counter,
        transports: info.credential.transports ?? [],
        backed_up: info.credentialBackedUp,
      },
      aaguid: /^[0-9a-f-]{36}$/i.test(info.aaguid) ? info.aaguid : null,
    };
  }
  const stored = (factor as WebAuthnFactorRow).web_authn_credential;
  if (!stored) throw failed();
  if (response.id !== stored.id) throw failed();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: session.challenge,
      expectedOrigin: session.origins,
      expectedRPID: session.rp_id,
      credential: {
        id: stored.id,
        publicKey: Buffer.from(stored.public_key, 'base64url'),
        counter: stored.sign_count,
        transports: stored.transports as never,
      },
      requireUserVerification: false,
    });
  } catch (error) {
    ctx.logger.info({ err: error, factor: factor.id }, 'webauthn assertion refused');
    throw failed();
  }
  if (!result.verified) throw failed();
  return {
    credential: {
      ...stored,
      sign_count: result.authenticationInfo.newCounter,
      backed_up: result.authenticationInfo.credentialBackedUp,
    },
    aaguid: null,
  };
}

/** Stores the credential (on registration) or its new signature counter (on sign-in). */
export async function saveWebAuthnCredential(
  q: Queryable,
  factorId: string,
  credential: StoredCredential,
  aaguid: string | null,
): Promise<void> {
  await q.query(
    `update auth.mfa_factors set web_authn_credential = $2::jsonb,
        web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid), updated_at = now() where id = $1`,
    [factorId, JSON.stringify(credential), aaguid],
  );
}
