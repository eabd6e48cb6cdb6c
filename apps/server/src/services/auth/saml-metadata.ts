// GET /sso/saml/metadata: this service provider's SAML metadata (entity id, assertion
// consumer address, the NameID formats it accepts), for an identity provider's
// administrator to register it; ?download=true asks the browser to save it.
import type { Context } from 'hono';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { requireSaml } from './saml-enabled';
import { acsUrl, spEntityId } from './saml-service-provider';

export async function samlMetadata(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  const xml = generateServiceProviderMetadata({
    issuer: spEntityId(ctx),
    callbackUrl: acsUrl(ctx),
    identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    wantAssertionsSigned: true,
  });
  c.header('Content-Type', 'application/xml');
  c.header('Cache-Control', 'public, max-age=600');
  if (c.req.query('download') === 'true')
    c.header('Content-Disposition', 'attachment; filename="metadata.xml"');
  return c.body(xml, 200);
}
