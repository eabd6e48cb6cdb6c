// check-url: is a news link valid and reachable? POST {"url": "https://…"} answers
// {"valid": true, "status": 200, "final_url": "…"} or {"valid": false, "reason": "…"}; the
// app shows "Invalid URL or unreachable" when valid is false.
//
// Only http(s) without credentials; redirects are followed by hand (at most 5), each hop
// checked again; every connection's address is checked when it is made (a lookup hook),
// so neither a redirect nor a DNS answer that changes can reach loopback, private,
// link-local or other internal addresses, whichever way the address is written
// (internal-address.ts decides on its bytes). The whole check has a time limit.
//
// Environment (functions env file): CHECK_URL_TIMEOUT_MS (default 5000) and
// CHECK_URL_ALLOW_HOSTS, host names that may resolve to internal addresses (an intranet;
// empty by default).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isInternalAddress } from './internal-address';

export { isInternalAddress };

type Env = Readonly<Record<string, string | undefined>>;

const maxRedirects = 5;

class Refused extends Error {}

interface Hop {
  status: number;
  location: string | undefined;
}

function requestOnce(
  url: URL,
  method: 'HEAD' | 'GET',
  allowHosts: Set<string>,
  signal: AbortSignal,
): Promise<Hop> {
  const allowInternal = allowHosts.has(url.hostname.toLowerCase());
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isInternalAddress(a.address));
      if (bad && !allowInternal)
        return callback(new Refused(`${hostname} resolves to an internal address`), '', 0);
      const first = list[0]!;
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && isInternalAddress(literal) && !allowInternal) {
      reject(new Refused('internal addresses are not allowed'));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method, lookup, signal, headers: { 'user-agent': 'club-platform-link-check/1', accept: '*/*' } },
      (res) => {
        res.resume();
        const location = res.headers.location;
        resolve({
          status: res.statusCode ?? 0,
          location: typeof location === 'string' ? location : undefined,
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export interface CheckResult {
  valid: boolean;
  status?: number;
  final_url?: string;
  reason?: string;
}

export async function checkUrl(raw: unknown, env: Env): Promise<CheckResult> {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 2048)
    return { valid: false, reason: 'invalid_url' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { valid: false, reason: 'invalid_url' };
  }
  const timeoutMs = Math.min(Math.max(Number(env.CHECK_URL_TIMEOUT_MS ?? 5000) || 5000, 100), 30_000);
  const allowHosts = new Set(
    (env.CHECK_URL_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { valid: false, reason: 'unsupported_scheme' };
      if (url.username || url.password) return { valid: false, reason: 'credentials_in_url' };
      let result = await requestOnce(url, 'HEAD', allowHosts, signal);
      if (result.status === 405 || result.status === 501)
        result = await requestOnce(url, 'GET', allowHosts, signal);
      if (result.status >= 300 && result.status < 400 && result.location) {
        url = new URL(result.location, url);
        continue;
      }
      return result.status >= 200 && result.status < 400
        ? { valid: true, status: result.status, final_url: url.toString() }
        : { valid: false, status: result.status, final_url: url.toString(), reason: 'bad_status' };
    }
    return { valid: false, reason: 'too_many_redirects' };
  } catch (error) {
    if (error instanceof Refused || (error as { cause?: unknown }).cause instanceof Refused) {
      return { valid: false, reason: 'internal_address' };
    }
    if (signal.aborted) return { valid: false, reason: 'timeout' };
    return { valid: false, reason: 'unreachable' };
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return json({ error: 'Use POST with {"url": "…"}' }, 405);
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return json({ error: 'The body must be JSON: {"url": "…"}' }, 400);
  }
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  return json(await checkUrl(url, context?.env ?? {}));
}
