// Reads the server's development inbox (GET /auth/v1/_dev/inbox?token=<its secret>) for the
// mail a test expects.
import { devInboxUrl } from '../../apps/server/src/services/auth/show-dev-inbox';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';

export interface InboxMail {
  to: string;
  subject: string;
  text: string;
  meta: Record<string, string>;
  created_at: string;
}

export async function waitForMail(
  platform: TestPlatform,
  to: string,
  match: (mail: InboxMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(
      `${devInboxUrl(platform.url, platform.devInboxToken)}&format=json&to=${encodeURIComponent(to)}`,
      { headers: { accept: 'application/json' } },
    );
    if (response.ok) {
      const { messages } = (await response.json()) as { messages: InboxMail[] };
      const found = messages.find(match);
      if (found) return found;
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (inbox answered ${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The link in a mail: the one the server recorded, else the first URL in the text. */
export function mailLink(mail: InboxMail): string {
  const link = mail.meta.link ?? /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`mail "${mail.subject}" has no link`);
  return link;
}
