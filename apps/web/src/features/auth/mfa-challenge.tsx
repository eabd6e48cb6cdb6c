// The second step of signing in when the account has a verified authenticator app: a 6-digit
// code moves the session from aal1 to aal2.
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
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    void supabase()
      .auth.mfa.listFactors()
      .then(({ data, error }) => {
        if (error) setFailure(explain(error));
        else setFactorId(data.totp.find((f) => f.status === 'verified')?.id);
      });
  }, []);
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
  return (
    <form noValidate onSubmit={form.handleSubmit} className="space-y-4" aria-label={t('mfa.title')}>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
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
