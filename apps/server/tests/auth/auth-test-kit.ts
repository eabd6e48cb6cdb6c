// Helpers for the auth tests: reading the development inbox over HTTP as the end-to-end
// tests do, and making unique addresses.
import crypto from 'node:crypto';

export interface InboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string;
  meta: Record<string, string>;
}

export async function inbox(baseUrl: string, to: string): Promise<InboxEntry[]> {
  const res = await fetch(`${baseUrl}/auth/v1/_dev/inbox?format=json&to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`inbox answered ${res.status}`);
  return ((await res.json()) as { messages: InboxEntry[] }).messages;
}

export async function latestMessage(baseUrl: string, to: string): Promise<InboxEntry> {
  const messages = await inbox(baseUrl, to);
  if (!messages[0]) throw new Error(`no message for ${to}`);
  return messages[0];
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

export const strongPassword = 'correct-horse-battery';
