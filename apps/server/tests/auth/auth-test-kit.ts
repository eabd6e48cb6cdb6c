// Helpers for the auth tests: reading the development inbox over HTTP as the end-to-end
// tests do, and making unique addresses.
import crypto from 'node:crypto';
import { devInboxUrl } from '../../src/services/auth/show-dev-inbox';

export interface InboxEntry {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string;
  meta: Record<string, string>;
}

/** The server whose inbox is read: its address and the inbox's secret. */
export interface InboxServer {
  url: string;
  devInboxToken: string;
}

export async function inbox(server: InboxServer, to: string): Promise<InboxEntry[]> {
  const res = await fetch(
    `${devInboxUrl(server.url, server.devInboxToken)}&format=json&to=${encodeURIComponent(to)}`,
  );
  if (res.status !== 200) throw new Error(`inbox answered ${res.status}`);
  return ((await res.json()) as { messages: InboxEntry[] }).messages;
}

export async function latestMessage(server: InboxServer, to: string): Promise<InboxEntry> {
  const messages = await inbox(server, to);
  if (!messages[0]) throw new Error(`no message for ${to}`);
  return messages[0];
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

export const strongPassword = 'correct-horse-battery';

/** A session store for a supabase-js client that persists its session in the test. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

/** POSTs JSON to an auth path with the anon key and reads the answer's status and body text. */
export async function postAuth(
  server: { url: string; anonKey: string },
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}
