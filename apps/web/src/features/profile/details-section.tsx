import { authMessages } from '@club/i18n/namespaces/auth';
import { commonMessages } from '@club/i18n/namespaces/common';
import { profileMessages } from '@club/i18n/namespaces/profile';
import type { User } from '@supabase/supabase-js';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { useForm } from '../auth/use-auth-form';
import { checkRequired, describeAuthError } from '../../lib/auth-feedback';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';

export function DetailsSection({ user }: { user: User }) {
  const t = useT(profileMessages);
  const ta = useT(authMessages);
  const tc = useT(commonMessages);
  const meta = user.user_metadata as Record<string, unknown>;
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    initial: {
      fullName: typeof meta.full_name === 'string' ? meta.full_name : '',
      phone: typeof meta.phone_number === 'string' ? meta.phone_number : '',
    },
    rules: { fullName: checkRequired },
    onSubmit: async ({ fullName, phone }) => {
      setFailure(undefined);
      const { error } = await supabase().auth.updateUser({
        data: { full_name: fullName.trim(), phone_number: phone.trim() },
      });
      if (error) setFailure(ta(describeAuthError(error).key));
      else toast({ title: tc('actions.saved'), description: t('details.saved') });
    },
  });
  return (
    <Card aria-labelledby="details-title">
      <CardHeader id="details-title" title={t('details.title')} />
      <CardBody>
        <form noValidate onSubmit={form.handleSubmit} className="space-y-4">
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <FormField label={t('details.fullName')} error={form.errors.fullName && ta(form.errors.fullName)}>
            <Input {...form.field('fullName')} autoComplete="name" />
          </FormField>
          <FormField label={t('details.phone')}>
            <Input {...form.field('phone')} type="tel" autoComplete="tel" />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={form.submitting}>
              {form.submitting ? tc('actions.saving') : tc('actions.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
