// The community-setup function's answers as one shape: ok with the check result or the created
// community, or the error code and sentence the function sent (network failures included).
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../lib/supabase';

export interface SetupDone {
  community: { id: string; slug: string; name: string };
  invited: boolean;
}

export interface SetupAnswer {
  ok: boolean;
  valid?: boolean;
  done?: SetupDone;
  error?: string;
  message?: string;
}

export async function callSetup(body: Record<string, unknown>): Promise<SetupAnswer> {
  const { data, error } = await supabase().functions.invoke<{ valid?: boolean } & Partial<SetupDone>>(
    'community-setup',
    { body },
  );
  if (!error && data) {
    return {
      ok: true,
      valid: data.valid,
      done: data.community ? { community: data.community, invited: data.invited === true } : undefined,
    };
  }
  if (error instanceof FunctionsHttpError) {
    const payload = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string;
      message?: string;
    };
    return { ok: false, error: payload.error ?? 'unknown', message: payload.message };
  }
  return { ok: false, error: 'network', message: error?.message };
}
