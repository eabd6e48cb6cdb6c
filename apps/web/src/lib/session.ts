// The signed-in session as React state, following supabase-js's auth events, plus the guards
// the router uses (signed in, second factor when one is verified, community membership).
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useEffect, useState } from 'react';
import { membershipsFromToken } from './memberships';
import { supabase, type AppSupabaseClient } from './supabase';

export interface SessionState {
  session: Session | null;
  loading: boolean;
  lastEvent: AuthChangeEvent | undefined;
}

/**
 * A page load renews a stored session, so admin areas granted or revoked since the token was
 * issued (settings → administrators) show from the next reload rather than the token's expiry.
 * Done before the router's first loaders read the session. A failed refresh keeps the session
 * (offline) unless the server refused it, which signs out as it would on expiry; tabs opened
 * together reuse one refresh token within the server's reuse interval.
 */
export async function refreshTokenOnStart(client: AppSupabaseClient): Promise<void> {
  const { data } = await client.auth.getSession();
  if (data.session) await client.auth.refreshSession();
}

export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ session: null, loading: true, lastEvent: undefined });
  useEffect(() => {
    let active = true;
    void supabase()
      .auth.getSession()
      .then(({ data }) => {
        if (active)
          setState((s) =>
            s.loading ? { session: data.session, loading: false, lastEvent: s.lastEvent } : s,
          );
      });
    const { data } = supabase().auth.onAuthStateChange((event, session) => {
      if (active) setState({ session, loading: false, lastEvent: event });
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);
  return state;
}

export function useMemberships(session: Session | null) {
  return membershipsFromToken(session?.access_token);
}

/** A relative path on this site to return to after signing in; anything else is refused. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** Display name: the profile's full name, else the part of the e-mail before the @. */
export function displayName(session: Session | null): string {
  const meta = session?.user.user_metadata as Record<string, unknown> | undefined;
  const name =
    typeof meta?.full_name === 'string' ? meta.full_name : typeof meta?.name === 'string' ? meta.name : '';
  return name.trim() || session?.user.email?.split('@')[0] || '';
}
