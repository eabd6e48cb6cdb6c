// A news post as an e-mail, HTML with a plain-text part: the title as subject, each block of
// the rich text as a paragraph (its words only, so nothing stored ever becomes markup), the
// post's link, who wrote it, and a footer with the recipient's own unsubscribe link. The same
// link goes in List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), so mail programs offer
// one-click unsubscribing (docs/decisions/0893). Words are in the community's language.
import { createTranslator } from '@club/i18n';
import { newsMessages } from '@club/i18n/namespaces/news';
import { richTextPlain, type RichTextNode } from '@club/schemas';
import type { MailMessage } from './mailer';

export interface NewsMailInput {
  email: string;
  title: string;
  content: unknown;
  linkUrl: string | null;
  authorName: string | null;
  communityName: string;
  postId: string;
  /** The recipient's own unsubscribe address (the server's unsubscribe route). */
  unsubscribeUrl: string;
  language: 'da' | 'en';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function paragraphs(content: unknown): string[] {
  const doc = content as RichTextNode | null;
  const blocks = Array.isArray(doc?.content) ? doc.content : [];
  return blocks.map((block) => richTextPlain(block).trim()).filter((text) => text !== '');
}

/** The unsubscribe address of a recipient's token under the server's public address. */
export function newsUnsubscribeUrl(publicUrl: string, token: string): string {
  return new URL(`/mail/v1/news/unsubscribe/${token}`, publicUrl).toString();
}

export function composeNewsMail(input: NewsMailInput): MailMessage {
  const t = createTranslator(newsMessages, input.language);
  const body = paragraphs(input.content);
  const signature = input.authorName ? `${input.authorName}, ${input.communityName}` : input.communityName;
  const footer = t('mail.footer', { community: input.communityName });
  const text = [
    input.title,
    ...body,
    ...(input.linkUrl ? [input.linkUrl] : []),
    `— ${signature}`,
    `--\n${footer}\n${t('mail.unsubscribe')}: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  const p = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937';
  const html = [
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${escapeHtml(input.communityName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#111827">${escapeHtml(input.title)}</h1>`,
    ...body.map((text) => `<p style="${p}">${escapeHtml(text)}</p>`),
    ...(input.linkUrl
      ? [
          `<p style="${p}"><a href="${escapeHtml(input.linkUrl)}" style="color:#1d4ed8">${escapeHtml(t('mail.openLink'))}: ${escapeHtml(input.linkUrl)}</a></p>`,
        ]
      : []),
    `<p style="margin:24px 0 0;font-size:15px;color:#374151">— ${escapeHtml(signature)}</p>`,
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#6b7280;text-align:center">${escapeHtml(footer)}<br>`,
    `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(t('mail.unsubscribe'))}</a></p>`,
    '</div></body></html>',
  ].join('\n');
  return {
    to: input.email,
    subject: input.title,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    meta: { type: 'news', post: input.postId, unsubscribe: input.unsubscribeUrl },
  };
}
