// The auth service's error catalogue: GoTrue's error codes verbatim, rendered in the
// format the request asks for (X-Supabase-Api-Version ≥ 2024-01-01 → {code, message},
// otherwise the legacy {code, error_code, msg}), plus the OAuth-style shape.
import type { Context } from 'hono';

export type AuthErrorCode =
  | 'unknown'
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'phone_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'session_expired'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'flow_state_already_used'
  | 'signup_disabled'
  | 'user_banned'
  | 'provider_email_needs_verification'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'oauth_provider_not_supported'
  | 'unexpected_audience'
  | 'single_identity_not_deletable'
  | 'email_conflict_identity_not_deletable'
  | 'identity_already_exists'
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_verification_rejected'
  | 'insufficient_aal'
  | 'captcha_failed'
  | 'saml_provider_disabled'
  | 'saml_relay_state_not_found'
  | 'saml_relay_state_expired'
  | 'saml_assertion_invalid'
  | 'saml_assertion_no_user_id'
  | 'saml_assertion_no_email'
  | 'saml_idp_already_exists'
  | 'saml_entity_id_mismatch'
  | 'saml_metadata_fetch_failed'
  | 'sso_domain_already_exists'
  | 'manual_linking_disabled'
  | 'sms_send_failed'
  | 'email_not_confirmed'
  | 'phone_not_confirmed'
  | 'user_already_exists'
  | 'sso_provider_not_found'
  | 'sso_provider_disabled'
  | 'conflict'
  | 'provider_disabled'
  | 'user_sso_managed'
  | 'reauthentication_needed'
  | 'same_password'
  | 'reauthentication_not_valid'
  | 'current_password_invalid'
  | 'current_password_required'
  | 'otp_expired'
  | 'otp_disabled'
  | 'identity_not_found'
  | 'weak_password'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'over_sms_send_rate_limit'
  | 'bad_code_verifier'
  | 'anonymous_provider_disabled'
  | 'hook_timeout'
  | 'hook_timeout_after_retry'
  | 'hook_payload_over_size_limit'
  | 'request_timeout'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_phone_verify_not_enabled'
  | 'mfa_totp_enroll_not_enabled'
  | 'mfa_totp_verify_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'mfa_webauthn_verify_not_enabled'
  | 'mfa_verified_factor_exists'
  | 'invalid_credentials'
  | 'email_address_not_authorized'
  | 'email_address_invalid'
  | 'web3_provider_disabled'
  | 'request_entity_too_large'
  | 'feature_disabled'
  | 'passkey_disabled'
  | 'too_many_passkeys'
  | 'webauthn_credential_not_found'
  | 'webauthn_challenge_not_found'
  | 'webauthn_challenge_expired'
  | 'webauthn_verification_failed'
  | 'webauthn_credential_exists';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  /** Seconds after which asking again can succeed, sent as Retry-After (rate limits). */
  retryAfterSeconds?: number;
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra top-level keys of the body (weak_password). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The OAuth-style error, always HTTP 400 and the same in every API version. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const validation = (message: string) => new AuthError(400, 'validation_failed', message);

const apiVersionHeader = 'X-Supabase-Api-Version';

/** True when the request asked for the 2024-01-01 error format. */
export function wantsNewErrorFormat(versionHeader: string | undefined): boolean {
  if (!versionHeader || !/^\d{4}-\d{2}-\d{2}$/.test(versionHeader.trim())) return false;
  const date = Date.parse(`${versionHeader.trim()}T00:00:00Z`);
  return Number.isFinite(date) && date >= Date.parse('2024-01-01T00:00:00Z');
}

export function renderAuthError(c: Context, error: AuthError | OAuthError): Response {
  if (error instanceof OAuthError) {
    return c.json({ error: error.error, error_description: error.description }, 400);
  }
  const status = error.status as 400;
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const requestId = c.get('requestId') as string | undefined;
  if (wantsNewErrorFormat(c.req.header(apiVersionHeader))) {
    c.header(apiVersionHeader, '2024-01-01');
    if (error.code !== 'weak_password') c.header('x-sb-error-code', error.code);
    return c.json({ code: error.code, message: error.message, ...error.extra }, status);
  }
  c.header('x-sb-error-code', error.code);
  const body: Record<string, unknown> = {
    code: error.status,
    error_code: error.code,
    msg: error.message,
    ...error.extra,
  };
  if (error.status >= 500 && requestId) body.error_id = requestId;
  return c.json(body, status);
}
