// Create an account: name, e-mail and password; the confirmation link comes back to /confirm.
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForm } from './use-auth-form';
import { checkEmail, checkPassword, checkPasswordsMatch, checkRequired } from '../../lib/auth-feedback';
import { localePath, useLanguage } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { AuthCard } from './auth-layout';
import { NewPasswordFields } from './new-password-fields';
import { confirmUrl, useReturnPath } from './return-path';
import { useAuthText } from './use-auth-text';

export function RegisterPage() {
  const { t, explain } = useAuthText();
  const language = useLanguage();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [failure, setFailure] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    initial: { fullName: '', email: '', password: '', confirmPassword: '' },
    rules: {
      fullName: checkRequired,
      email: checkEmail,
      password: checkPassword,
      confirmPassword: (value, values) => checkPasswordsMatch(value, values.password),
    },
    onSubmit: async ({ fullName, email, password }) => {
      setFailure(undefined);
      const { data, error } = await supabase().auth.signUp({
        email: email.trim(),
        password,
        options: {
          data: { full_name: fullName.trim(), locale: language },
          emailRedirectTo: confirmUrl(language, returnPath, 'signup'),
        },
      });
      if (error) {
        setFailure(explain(error));
        return;
      }
      if (data.session) await navigate(returnPath, { replace: true });
      else setSentTo(email.trim());
    },
  });

  if (sentTo) {
    return (
      <AuthCard title={t('register.checkInbox')}>
        <div className="flex flex-col items-center gap-4 text-center">
          <MailCheck aria-hidden="true" className="size-10 text-accent-soft-foreground dark:text-accent" />
          <p role="status">{t('register.checkInboxBody', { email: sentTo })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} description={t('register.description')}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <FormField label={t('fields.fullName')} error={form.errors.fullName && t(form.errors.fullName)}>
          <Input {...form.field('fullName')} autoComplete="name" />
        </FormField>
        <FormField label={t('fields.email')} error={form.errors.email && t(form.errors.email)}>
          <Input {...form.field('email')} type="email" autoComplete="email" />
        </FormField>
        <NewPasswordFields form={form} label={t('fields.password')} help={t('newPassword.description')} />
        <Button type="submit" className="w-full" disabled={form.submitting}>
          {form.submitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        {t('register.haveAccount')}{' '}
        <Link
          to={localePath(language, 'login')}
          className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
        >
          {t('register.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
