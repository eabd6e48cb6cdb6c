// Reading an identity provider's SAML metadata: its entity id, the single sign-on address
// for the HTTP-Redirect binding (the one GoTrue starts sign-ins with) and the signing
// certificates. The XML is parsed by @xmldom/xmldom; nothing here checks signatures.
import { DOMParser } from '@xmldom/xmldom';
import { validation } from './auth-errors';

const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
const ds = 'http://www.w3.org/2000/09/xmldsig#';
const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  signingCerts: string[];
  /** The NameID format the identity provider says it answers with first, if any. */
  nameIdFormat: string | undefined;
}

type El = {
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<El>;
  textContent: string | null;
};

function all(parent: El, ns: string, name: string): El[] {
  return Array.from(parent.getElementsByTagNameNS(ns, name));
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  let doc: El;
  const problems: string[] = [];
  try {
    doc = new DOMParser({
      errorHandler: (level: string, message: string) => {
        if (level !== 'warning') problems.push(message);
      },
    }).parseFromString(xml, 'text/xml') as unknown as El;
  } catch {
    throw validation('SAML Metadata XML could not be parsed');
  }
  if (problems.length > 0) throw validation('SAML Metadata XML could not be parsed');
  const entity = all(doc, md, 'EntityDescriptor').find((e) => all(e, md, 'IDPSSODescriptor').length > 0);
  if (!entity) throw validation('SAML Metadata does not contain an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID') ?? '';
  if (entityId === '') throw validation('SAML Metadata does not contain an EntityID');
  const idp = all(entity, md, 'IDPSSODescriptor')[0]!;
  const sso = all(idp, md, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === redirectBinding);
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!URL.canParse(ssoUrl))
    throw validation('SAML Metadata does not contain a SingleSignOnService with the HTTP-Redirect binding');
  const signingCerts = all(idp, md, 'KeyDescriptor')
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => all(k, ds, 'X509Certificate'))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c !== '');
  if (signingCerts.length === 0)
    throw validation('SAML Metadata does not contain a signing certificate (KeyDescriptor use="signing")');
  const nameIdFormat = all(idp, md, 'NameIDFormat')[0]?.textContent?.trim() || undefined;
  return { entityId, ssoUrl, signingCerts, nameIdFormat };
}

export function pemOf(certBase64: string): string {
  const lines = certBase64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
