// A SAML identity provider for the tests, run on a local port: it answers the
// HTTP-Redirect AuthnRequest with an auto-submitting form that posts a signed response
// to the service provider, as a real IdP's browser flow does. Signatures are made by
// xml-crypto (the library node-saml verifies with) and the certificate by @peculiar/x509;
// `respond` can also build deliberately wrong responses for the refusal tests.
// @peculiar/x509's CommonJS build (the one the e2e runner loads) needs the Reflect polyfill first.
import 'reflect-metadata';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import * as x509 from '@peculiar/x509';
import { SignedXml } from 'xml-crypto';

x509.cryptoProvider.set(crypto.webcrypto as unknown as Crypto);

export interface SigningKey {
  privateKeyPem: string;
  certBase64: string;
}

export async function newSigningKey(cn = 'Test IdP'): Promise<SigningKey> {
  const alg = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await crypto.webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: crypto.randomBytes(8).toString('hex'),
    name: `CN=${cn}`,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    keys,
    signingAlgorithm: alg,
  });
  const pkcs8 = Buffer.from(await crypto.webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PRIVATE KEY-----\n`;
  return { privateKeyPem, certBase64: Buffer.from(cert.rawData).toString('base64') };
}

export interface User {
  nameId: string;
  attributes: Record<string, string | string[]>;
}

export interface ResponseOptions {
  /** Which request it answers (its ID and our ACS address). */
  inResponseTo: string;
  acs: string;
  audience: string;
  user: User;
  /** Deliberate faults for the refusal tests. */
  unsigned?: boolean;
  signWith?: SigningKey;
  notOnOrAfter?: Date;
  issuer?: string;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export class TestIdp {
  entityId = '';
  ssoUrl = '';
  /** Who signs in next when the browser arrives. */
  nextUser: User = { nameId: 'staff-1', attributes: { mail: 'staff-1@kommune.test' } };
  /** The last AuthnRequest received, decoded. */
  lastRequest: { id: string; acs: string; issuer: string; relayState: string } | undefined;
  private server = http.createServer((req, res) => this.handle(req, res));

  private constructor(readonly key: SigningKey) {}

  static async start(): Promise<TestIdp> {
    const idp = new TestIdp(await newSigningKey());
    await new Promise<void>((resolve) => idp.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}`;
    idp.entityId = `${base}/metadata`;
    idp.ssoUrl = `${base}/sso`;
    return idp;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  metadataXml(key: SigningKey = this.key): string {
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${esc(this.entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${key.certBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(this.ssoUrl)}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  /** Decodes an HTTP-Redirect AuthnRequest URL (SAMLRequest is deflated and base64). */
  static readRequest(url: string): { id: string; acs: string; issuer: string; relayState: string } {
    const u = new URL(url);
    const xml = zlib
      .inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest') ?? '', 'base64'))
      .toString();
    return {
      id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
      acs: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
      issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
      relayState: u.searchParams.get('RelayState') ?? '',
    };
  }

  /** A base64 SAMLResponse for the request, signed on the assertion unless told otherwise. */
  respond(o: ResponseOptions): string {
    const now = new Date();
    const until = o.notOnOrAfter ?? new Date(now.getTime() + 300_000);
    const issuer = esc(o.issuer ?? this.entityId);
    const attrs = Object.entries(o.user.attributes)
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${esc(name)}">${(Array.isArray(value) ? value : [value])
            .map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`)
            .join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${crypto.randomUUID()}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(o.user.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(o.inResponseTo)}" NotOnOrAfter="${iso(until)}" Recipient="${esc(o.acs)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(new Date(now.getTime() - 60_000))}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${crypto.randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attrs}</saml:AttributeStatement></saml:Assertion>`;
    let xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.acs)}" InResponseTo="${esc(o.inResponseTo)}"><saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    if (!o.unsigned) {
      const key = o.signWith ?? this.key;
      const sig = new SignedXml({
        privateKey: key.privateKeyPem,
        publicCert: `-----BEGIN CERTIFICATE-----\n${key.certBase64}\n-----END CERTIFICATE-----`,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      sig.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
      });
      sig.computeSignature(xml, {
        location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      });
      xml = sig.getSignedXml();
    }
    return Buffer.from(xml).toString('base64');
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = `http://${req.headers.host}${req.url}`;
    if (!req.url?.startsWith('/sso')) {
      res.writeHead(404).end();
      return;
    }
    const request = TestIdp.readRequest(url);
    this.lastRequest = request;
    const samlResponse = this.respond({
      inResponseTo: request.id,
      acs: request.acs,
      audience: request.issuer,
      user: this.nextUser,
    });
    // The HTTP-POST binding: the browser carries the response to the service provider.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body onload="document.forms[0].submit()">
<form method="post" action="${esc(request.acs)}">
<input type="hidden" name="SAMLResponse" value="${samlResponse}">
<input type="hidden" name="RelayState" value="${esc(request.relayState)}">
<button type="submit">Continue</button></form></body></html>`);
  }
}

/** What a browser does with the IdP's auto-submitting form: the fields it would post. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
  }
  return fields;
}
