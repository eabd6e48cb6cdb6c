// Whether SAML single sign-on is switched on (AUTH_SAML_ENABLED); GoTrue answers every
// SAML route with the same 404 while it is off.
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';

export function requireSaml(ctx: AuthContext): void {
  if (!ctx.config.samlEnabled) throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
}
