// This server as a SAML service provider towards one identity provider, through
// @node-saml/node-saml: it builds the AuthnRequest and checks the response's signature,
// issuer, audience, validity window and InResponseTo. Nothing here verifies XML by hand.
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';
import type { AuthContext } from './auth-context';
import { parseIdpMetadata, pemOf } from './saml-metadata-document';
import type { SsoProviderRow } from './sso-provider-records';

/** GoTrue's service-provider entity id and assertion consumer address. */
export const spEntityId = (ctx: AuthContext) => `${ctx.externalUrl}/sso/saml/metadata`;
export const acsUrl = (ctx: AuthContext) => `${ctx.externalUrl}/sso/saml/acs`;

/** Only the one request this response must answer is known: a response to any other is refused. */
function onlyRequest(requestId: string, issuedAt: string): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
    getAsync: async (key) => (key === requestId ? issuedAt : null),
    removeAsync: async (key) => key,
  };
}

export function serviceProvider(
  ctx: AuthContext,
  provider: SsoProviderRow,
  request: { id: string; issuedAt: string },
): SAML {
  const idp = parseIdpMetadata(provider.metadata_xml);
  return new SAML({
    callbackUrl: acsUrl(ctx),
    entryPoint: idp.ssoUrl,
    issuer: spEntityId(ctx),
    audience: spEntityId(ctx),
    idpIssuer: idp.entityId,
    idpCert: idp.signingCerts.map(pemOf),
    // The assertion itself must carry the identity provider's signature; a signature on
    // the outer response alone is not enough, and an unsigned assertion is refused.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    identifierFormat: provider.name_id_format ?? null,
    disableRequestedAuthnContext: true,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: ctx.config.flowStateExpiry * 1000,
    cacheProvider: onlyRequest(request.id, request.issuedAt),
    generateUniqueId: () => request.id,
    acceptedClockSkewMs: 5_000,
  });
}
