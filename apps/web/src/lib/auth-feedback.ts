// What to tell the user about an auth failure and how to check auth form fields: message keys of
// the `auth` namespace, shared by the sign-in screens and the profile.
import type { authMessages } from '@club/i18n/namespaces/auth';
import type { NamespaceKey } from '@club/i18n';
import { isAuthError, isAuthWeakPasswordError } from '@supabase/supabase-js';

export type AuthKey = NamespaceKey<typeof authMessages>;

export const minimumPasswordLength = 8;

export interface AuthFailure {
  key: AuthKey;
  reasons: AuthKey[];
}

const codeToKey: Record<string, AuthKey> = {
  invalid_credentials: 'errors.invalidCredentials',
  email_not_confirmed: 'errors.emailNotConfirmed',
  user_already_exists: 'errors.userExists',
  email_exists: 'errors.userExists',
  weak_password: 'errors.weakPassword',
  same_password: 'errors.samePassword',
  over_request_rate_limit: 'errors.rateLimited',
  over_email_send_rate_limit: 'errors.emailRateLimited',
  signup_disabled: 'errors.signupDisabled',
  otp_expired: 'errors.linkInvalid',
  otp_disabled: 'errors.providerDisabled',
  flow_state_not_found: 'errors.linkInvalid',
  flow_state_expired: 'errors.linkInvalid',
  bad_code_verifier: 'errors.linkInvalid',
  sso_provider_not_found: 'errors.ssoNotFound',
  sso_provider_disabled: 'errors.ssoDisabled',
  mfa_verification_failed: 'errors.invalidCode',
  mfa_challenge_expired: 'errors.invalidCode',
  reauthentication_needed: 'errors.reauthenticationNeeded',
  reauthentication_not_valid: 'errors.invalidCode',
  identity_already_exists: 'errors.identityExists',
  single_identity_not_deletable: 'errors.lastIdentity',
  email_conflict_identity_not_deletable: 'errors.lastIdentity',
  provider_disabled: 'errors.providerDisabled',
  email_provider_disabled: 'errors.providerDisabled',
  session_not_found: 'errors.sessionMissing',
  email_address_invalid: 'validation.email',
};

const reasonToKey: Record<string, AuthKey> = {
  length: 'errors.weakReasons.length',
  characters: 'errors.weakReasons.characters',
  pwned: 'errors.weakReasons.pwned',
};

export function describeAuthError(error: unknown, context: 'default' | 'recovery' = 'default'): AuthFailure {
  if (isAuthWeakPasswordError(error)) {
    return { key: 'errors.weakPassword', reasons: error.reasons.flatMap((r) => reasonToKey[r] ?? []) };
  }
  if (isAuthError(error)) {
    if (error.name === 'AuthSessionMissingError') return { key: 'errors.sessionMissing', reasons: [] };
    if (error.name === 'AuthRetryableFetchError') return { key: 'errors.unknown', reasons: [] };
    const code = error.code ?? '';
    if (context === 'recovery' && (code === 'otp_expired' || code.startsWith('flow_state'))) {
      return { key: 'errors.recoveryExpired', reasons: [] };
    }
    const key = codeToKey[code];
    if (key) return { key, reasons: [] };
    if (error.status === 429) return { key: 'errors.rateLimited', reasons: [] };
  }
  return { key: 'errors.unknown', reasons: [] };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): AuthKey | undefined {
  if (value.trim() === '') return 'validation.required';
  return emailPattern.test(value.trim()) ? undefined : 'validation.email';
}

export function checkPassword(value: string): AuthKey | undefined {
  if (value === '') return 'validation.required';
  return value.length >= minimumPasswordLength ? undefined : 'validation.passwordLength';
}

export function checkPasswordsMatch(confirmation: string, password: string): AuthKey | undefined {
  if (confirmation === '') return 'validation.required';
  return confirmation === password ? undefined : 'validation.passwordsMatch';
}

export function checkRequired(value: string): AuthKey | undefined {
  return value.trim() === '' ? 'validation.required' : undefined;
}

export function checkCode(value: string): AuthKey | undefined {
  return /^\d{6}$/.test(value.trim()) ? undefined : 'validation.code';
}
