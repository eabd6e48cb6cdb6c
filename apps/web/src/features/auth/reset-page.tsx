// Ask for a password reset link; the link comes back to /new-password.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForm } from './use-auth-form';
import { checkEmail } from '../../lib/auth-feedback';
import { localePath, useLanguage } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { AuthCard } from './auth-layout';
import { useAuthText } from './use-auth-text';

export function ResetPage() {
  const { t, explain } = useAuthText();
  const language = useLanguage();
  const [failure, setFailure] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    initial: { email: '' },
    rules: { email: checkEmail },
    onSubmit: async ({ email }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${window.location.origin}${localePath(language, 'new-password')}`,
      });
      if (error) setFailure(explain(error));
      else setSentTo(email.trim());
    },
  });
  return (
    <AuthCard title={t('reset.title')} description={t('reset.description')}>
      {sentTo ? (
        <Alert kind="success">{t('reset.sent', { email: sentTo })}</Alert>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <FormField label={t('fields.email')} error={form.errors.email && t(form.errors.email)}>
            <Input {...form.field('email')} type="email" autoComplete="email" />
          </FormField>
          <Button type="submit" className="w-full" disabled={form.submitting}>
            {form.submitting ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to={localePath(language, 'login')}
          className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
        >
          {t('reset.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
