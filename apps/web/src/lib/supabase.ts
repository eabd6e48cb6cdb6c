// The one supabase-js client of the app. Sessions live in cookies (product.md §9): path /,
// SameSite lax, readable by scripts, 400 days, chunks of 3180 characters, base64url values
// prefixed `base64-`; @supabase/ssr's browser client writes them that way and uses PKCE.
import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@club/schemas';
import type { AppConfig } from './app-config';
import { createRetryingFetch } from './retrying-fetch';

export const sessionCookieOptions = {
  path: '/',
  sameSite: 'lax' as const,
  httpOnly: false,
  maxAge: 400 * 24 * 60 * 60,
};

/** The client typed by the generated schema: from(), select() and rpc() are checked against it. */
export type AppSupabaseClient = SupabaseClient<Database>;

let client: AppSupabaseClient | undefined;

export function createSupabase(config: AppConfig): AppSupabaseClient {
  client = createBrowserClient<Database>(config.supabaseUrl, config.anonKey, {
    cookieOptions: sessionCookieOptions,
    cookieEncoding: 'base64url',
    isSingleton: false,
    global: { fetch: createRetryingFetch() },
    auth: { flowType: 'pkce', detectSessionInUrl: true, autoRefreshToken: true, persistSession: true },
  });
  return client;
}

/** Lets tests hand in a client of their own. */
export function setSupabase(next: AppSupabaseClient): void {
  client = next;
}

export function supabase(): AppSupabaseClient {
  if (!client) throw new Error('The supabase client has not been created');
  return client;
}
