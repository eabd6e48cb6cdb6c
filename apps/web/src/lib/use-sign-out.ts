// Signing out, the same from every place that offers it (the account menu, the no-access
// notice, the profile): end the session, say so, and go to the sign-in page.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toast-store';
import { localePath, useLanguage, useT } from './i18n';
import { supabase } from './supabase';

export function useSignOut(): () => Promise<void> {
  const t = useT(shellMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  return async () => {
    await supabase().auth.signOut();
    toast({ title: t('topBar.signedOut') });
    await navigate(localePath(language, 'login'), { replace: true });
  };
}
