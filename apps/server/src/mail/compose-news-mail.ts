// A news post as an e-mail: the title as subject, each block of the rich text as a paragraph
// (its words only, so nothing stored ever becomes markup), the post's link and who wrote it.
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
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function paragraphs(content: unknown): string[] {
  const doc = content as RichTextNode | null;
  const blocks = Array.isArray(doc?.content) ? doc.content : [];
  return blocks.map((block) => richTextPlain(block).trim()).filter((text) => text !== '');
}

export function composeNewsMail(input: NewsMailInput): MailMessage {
  const body = paragraphs(input.content);
  const signature = input.authorName ? `${input.authorName}, ${input.communityName}` : input.communityName;
  const text = [input.title, ...body, ...(input.linkUrl ? [input.linkUrl] : []), `— ${signature}`].join(
    '\n\n',
  );
  const html = [
    `<h1>${escapeHtml(input.title)}</h1>`,
    ...body.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(input.linkUrl
      ? [`<p><a href="${escapeHtml(input.linkUrl)}">${escapeHtml(input.linkUrl)}</a></p>`]
      : []),
    `<p>— ${escapeHtml(signature)}</p>`,
  ].join('\n');
  return {
    to: input.email,
    subject: input.title,
    text,
    html,
    meta: { type: 'news', post: input.postId },
  };
}
