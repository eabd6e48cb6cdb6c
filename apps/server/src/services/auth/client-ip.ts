// The caller's IP: from the configured trusted header (AUTH_RATE_LIMIT_HEADER), else
// the first X-Forwarded-For entry when TRUST_PROXY is on, else the socket address.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AuthContext } from './auth-context';

export function clientIp(ctx: AuthContext, c: Context): string {
  const candidates: (string | undefined)[] = [];
  if (ctx.config.rateLimitHeader) candidates.push(c.req.header(ctx.config.rateLimitHeader)?.split(',')[0]);
  if (ctx.deps.config.trustProxy) candidates.push(c.req.header('x-forwarded-for')?.split(',')[0]);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  candidates.push(incoming?.socket?.remoteAddress);
  for (const candidate of candidates) {
    const ip = candidate?.trim().replace(/^::ffff:/, '');
    if (ip && isIP(ip) !== 0) return ip;
  }
  return '127.0.0.1';
}

/** The IP key for per-IP rate limits, only when it comes from a trusted header (brief §11 C). */
export function trustedRateLimitKey(ctx: AuthContext, c: Context): string | undefined {
  if (!ctx.config.rateLimitHeader) return undefined;
  const value = c.req.header(ctx.config.rateLimitHeader)?.split(',')[0]?.trim();
  return value && isIP(value) !== 0 ? value : undefined;
}

export function requestInfo(ctx: AuthContext, c: Context): { ip: string; userAgent: string | undefined } {
  return { ip: clientIp(ctx, c), userAgent: c.req.header('user-agent') };
}

/**
 * Limits requests that send a mail or SMS to an address of the caller's choosing (otp,
 * recover, resend) per client address when no trusted header names the client: its socket
 * address, or the first X-Forwarded-For entry under TRUST_PROXY, as the failed sign-ins are
 * counted (decision 1004). Counted after the request is read and before the address is
 * looked up, so a known and an unknown address count alike and the 429 tells nothing about
 * either; the per-address resend frequency still applies on top. With
 * AUTH_RATE_LIMIT_HEADER the header's limit at the start of the request does this instead.
 */
export async function limitMessageRequests(ctx: AuthContext, c: Context): Promise<void> {
  if (ctx.config.rateLimitHeader) return;
  await ctx.limits.takeRequest('messages-by-client', clientIp(ctx, c), ctx.config.rateLimits.otp, 300);
}
