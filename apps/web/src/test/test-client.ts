// A real supabase-js client for component tests, holding a session in memory. The access token
// carries the claims a test needs (memberships, aal); supabase-js reads them without a server.
// Calls that do reach the network go to a closed port and fail as a network error would; so do
// realtime's connections (a screen that subscribes, e.g. the live overview, sees them refused).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { MembershipsClaim } from '@club/schemas';
import { setAppConfig } from '../lib/app-config';
import { setSupabase } from '../lib/supabase';

const storageKey = 'test-auth-token';

/**
 * Realtime's socket in component tests. There is no server behind the closed port, so every
 * connection is refused as a browser reports it: an error, then a close. (jsdom's own WebSocket
 * cannot be used: it fails inside realtime-js and again after the test's window is gone.)
 */
class RefusedSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = RefusedSocket.CONNECTING;
  binaryType = 'arraybuffer';
  onopen: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    setTimeout(() => {
      this.readyState = RefusedSocket.CLOSED;
      this.onerror?.({ type: 'error' });
      this.onclose?.({ type: 'close', code: 1006, reason: 'connection refused', wasClean: false });
    }, 0);
  }
  send(): void {}
  close(): void {
    this.readyState = RefusedSocket.CLOSED;
  }
}

function base64url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

export function testAccessToken(claims: {
  memberships?: MembershipsClaim;
  aal?: 'aal1' | 'aal2';
  sub?: string;
}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return [
    base64url({ alg: 'ES256', typ: 'JWT' }),
    base64url({
      sub: claims.sub ?? '00000000-0000-4000-8000-000000000001',
      role: 'authenticated',
      aal: claims.aal ?? 'aal1',
      exp,
      memberships: claims.memberships ?? {},
    }),
    'c2lnbmF0dXJl',
  ].join('.');
}

export interface TestClientOptions {
  memberships?: MembershipsClaim;
  signedIn?: boolean;
  verifiedFactor?: boolean;
  aal?: 'aal1' | 'aal2';
}

export function installTestClient(options: TestClientOptions = {}): SupabaseClient {
  const store = new Map<string, string>();
  if (options.signedIn !== false && (options.signedIn || options.memberships)) {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    store.set(
      storageKey,
      JSON.stringify({
        access_token: testAccessToken({ memberships: options.memberships, aal: options.aal }),
        refresh_token: 'refresh',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: expiresAt,
        user: {
          id: '00000000-0000-4000-8000-000000000001',
          aud: 'authenticated',
          email: 'ane@example.dk',
          app_metadata: {},
          user_metadata: { full_name: 'Ane Jensen' },
          created_at: new Date().toISOString(),
          factors: options.verifiedFactor
            ? [
                {
                  id: 'f1',
                  factor_type: 'totp',
                  status: 'verified',
                  friendly_name: 'Phone',
                  created_at: '',
                  updated_at: '',
                },
              ]
            : [],
        },
      }),
    );
  }
  const client = createClient('http://127.0.0.1:9', 'anon-key', {
    realtime: { transport: RefusedSocket as unknown as typeof WebSocket },
    auth: {
      storageKey,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
    },
  });
  setSupabase(client);
  setAppConfig({
    supabaseUrl: 'http://127.0.0.1:9',
    anonKey: 'anon-key',
    siteUrl: 'http://localhost',
    appName: 'Klubportalen',
  });
  return client;
}

export const acme = {
  community_id: '00000000-0000-4000-8000-00000000000a',
  name: 'Acme Idrætsforening',
  role: 'admin' as const,
  areas: ['event' as const],
  membership_manager: false,
};
