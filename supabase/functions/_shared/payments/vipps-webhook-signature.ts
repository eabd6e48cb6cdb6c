// Vipps MobilePay signs each webhook notification (Webhooks API, "Request authentication"):
//   x-ms-content-sha256 = base64(SHA-256(raw body))
//   Authorization       = HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<sig>
//   sig = base64(HMAC-SHA256(key = the registration's secret as UTF-8 text,
//                            "POST\n" + path and query + "\n" + x-ms-date + ";" + host + ";" + hash))
// The receiver recomputes both from the raw bytes it got, never from re-serialised JSON, and
// compares in constant time. A replayed notification passes this check by design; the
// database's exactly-once processing is what makes a replay change nothing (decision 1041).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const signedHeaders = 'x-ms-date;host;x-ms-content-sha256';
const authorizationPattern =
  /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=([A-Za-z0-9+/]{43}=)$/;

export function webhookContentHash(rawBody: string | Uint8Array): string {
  return createHash('sha256').update(rawBody).digest('base64');
}

export interface WebhookSigningInput {
  readonly secret: string;
  readonly method: string;
  /** The path and query of the URL the webhook was registered with, e.g. /functions/v1/payment-webhook?c=… */
  readonly pathAndQuery: string;
  /** x-ms-date, an RFC 1123 date. */
  readonly date: string;
  /** The host of the registered URL (with a port only when it is not the default one). */
  readonly host: string;
  readonly contentHash: string;
}

export function webhookSignature(input: WebhookSigningInput): string {
  const text = `${input.method.toUpperCase()}\n${input.pathAndQuery}\n${input.date};${input.host};${input.contentHash}`;
  return createHmac('sha256', Buffer.from(input.secret, 'utf8')).update(text, 'utf8').digest('base64');
}

/** The three headers the provider sends, for tests and tools that deliver a notification. */
export function signWebhook(input: {
  secret: string;
  url: URL;
  date: string;
  rawBody: string;
}): Record<string, string> {
  const contentHash = webhookContentHash(input.rawBody);
  const signature = webhookSignature({
    secret: input.secret,
    method: 'POST',
    pathAndQuery: input.url.pathname + input.url.search,
    date: input.date,
    host: input.url.host,
    contentHash,
  });
  return {
    'x-ms-date': input.date,
    'x-ms-content-sha256': contentHash,
    authorization: `HMAC-SHA256 SignedHeaders=${signedHeaders}&Signature=${signature}`,
  };
}

export type WebhookVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: 'missing_headers' | 'bad_authorization' | 'content_mismatch' | 'bad_signature';
    };

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function verifyWebhook(input: {
  readonly secret: string;
  readonly method: string;
  readonly pathAndQuery: string;
  readonly host: string;
  readonly headers: Headers;
  readonly rawBody: string | Uint8Array;
}): WebhookVerdict {
  const date = input.headers.get('x-ms-date');
  const claimedHash = input.headers.get('x-ms-content-sha256');
  const authorization = input.headers.get('authorization');
  if (!date || !claimedHash || !authorization) return { ok: false, reason: 'missing_headers' };
  const match = authorizationPattern.exec(authorization.trim());
  if (!match) return { ok: false, reason: 'bad_authorization' };
  const contentHash = webhookContentHash(input.rawBody);
  if (!sameText(contentHash, claimedHash)) return { ok: false, reason: 'content_mismatch' };
  const expected = webhookSignature({
    secret: input.secret,
    method: input.method,
    pathAndQuery: input.pathAndQuery,
    date,
    host: input.host,
    contentHash,
  });
  return sameText(expected, match[1]!) ? { ok: true } : { ok: false, reason: 'bad_signature' };
}
