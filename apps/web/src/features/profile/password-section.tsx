import { authMessages } from '@club/i18n/namespaces/auth';
import { profileMessages } from '@club/i18n/namespaces/profile';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { toast } from '../../components/ui/toast-store';
import { useForm } from '../auth/use-auth-form';
import { checkPassword, checkPasswordsMatch, describeAuthError } from '../../lib/auth-feedback';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

/** Changing the password; when the server asks for reauthentication, a code is e-mailed and asked for. */
export function PasswordSection() {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const [failure, setFailure] = useState<string>();
  const [needsNonce, setNeedsNonce] = useState(false);
  const form = useForm({
    initial: { password: '', confirmPassword: '', nonce: '' },
    rules: {
      password: checkPassword,
      confirmPassword: (value, values) => checkPasswordsMatch(value, values.password),
      nonce: (value) => (needsNonce && value.trim() === '' ? 'validation.required' : undefined),
    },
    onSubmit: async ({ password, nonce }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.updateUser({
        password,
        ...(needsNonce ? { nonce: nonce.trim() } : {}),
      });
      if (error) {
        const failureInfo = describeAuthError(error);
        if (error.code === 'reauthentication_needed') {
          await supabase().auth.reauthenticate();
          setNeedsNonce(true);
        }
        setFailure([ta(failureInfo.key), ...failureInfo.reasons.map((r) => ta(r))].join(' '));
        return;
      }
      setNeedsNonce(false);
      form.reset({ password: '', confirmPassword: '', nonce: '' });
      toast({ title: t('password.saved') });
    },
  });
  return (
    <Card aria-labelledby="password-title">
      <CardHeader id="password-title" title={t('password.title')} />
      <CardBody>
        <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <FormField label={t('password.new')} error={form.errors.password && ta(form.errors.password)}>
            <PasswordInput {...form.field('password')} autoComplete="new-password" />
          </FormField>
          <FormField
            label={t('password.confirm')}
            error={form.errors.confirmPassword && ta(form.errors.confirmPassword)}
          >
            <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
          </FormField>
          {needsNonce ? (
            <FormField label={t('password.nonce')} error={form.errors.nonce && ta(form.errors.nonce)}>
              <Input {...form.field('nonce')} inputMode="numeric" autoComplete="one-time-code" />
            </FormField>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" disabled={form.submitting}>
              {t('password.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
