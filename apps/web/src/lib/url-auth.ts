// Session data and errors in the address after an e-mail link or an identity provider:
// supabase-js reads them when it starts; this keeps the error for the screen that shows it
// and removes what is left from the address so it is not bookmarked or shared.
import type { AuthError } from '@supabase/supabase-js';

const authParams = [
  'code',
  'error',
  'error_code',
  'error_description',
  'access_token',
  'refresh_token',
  'expires_in',
  'expires_at',
  'token_type',
  'provider_token',
  'provider_refresh_token',
  'type',
  'sb',
];

export interface UrlAuthError {
  code: string | undefined;
  message: string;
}

let urlError: UrlAuthError | undefined;

export function rememberUrlAuthError(error: AuthError | null): void {
  if (!error) return;
  const details = (error as AuthError & { details?: { error?: string; code?: string } }).details;
  urlError = { code: details?.code ?? error.code, message: error.message };
}

/** The error an e-mail link or provider returned, once; later reads get nothing. */
export function takeUrlAuthError(): UrlAuthError | undefined {
  const error = urlError;
  urlError = undefined;
  return error;
}

/**
 * An accepted invitation returns its session in the address fragment (the invite mail is not
 * a PKCE flow), which the PKCE client refuses. Taken out of the address before the client
 * starts, the tokens are handed to it with setSession instead; undefined for anything else.
 */
export function takeInvitationSession(
  location: Location = window.location,
  history: History = window.history,
): { access_token: string; refresh_token: string } | undefined {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const accessToken = hash.get('access_token');
  const refreshToken = hash.get('refresh_token');
  if (hash.get('type') !== 'invite' || !accessToken || !refreshToken) return undefined;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return { access_token: accessToken, refresh_token: refreshToken };
}

export function clearAuthDataFromAddress(
  location: Location = window.location,
  history: History = window.history,
): void {
  const url = new URL(location.href);
  let changed = false;
  for (const name of authParams) {
    if (url.searchParams.has(name) && (name !== 'type' || url.searchParams.has('token_hash') === false)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (authParams.some((name) => hash.has(name))) {
    url.hash = '';
    changed = true;
  }
  if (changed) history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
