// The second step of signing in when the account has a verified second factor: a passkey
// (WebAuthn, through supabase-js mfa.webauthn) or a 6-digit code moves the session from aal1 to aal2.
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForm } from './use-auth-form';
import { checkCode } from '../../lib/auth-feedback';
import { supabase } from '../../lib/supabase';
import { useAuthText } from './use-auth-text';

export function MfaChallenge({ onVerified }: { onVerified: () => void }) {
  const { t, explain } = useAuthText();
  const [factorId, setFactorId] = useState<string>();
  const [passkeyId, setPasskeyId] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    void supabase()
      .auth.mfa.listFactors()
      .then(({ data, error }) => {
        if (error) setFailure(explain(error));
        else {
          setFactorId(data.totp[0]?.id);
          setPasskeyId(data.webauthn[0]?.id);
        }
      });
  }, []);
  const signInWithPasskey = async () => {
    if (!passkeyId) return;
    setFailure(undefined);
    setWaiting(true);
    const { error } = await supabase().auth.mfa.webauthn.authenticate({ factorId: passkeyId });
    setWaiting(false);
    if (error) setFailure(t('mfa.passkeyFailed'));
    else onVerified();
  };
  const form = useForm({
    initial: { code: '' },
    rules: { code: checkCode },
    onSubmit: async ({ code }) => {
      setFailure(undefined);
      if (!factorId) return;
      const { error } = await supabase().auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
      if (error) {
        setFailure(explain(error));
        form.setValue('code', '');
        return;
      }
      onVerified();
    },
  });
  const passkey = passkeyId ? (
    <Button
      type="button"
      variant={factorId ? 'secondary' : 'primary'}
      className="w-full"
      disabled={waiting}
      onClick={() => void signInWithPasskey()}
    >
      <KeyRound aria-hidden="true" />
      {waiting ? t('mfa.passkeyWaiting') : t('mfa.passkey')}
    </Button>
  ) : null;
  if (passkeyId && !factorId) {
    return (
      <div className="space-y-4">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        {passkey}
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit} className="space-y-4" aria-label={t('mfa.title')}>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      {passkey}
      <FormField label={t('fields.code')} error={form.errors.code && t(form.errors.code)}>
        <Input
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.submitting || !factorId}>
        {form.submitting ? t('mfa.verifying') : t('mfa.submit')}
      </Button>
    </form>
  );
}
