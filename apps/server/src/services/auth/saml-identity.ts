// The identity a SAML assertion describes, as GoTrue records it: the subject is the
// NameID, the e-mail address comes from the provider's attribute mapping or the usual
// attribute names (or an e-mail NameID), and the mapped attributes become claims.
import type { Profile } from '@node-saml/node-saml';
import { AuthError } from './auth-errors';
import type { SsoProviderRow } from './sso-provider-records';

const emailAttributes = [
  'email',
  'mail',
  'Email',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];

function attribute(attrs: Record<string, unknown>, name: string, asArray: boolean): unknown {
  const value = attrs[name];
  if (value === undefined || value === null) return undefined;
  if (asArray) return Array.isArray(value) ? value : [value];
  return Array.isArray(value) ? value[0] : value;
}

export function identityFromAssertion(
  provider: SsoProviderRow,
  profile: Profile,
): { subject: string; data: Record<string, unknown> } {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const claims: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(provider.attribute_mapping?.keys ?? {})) {
    const names = [...(rule.name ? [rule.name] : []), ...(rule.names ?? [])];
    const found = names.map((n) => attribute(attrs, n, rule.array === true)).find((v) => v !== undefined);
    const value = found ?? rule.default;
    if (value !== undefined) claims[key] = value;
  }
  const subject = typeof claims.user_id === 'string' ? claims.user_id : profile.nameID;
  if (!subject)
    throw new AuthError(
      400,
      'saml_assertion_no_user_id',
      'SAML Assertion did not contain a persistent Subject Identifier attribute or Subject NameID uniquely identifying this user',
    );
  let email = claims.email;
  if (typeof email !== 'string') {
    email = emailAttributes.map((n) => attribute(attrs, n, false)).find((v) => typeof v === 'string');
  }
  if (typeof email !== 'string' && /^[^@\s]+@[^@\s]+$/.test(subject)) email = subject;
  if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
    throw new AuthError(400, 'saml_assertion_no_email', 'SAML Assertion does not contain an email address');
  const data: Record<string, unknown> = {
    ...claims,
    iss: profile.issuer,
    sub: subject,
    provider_id: subject,
    email: email.toLowerCase(),
    email_verified: true,
    custom_claims: attrs,
  };
  return { subject, data };
}
