// Where e-mail links and identity providers return. supabase-js has already read (and the app
// cleared) any session in the address; links carrying `token_hash` are verified here. Then the
// visitor continues to `next`. A sign-up link opened in another browser than the one that
// signed up has confirmed the address on the server (the code in the address is issued only
// after that), but cannot sign in there: PKCE keeps the code's verifier in the signing-up
// browser. The page says the address is confirmed and offers sign-in instead of calling the
// link invalid; a used or expired sign-up link says it may have confirmed already.
import type { EmailOtpType } from '@supabase/supabase-js';
import { CircleAlert, LoaderCircle, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { localePath, useLanguage } from '../../lib/i18n';
import { displayName, safeReturnPath } from '../../lib/session';
import { supabase } from '../../lib/supabase';
import { takeUrlAuthError } from '../../lib/url-auth';
import { useAuthText } from './use-auth-text';
import { useDocumentTitle } from '../../lib/document-title';

const otpTypes = new Set(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email']);

export function ConfirmPage() {
  const { t } = useAuthText();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<'confirmedElsewhere' | 'signupLinkUsed' | null>(null);
  const signupLink = params.get('link') === 'signup';
  useEffect(() => {
    let active = true;
    const next = safeReturnPath(params.get('next')) ?? localePath(language);
    void (async () => {
      const linkError = takeUrlAuthError();
      const tokenHash = params.get('token_hash');
      const type = params.get('type') ?? '';
      if (!linkError && tokenHash && otpTypes.has(type)) {
        const { error } = await supabase().auth.verifyOtp({
          token_hash: tokenHash,
          type: type as EmailOtpType,
        });
        if (error && active) {
          setFailed(true);
          return;
        }
        if (type === 'recovery') {
          await navigate(localePath(language, 'new-password'), { replace: true });
          return;
        }
      }
      const { data } = await supabase().auth.getSession();
      if (!active) return;
      if (signupLink && !data.session && linkError?.code === 'pkce_code_verifier_not_found') {
        setOutcome('confirmedElsewhere');
        return;
      }
      if (linkError || !data.session) {
        if (signupLink && linkError?.code === 'otp_expired') setOutcome('signupLinkUsed');
        setFailed(true);
        return;
      }
      toast({ title: t('signedIn', { name: displayName(data.session) }) });
      await navigate(next, { replace: true });
    })();
    return () => {
      active = false;
    };
  }, []);
  useDocumentTitle(
    outcome === 'confirmedElsewhere'
      ? t('confirm.confirmed')
      : failed
        ? t('confirm.failed')
        : t('confirm.title'),
  );
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      {outcome === 'confirmedElsewhere' ? (
        <div className="max-w-sm text-center">
          <MailCheck
            aria-hidden="true"
            className="mx-auto mb-3 size-10 text-accent-soft-foreground dark:text-accent"
          />
          <h1 className="text-xl font-semibold">{t('confirm.confirmed')}</h1>
          <p className="mt-2 text-sm text-muted-foreground" role="status">
            {t('confirm.confirmedElsewhere')}
          </p>
          <Link
            to={localePath(language, 'login')}
            className={`${buttonVariants({ variant: 'primary' })} mt-6`}
          >
            {t('confirm.signIn')}
          </Link>
        </div>
      ) : failed ? (
        <div className="max-w-sm text-center">
          <CircleAlert aria-hidden="true" className="mx-auto mb-3 size-10 text-destructive" />
          <h1 className="text-xl font-semibold">{t('confirm.failed')}</h1>
          <p className="mt-2 text-sm text-muted-foreground" role="alert">
            {outcome === 'signupLinkUsed' ? t('confirm.signupLinkUsed') : t('errors.linkInvalid')}
          </p>
          <Link
            to={localePath(language, 'login')}
            className={`${buttonVariants({ variant: 'primary' })} mt-6`}
          >
            {t('confirm.continue')}
          </Link>
        </div>
      ) : (
        <div className="flex items-center gap-3" role="status">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          <h1 className="text-lg font-medium">{t('confirm.title')}</h1>
        </div>
      )}
    </main>
  );
}
