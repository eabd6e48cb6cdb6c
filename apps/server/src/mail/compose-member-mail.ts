// A member mailing from the register as an e-mail: the administrator's subject, their text
// with each blank-line-separated part as a paragraph (escaped, so nothing typed becomes
// markup) and the community's name under it.
import type { MailMessage } from './mailer';

export interface MemberMailInput {
  email: string;
  subject: string;
  body: string;
  communityName: string;
  mailingId: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composeMemberMail(input: MemberMailInput): MailMessage {
  const paragraphs = input.body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return {
    to: input.email,
    subject: input.subject,
    text: [...paragraphs, `— ${input.communityName}`].join('\n\n'),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`),
      `<p>— ${escapeHtml(input.communityName)}</p>`,
    ].join('\n'),
    meta: { type: 'member-mail', mailing: input.mailingId },
  };
}
