// Choose a new password after opening the reset link (the link's session arrives through the
// address); without a session the link was used or has expired. The link's session is aal1:
// when the account has an authenticator app, the server (as GoTrue) changes the password
// only at aal2, so the page asks for the app's code first.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useForm } from './use-auth-form';
import { checkPassword, checkPasswordsMatch } from '../../lib/auth-feedback';
import { localePath, useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { supabase } from '../../lib/supabase';
import { takeUrlAuthError } from '../../lib/url-auth';
import { AuthCard } from './auth-layout';
import { MfaChallenge } from './mfa-challenge';
import { NewPasswordFields } from './new-password-fields';
import { needsSecondFactor } from './second-factor';
import { useAuthText } from './use-auth-text';

export function NewPasswordPage() {
  const { t, explain } = useAuthText();
  const language = useLanguage();
  const navigate = useNavigate();
  const { session, loading } = useSession();
  const [linkError] = useState(() => takeUrlAuthError());
  const [failure, setFailure] = useState<string>();
  const [secondFactor, setSecondFactor] = useState<'unknown' | 'needed' | 'done'>('unknown');
  useEffect(() => {
    if (linkError) setFailure(t('errors.recoveryExpired'));
  }, [linkError, t]);
  const sessionToken = session?.access_token;
  useEffect(() => {
    if (!sessionToken) return;
    let current = true;
    void needsSecondFactor().then((needed) => {
      if (current) setSecondFactor(needed ? 'needed' : 'done');
    });
    return () => {
      current = false;
    };
  }, [sessionToken]);
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    rules: {
      password: checkPassword,
      confirmPassword: (value, values) => checkPasswordsMatch(value, values.password),
    },
    onSubmit: async ({ password }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.updateUser({ password });
      if (error) {
        // A factor added since the page looked: ask for its code, then try again.
        if (error.code === 'insufficient_aal') setSecondFactor('needed');
        else setFailure(explain(error, 'recovery'));
        return;
      }
      toast({ title: t('newPassword.done') });
      await navigate(localePath(language), { replace: true });
    },
  });

  if (loading || (session && secondFactor === 'unknown')) {
    return (
      <AuthCard title={t('newPassword.title')}>
        <Skeleton className="h-10" />
      </AuthCard>
    );
  }

  if (!session) {
    return (
      <AuthCard title={t('newPassword.title')}>
        <Alert kind="error">{failure ?? t('errors.recoveryExpired')}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link
            to={localePath(language, 'reset')}
            className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
          >
            {t('newPassword.requestNew')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  if (secondFactor === 'needed') {
    return (
      <AuthCard title={t('newPassword.title')} description={t('newPassword.mfaDescription')}>
        <MfaChallenge onVerified={() => setSecondFactor('done')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('newPassword.title')} description={t('newPassword.description')}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <NewPasswordFields form={form} label={t('fields.newPassword')} />
        <Button type="submit" className="w-full" disabled={form.submitting}>
          {form.submitting ? t('newPassword.submitting') : t('newPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
