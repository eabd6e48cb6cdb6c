// The development inbox over HTTP: GET /_dev/inbox (an HTML page, or JSON with
// Accept: application/json or ?format=json; ?to= filters) and DELETE /_dev/inbox.
// Not mounted in production or when SMTP_URL is set. The mail in it signs people in, so
// every call needs ?token= with the secret the server printed at start (keys.json), and
// the platform's CORS leaves these paths out (http/cors.ts): no other site's page can
// read it, not even through a browser on the operator's machine.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';

/** The inbox's address with its secret, as the start-up message prints it. */
export function devInboxUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, '')}/auth/v1/_dev/inbox?token=${encodeURIComponent(token)}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Refuses a call without the inbox's secret; the inbox is off without an inbox. */
function openInbox(ctx: AuthContext, c: Context<AppEnv>) {
  if (!ctx.inbox) throw new AuthError(404, 'feature_disabled', 'The development inbox is off');
  const given = c.req.query('token') ?? '';
  if (!sameSecret(given, ctx.deps.keys.devInboxToken)) {
    throw new AuthError(
      401,
      'no_authorization',
      'The development inbox needs the token from the address the server printed when it started',
    );
  }
  // Neither the answer nor the page's address (with its secret) may travel further.
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return ctx.inbox;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export async function showDevInbox(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const inbox = openInbox(ctx, c);
  const to = c.req.query('to') || undefined;
  const limit = Number(c.req.query('limit') ?? '50');
  const messages = await inbox.list({ to, limit: Number.isFinite(limit) ? limit : 50 });
  const wantsJson =
    c.req.query('format') === 'json' || (c.req.header('accept') ?? '').includes('application/json');
  if (wantsJson) return c.json({ messages }, 200);
  const rows = messages
    .map((m) => {
      const link = m.meta.link ? `<a href="${escapeHtml(m.meta.link)}">open link</a>` : '';
      return `<tr><td>${escapeHtml(m.created_at)}</td><td>${m.channel}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject || m.text.slice(0, 60))}</td><td><code>${escapeHtml(m.meta.code ?? '')}</code></td><td>${link}</td></tr>`;
    })
    .join('\n');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}</style>
</head><body><h1>Development inbox</h1><p>Mail and SMS the server would have sent. Newest first.</p>
<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Code</th><th>Link</th></tr></thead><tbody>
${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}
</tbody></table></body></html>`;
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  );
  return c.html(page, 200);
}

export async function clearDevInbox(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await openInbox(ctx, c).clear();
  return c.body(null, 204);
}
