// Where a flow may send the browser back to: redirect_to if it is allowed (same origin
// as SITE_URL, loopback, or a glob of AUTH_URI_ALLOW_LIST), else SITE_URL. Never an
// open redirect.
import type { Context } from 'hono';
import { isIP } from 'node:net';
import type { AuthContext } from './auth-context';

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (ch === '?') out += '.';
    else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\./.test(bare);
}

export function isAllowedRedirect(ctx: AuthContext, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !ctx.config.uriAllowList.length) return false;
  if (/^\d+$/.test(url.hostname)) return false;
  const site = new URL(ctx.siteUrl);
  if (url.protocol === site.protocol && url.hostname === site.hostname) {
    if (url.port === site.port || isLoopback(url.hostname)) return true;
  }
  if (isLoopback(url.hostname) && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return true;
  const bare = `${url.origin}${url.pathname}`;
  return ctx.config.uriAllowList.some(
    (glob) => globToRegExp(glob).test(candidate) || globToRegExp(glob).test(bare),
  );
}

export function pickRedirect(ctx: AuthContext, ...candidates: (string | undefined | null)[]): string {
  for (const candidate of candidates) {
    if (candidate && isAllowedRedirect(ctx, candidate)) return candidate;
  }
  return ctx.siteUrl;
}

/** The request's redirect_to (query, then header, then Referer), checked. */
export function redirectTarget(ctx: AuthContext, c: Context, bodyValue?: string): string {
  return pickRedirect(
    ctx,
    bodyValue,
    c.req.query('redirect_to'),
    c.req.header('redirect_to'),
    c.req.header('referer'),
  );
}
