// Sign in with a password, a code/link sent by e-mail, a passkey, the organisation's SAML
// sign-in or an identity provider; then, when the account has a second factor, with it.
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { useForm } from './use-auth-form';
import { checkCode, checkEmail, checkRequired } from '../../lib/auth-feedback';
import { localePath, useLanguage } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { AuthCard } from './auth-layout';
import { IdentityProviders } from './identity-providers';
import { OrganisationSignIn } from './organisation-sign-in';
import { confirmUrl, useReturnPath } from './return-path';
import { needsSecondFactor } from './second-factor';
import { useAuthText } from './use-auth-text';

// The second step is needed by few sign-ins; it loads on demand to keep /login's first load small.
const MfaChallenge = lazy(() => import('./mfa-challenge').then((m) => ({ default: m.MfaChallenge })));

export function LoginPage() {
  const { t, explain } = useAuthText();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = useReturnPath();
  const [step, setStep] = useState<'credentials' | 'mfa'>(
    params.get('step') === 'mfa' ? 'mfa' : 'credentials',
  );
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [failure, setFailure] = useState<string>();
  const [codeSentTo, setCodeSentTo] = useState<string>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const finish = async () => {
    if (await needsSecondFactor()) {
      setStep('mfa');
      return;
    }
    await navigate(returnPath, { replace: true });
  };

  const passwordForm = useForm({
    initial: { email: '', password: '' },
    rules: { email: checkEmail, password: checkRequired },
    onSubmit: async ({ email, password }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.signInWithPassword({ email: email.trim(), password });
      if (error) {
        setFailure(explain(error));
        return;
      }
      await finish();
    },
  });

  const emailForm = useForm({
    initial: { email: '' },
    rules: { email: checkEmail },
    onSubmit: async ({ email }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.signInWithOtp({
        email: email.trim(),
        options: { shouldCreateUser: false, emailRedirectTo: confirmUrl(language, returnPath) },
      });
      if (error) setFailure(explain(error));
      else setCodeSentTo(email.trim());
    },
  });

  const codeForm = useForm({
    initial: { code: '' },
    rules: { code: checkCode },
    onSubmit: async ({ code }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.verifyOtp({
        email: codeSentTo ?? '',
        token: code.trim(),
        type: 'email',
      });
      if (error) {
        setFailure(explain(error));
        return;
      }
      await finish();
    },
  });

  // Usernameless: the browser offers the passkeys it holds for this site (decision 0845).
  const signInWithPasskey = async () => {
    setFailure(undefined);
    setPasskeyBusy(true);
    const { error } = await supabase().auth.signInWithPasskey();
    setPasskeyBusy(false);
    if (error) {
      // A cancelled prompt, an unknown or refused passkey: the same advice; account states as usual.
      const status = 'status' in error ? error.status : undefined;
      setFailure(status === 403 || status === 429 ? explain(error) : t('login.passkeyFailed'));
      return;
    }
    await finish();
  };

  if (step === 'mfa') {
    return (
      <AuthCard title={t('mfa.title')} description={t('mfa.description')}>
        <Suspense fallback={null}>
          <MfaChallenge onVerified={() => void navigate(returnPath, { replace: true })} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} description={t('login.description')}>
      <div
        role="tablist"
        aria-label={t('login.methodLabel')}
        className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 text-sm"
      >
        {(['password', 'code'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={method === m}
            onClick={() => {
              setMethod(m);
              setFailure(undefined);
            }}
            className={`rounded-md px-3 py-1.5 font-medium ${method === m ? 'bg-surface shadow-sm' : 'text-muted-foreground'}`}
          >
            {m === 'password' ? t('login.withPassword') : t('login.withCode')}
          </button>
        ))}
      </div>
      {failure ? (
        <div className="mb-4">
          <Alert kind="error">{failure}</Alert>
        </div>
      ) : null}
      {method === 'password' ? (
        <form noValidate onSubmit={passwordForm.handleSubmit} className="space-y-4">
          <FormField
            label={t('fields.email')}
            error={passwordForm.errors.email && t(passwordForm.errors.email)}
          >
            <Input {...passwordForm.field('email')} type="email" autoComplete="email" />
          </FormField>
          <FormField
            label={t('fields.password')}
            error={passwordForm.errors.password && t(passwordForm.errors.password)}
          >
            <PasswordInput {...passwordForm.field('password')} autoComplete="current-password" />
          </FormField>
          <div className="flex justify-end text-sm">
            <Link
              to={localePath(language, 'reset')}
              className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
            >
              {t('login.forgot')}
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={passwordForm.submitting}>
            {passwordForm.submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      ) : codeSentTo ? (
        <form noValidate onSubmit={codeForm.handleSubmit} className="space-y-4">
          <Alert kind="success">{t('login.codeSent', { email: codeSentTo })}</Alert>
          <FormField label={t('fields.code')} error={codeForm.errors.code && t(codeForm.errors.code)}>
            <Input
              {...codeForm.field('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </FormField>
          <Button type="submit" className="w-full" disabled={codeForm.submitting}>
            {codeForm.submitting ? t('login.submitting') : t('login.verifyCode')}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={emailForm.handleSubmit} className="space-y-4">
          <FormField label={t('fields.email')} error={emailForm.errors.email && t(emailForm.errors.email)}>
            <Input {...emailForm.field('email')} type="email" autoComplete="email" />
          </FormField>
          <Button type="submit" className="w-full" disabled={emailForm.submitting}>
            {emailForm.submitting ? t('login.sending') : t('login.sendCode')}
          </Button>
        </form>
      )}
      {'PublicKeyCredential' in window ? (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          disabled={passkeyBusy}
          onClick={() => void signInWithPasskey()}
        >
          {t('login.withPasskey')}
        </Button>
      ) : null}
      <OrganisationSignIn redirectTo={confirmUrl(language, returnPath)} />
      <IdentityProviders redirectTo={confirmUrl(language, returnPath)} />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('login.noAccount')}{' '}
        <Link
          to={localePath(language, 'register')}
          className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
        >
          {t('login.register')}
        </Link>
      </p>
    </AuthCard>
  );
}
