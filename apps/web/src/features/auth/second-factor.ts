// Whether the signed-in session must still reach aal2: the account has a verified
// authenticator app and the session was started with one factor (a password, or a link).
import { supabase } from '../../lib/supabase';

export async function needsSecondFactor(): Promise<boolean> {
  const { data } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
  return !!data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}
