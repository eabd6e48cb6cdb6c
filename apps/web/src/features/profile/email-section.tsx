import { authMessages } from '@club/i18n/namespaces/auth';
import { profileMessages } from '@club/i18n/namespaces/profile';
import type { User } from '@supabase/supabase-js';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForm } from '../auth/use-auth-form';
import { checkEmail, describeAuthError } from '../../lib/auth-feedback';
import { useLanguage, useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

/** Changing the e-mail sends a confirmation link; the change applies when it is opened. */
export function EmailSection({ user }: { user: User }) {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const language = useLanguage();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<string | undefined>(user.new_email ?? undefined);
  const form = useForm({
    initial: { email: '' },
    rules: {
      email: (value) => checkEmail(value),
    },
    onSubmit: async ({ email }) => {
      setFailure(undefined);
      if (email.trim().toLowerCase() === user.email?.toLowerCase()) {
        setFailure(t('email.same'));
        return;
      }
      const { error } = await supabase().auth.updateUser(
        { email: email.trim() },
        {
          emailRedirectTo: `${window.location.origin}/${language}/confirm?next=${encodeURIComponent(`/${language}/profile`)}`,
        },
      );
      if (error) setFailure(ta(describeAuthError(error).key));
      else {
        setPending(email.trim());
        form.reset({ email: '' });
      }
    },
  });
  return (
    <Card aria-labelledby="email-title">
      <CardHeader
        id="email-title"
        title={t('email.title')}
        description={`${t('email.current')}: ${user.email ?? ''}`}
      />
      <CardBody>
        {pending ? <Alert kind="info">{t('email.pending', { email: pending })}</Alert> : null}
        <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <FormField label={t('email.new')} error={form.errors.email && ta(form.errors.email)}>
            <Input {...form.field('email')} type="email" autoComplete="email" />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" disabled={form.submitting}>
              {t('email.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
