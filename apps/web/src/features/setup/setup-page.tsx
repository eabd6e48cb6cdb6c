// The first-run setup screen (/{lang}/setup?token=…): reachable only with the one-time token
// the server's start-up message prints while no community exists. Creates the community and
// invites its first owner through the community-setup function (docs/decisions/0870).
import { setupMessages } from '@club/i18n/namespaces/setup';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useForm } from '../auth/use-auth-form';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import { AuthCard } from '../auth/auth-layout';
import { callSetup, type SetupDone } from './call-setup';

const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function SetupPage() {
  const t = useT(setupMessages);
  const language = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [valid, setValid] = useState<boolean>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<SetupDone & { email: string }>();

  useEffect(() => {
    let active = true;
    void callSetup({ token, check: true }).then((answer) => {
      if (active) setValid(answer.ok && answer.valid === true);
    });
    return () => {
      active = false;
    };
  }, [token]);

  const form = useForm({
    initial: { name: '', ownerEmail: '', language: language as string },
    rules: {
      name: (value) =>
        value.trim() === ''
          ? 'errors.nameRequired'
          : value.trim().length > 120
            ? 'errors.nameTooLong'
            : undefined,
      ownerEmail: (value) => (emailPattern.test(value.trim()) ? undefined : 'errors.emailInvalid'),
    },
    onSubmit: async (values) => {
      setFailure(undefined);
      const answer = await callSetup({
        token,
        name: values.name.trim(),
        owner_email: values.ownerEmail.trim(),
        language: values.language,
        redirect_to: `${window.location.origin}${localePath(values.language === 'en' ? 'en' : 'da', 'new-password')}`,
      });
      if (answer.ok && answer.done) {
        setDone({ ...answer.done, email: values.ownerEmail.trim() });
        return;
      }
      if (answer.error === 'invalid_setup_token') setValid(false);
      else if (answer.error === 'setup_done') setFailure(t('errors.setupDone'));
      else if (answer.error === 'slug_taken') setFailure(t('errors.slugTaken'));
      else if (answer.error === 'invalid_email') form.setErrors({ ownerEmail: 'errors.emailInvalid' });
      else setFailure(t('errors.failed', { reason: answer.message ?? answer.error ?? '' }));
    },
  });

  if (valid === undefined) {
    return (
      <AuthCard title={t('title')}>
        <p role="status" className="sr-only">
          {t('checking')}
        </p>
        <Skeleton className="h-10" />
      </AuthCard>
    );
  }
  const signIn = (
    <p className="mt-6 text-center text-sm">
      <Link
        to={localePath(language, 'login')}
        className="font-medium text-accent-soft-foreground underline-offset-4 hover:underline dark:text-accent"
      >
        {t('done.signIn')}
      </Link>
    </p>
  );
  if (done) {
    const address = `${window.location.origin}${localePath(language, done.community.slug)}`;
    return (
      <AuthCard title={t('done.title', { name: done.community.name })}>
        <Alert kind="success">
          {done.invited
            ? t('done.invited', { email: done.email, address })
            : t('done.existing', { email: done.email })}
        </Alert>
        {signIn}
      </AuthCard>
    );
  }
  if (!valid) {
    return (
      <AuthCard title={t('title')}>
        <Alert kind="error">{t('errors.invalidToken')}</Alert>
        {signIn}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('title')} description={t('description')}>
      <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
        {failure ? <Alert kind="error">{failure}</Alert> : null}
        <FormField
          label={t('fields.name')}
          help={t('fields.nameHint')}
          error={form.errors.name && t(form.errors.name)}
        >
          <Input {...form.field('name')} autoComplete="organization" maxLength={120} />
        </FormField>
        <FormField
          label={t('fields.ownerEmail')}
          help={t('fields.ownerEmailHint')}
          error={form.errors.ownerEmail && t(form.errors.ownerEmail)}
        >
          <Input {...form.field('ownerEmail')} type="email" autoComplete="email" />
        </FormField>
        <FormField label={t('fields.language')}>
          <select
            {...form.field('language')}
            className="h-10 w-full rounded-md border border-input bg-surface px-3 text-sm"
          >
            <option value="da">{t('fields.languageDa')}</option>
            <option value="en">{t('fields.languageEn')}</option>
          </select>
        </FormField>
        <Button type="submit" className="w-full" disabled={form.submitting}>
          {form.submitting ? t('submitting') : t('submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
