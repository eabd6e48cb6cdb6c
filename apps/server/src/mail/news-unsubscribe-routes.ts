// /mail/v1/news/unsubscribe/{token}: leaving a community's news e-mails (docs/decisions/0893).
// The secret token of one sent mail is the only credential. GET shows a small page, in the
// community's language, naming the address and the community with one button; POST leaves
// (the button, or a mail program's RFC 8058 one-click POST of "List-Unsubscribe=One-Click")
// and is recorded by app_private.news_unsubscribe. GET never unsubscribes, so link scanners
// that open every link in a mail do not unsubscribe anyone. An unknown token is a 404 page.
import { createTranslator } from '@club/i18n';
import { newsMessages } from '@club/i18n/namespaces/news';
import { Hono } from 'hono';
import type { ServerDeps } from '../deps';
import type { AppEnv } from '../http/app-env';

interface Unsubscribe {
  email: string;
  community: string;
  language: string;
  unsubscribed_at: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(language: 'da' | 'en', title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;margin:0;padding:24px 16px;background:#f3f4f6;color:#111827}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:22px;margin:0 0 16px}
p{line-height:1.5}button{font:inherit;padding:10px 16px;border-radius:6px;border:0;background:#b91c1c;color:#fff;cursor:pointer}
@media (prefers-color-scheme:dark){body{background:#030712;color:#f9fafb}main{background:#111827}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function createNewsUnsubscribeRoutes(deps: ServerDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const headers = {
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
    'Referrer-Policy': 'no-referrer',
  };
  const answer = async (token: string, confirm: boolean, fallback: 'da' | 'en') => {
    const result = /^[0-9a-f]{64}$/.test(token)
      ? await deps.db.query<{ state: Unsubscribe | null }>(
          'select app_private.news_unsubscribe($1, $2) as state',
          [token, confirm],
        )
      : undefined;
    const state = result?.rows[0]?.state ?? null;
    const language = state?.language === 'en' ? 'en' : state ? 'da' : fallback;
    return { state, language, t: createTranslator(newsMessages, language) } as const;
  };
  const requested = (lang: string | undefined): 'da' | 'en' => (lang === 'en' ? 'en' : 'da');

  routes.get('/news/unsubscribe/:token', async (c) => {
    const { state, language, t } = await answer(c.req.param('token'), false, requested(c.req.query('lang')));
    if (!state)
      return c.html(
        page(language, t('unsubscribe.title'), `<p>${escapeHtml(t('unsubscribe.notFound'))}</p>`),
        404,
        headers,
      );
    const words = { email: state.email, community: state.community };
    const body = state.unsubscribed_at
      ? `<p>${escapeHtml(t('unsubscribe.already', words))}</p><p>${escapeHtml(t('unsubscribe.again', words))}</p>`
      : `<p>${escapeHtml(t('unsubscribe.question', words))}</p><form method="post"><button type="submit">${escapeHtml(t('unsubscribe.confirm'))}</button></form>`;
    return c.html(page(language, t('unsubscribe.title'), body), 200, headers);
  });

  routes.post('/news/unsubscribe/:token', async (c) => {
    const { state, language, t } = await answer(c.req.param('token'), true, requested(c.req.query('lang')));
    if (!state)
      return c.html(
        page(language, t('unsubscribe.title'), `<p>${escapeHtml(t('unsubscribe.notFound'))}</p>`),
        404,
        headers,
      );
    const words = { email: state.email, community: state.community };
    return c.html(
      page(
        language,
        t('unsubscribe.title'),
        `<p>${escapeHtml(t('unsubscribe.done', words))}</p><p>${escapeHtml(t('unsubscribe.again', words))}</p>`,
      ),
      200,
      headers,
    );
  });
  return routes;
}
