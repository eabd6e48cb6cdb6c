// The development inbox over HTTP: GET /_dev/inbox (an HTML page, or JSON with
// Accept: application/json or ?format=json; ?to= filters) and DELETE /_dev/inbox.
// Not mounted when NODE_ENV=production.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export async function showDevInbox(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  if (!ctx.inbox) throw new AuthError(404, 'feature_disabled', 'The development inbox is off');
  const to = c.req.query('to') || undefined;
  const limit = Number(c.req.query('limit') ?? '50');
  const messages = await ctx.inbox.list({ to, limit: Number.isFinite(limit) ? limit : 50 });
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
  return c.html(page, 200);
}

export async function clearDevInbox(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  if (!ctx.inbox) throw new AuthError(404, 'feature_disabled', 'The development inbox is off');
  await ctx.inbox.clear();
  return c.body(null, 204);
}
