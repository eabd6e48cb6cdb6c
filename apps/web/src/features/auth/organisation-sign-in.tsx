// "Sign in with your organisation": SAML single sign-on found by the work address's
// domain (decision 1010). The auth server answers the organisation's sign-in address, and
// the browser goes there; it comes back to redirectTo signed in, as after an identity provider.
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { checkEmail } from '../../lib/auth-feedback';
import { useSamlEnabled } from '../../lib/identity-providers';
import { supabase } from '../../lib/supabase';
import { useForm } from './use-auth-form';
import { useAuthText } from './use-auth-text';

export function OrganisationSignIn({ redirectTo }: { redirectTo: string }) {
  const { t, explain } = useAuthText();
  const enabled = useSamlEnabled();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const form = useForm({
    initial: { email: '' },
    rules: { email: checkEmail },
    onSubmit: async ({ email }) => {
      setFailure(undefined);
      const domain = email.trim().split('@')[1] ?? '';
      const { data, error } = await supabase().auth.signInWithSSO({ domain, options: { redirectTo } });
      if (error || !data?.url) {
        setFailure(explain(error));
        return;
      }
      setLeaving(true);
      window.location.assign(data.url);
    },
  });
  if (!enabled) return null;
  if (!open) {
    return (
      <Button variant="secondary" className="mt-4 w-full" onClick={() => setOpen(true)}>
        <Building2 aria-hidden="true" />
        {t('login.withOrganisation')}
      </Button>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      aria-label={t('login.withOrganisation')}
      className="mt-4 space-y-4 rounded-lg border border-border p-4"
    >
      <p className="text-sm text-muted-foreground">{t('login.organisationHint')}</p>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <FormField label={t('login.organisationEmail')} error={form.errors.email && t(form.errors.email)}>
        <Input {...form.field('email')} type="email" autoComplete="email" />
      </FormField>
      <Button type="submit" className="w-full" disabled={form.submitting || leaving}>
        {form.submitting || leaving ? t('login.organisationOpening') : t('login.organisationSubmit')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => setOpen(false)}>
        {t('login.organisationBack')}
      </Button>
    </form>
  );
}
