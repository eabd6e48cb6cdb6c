// Asks the server's check-url function whether a link is a valid http(s) address that answers
// (it never follows redirects into private addresses and gives up after a short time).
import { supabase } from '../../lib/supabase';

export type LinkCheck = { valid: true } | { valid: false; reason: string };

export async function checkNewsLink(url: string): Promise<LinkCheck> {
  const { data, error } = await supabase().functions.invoke<{ valid?: boolean; reason?: string }>(
    'check-url',
    { body: { url } },
  );
  if (error || !data) return { valid: false, reason: 'unreachable' };
  return data.valid ? { valid: true } : { valid: false, reason: data.reason ?? 'invalid_url' };
}
