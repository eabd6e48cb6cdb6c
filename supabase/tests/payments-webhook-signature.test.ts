// Webhook signature verification against the provider's documented sample (Webhooks API,
// request-authentication.md: secret, URL, date and body with their content hash and
// signature), and every way a notification can fail the check.
import { describe, expect, it } from 'vitest';
import {
  signWebhook,
  verifyWebhook,
  webhookContentHash,
  webhookSignature,
} from '../functions/_shared/payments/vipps-webhook-signature';

const sample = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: new URL('https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63'),
  date: 'Thu, 30 Mar 2023 08:38:32 GMT',
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  contentHash: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
  signature: 'agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
};

function sampleHeaders(overrides: Record<string, string> = {}): Headers {
  return new Headers({
    'x-ms-date': sample.date,
    'x-ms-content-sha256': sample.contentHash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${sample.signature}`,
    ...overrides,
  });
}

function verifySample(headers: Headers, body: string = sample.body, secret = sample.secret) {
  return verifyWebhook({
    secret,
    method: 'POST',
    pathAndQuery: sample.url.pathname,
    host: sample.url.host,
    headers,
    rawBody: body,
  });
}

describe('Vipps MobilePay webhook signature', () => {
  it("reproduces the documentation's content hash and signature", () => {
    expect(webhookContentHash(sample.body)).toBe(sample.contentHash);
    expect(
      webhookSignature({
        secret: sample.secret,
        method: 'POST',
        pathAndQuery: sample.url.pathname,
        date: sample.date,
        host: sample.url.host,
        contentHash: sample.contentHash,
      }),
    ).toBe(sample.signature);
    expect(
      signWebhook({ secret: sample.secret, url: sample.url, date: sample.date, rawBody: sample.body }),
    ).toEqual({
      'x-ms-date': sample.date,
      'x-ms-content-sha256': sample.contentHash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${sample.signature}`,
    });
  });

  it("accepts the documentation's sample notification, from bytes as well as text", () => {
    expect(verifySample(sampleHeaders())).toEqual({ ok: true });
    expect(
      verifyWebhook({
        secret: sample.secret,
        method: 'POST',
        pathAndQuery: sample.url.pathname,
        host: sample.url.host,
        headers: sampleHeaders(),
        rawBody: new TextEncoder().encode(sample.body),
      }),
    ).toEqual({ ok: true });
  });

  it('refuses a changed body, even re-serialised JSON with the same meaning', () => {
    expect(verifySample(sampleHeaders(), sample.body.replace('hello', 'HELLO'))).toEqual({
      ok: false,
      reason: 'content_mismatch',
    });
    expect(verifySample(sampleHeaders(), JSON.stringify(JSON.parse(sample.body), null, 1))).toEqual({
      ok: false,
      reason: 'content_mismatch',
    });
  });

  it('refuses a body whose hash header was changed to match it', () => {
    const body = sample.body.replace('hello', 'HELLO');
    expect(verifySample(sampleHeaders({ 'x-ms-content-sha256': webhookContentHash(body) }), body)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses another secret, another date, another path or another host', () => {
    expect(verifySample(sampleHeaders(), sample.body, sample.secret.replace('A0', 'B0'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifySample(sampleHeaders({ 'x-ms-date': 'Thu, 30 Mar 2023 08:38:33 GMT' }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const base = {
      secret: sample.secret,
      method: 'POST',
      headers: sampleHeaders(),
      rawBody: sample.body,
    };
    expect(
      verifyWebhook({ ...base, pathAndQuery: `${sample.url.pathname}?x=1`, host: sample.url.host }),
    ).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyWebhook({ ...base, pathAndQuery: sample.url.pathname, host: 'webhook.site:8443' })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses missing headers and an Authorization of another form', () => {
    const headers = sampleHeaders();
    headers.delete('x-ms-date');
    expect(verifySample(headers)).toEqual({ ok: false, reason: 'missing_headers' });
    for (const authorization of [
      `Bearer ${sample.signature}`,
      `HMAC-SHA256 SignedHeaders=host;x-ms-date;x-ms-content-sha256&Signature=${sample.signature}`,
      'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=',
      `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${sample.signature}&x=1`,
    ]) {
      expect(verifySample(sampleHeaders({ authorization }))).toEqual({
        ok: false,
        reason: 'bad_authorization',
      });
    }
  });
});
