// A new password and its confirmation, as the register and new-password screens ask for them.
import { FormField } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import type { UseForm } from './use-auth-form';
import type { AuthKey } from '../../lib/auth-feedback';
import { useAuthText } from './use-auth-text';

type PasswordForm = Pick<UseForm<{ password: string; confirmPassword: string }, AuthKey>, 'field' | 'errors'>;

export function NewPasswordFields({
  form,
  label,
  help,
}: {
  form: PasswordForm;
  label: string;
  help?: string;
}) {
  const { t } = useAuthText();
  return (
    <>
      <FormField label={label} error={form.errors.password && t(form.errors.password)} help={help}>
        <PasswordInput {...form.field('password')} autoComplete="new-password" />
      </FormField>
      <FormField
        label={t('fields.confirmPassword')}
        error={form.errors.confirmPassword && t(form.errors.confirmPassword)}
      >
        <PasswordInput {...form.field('confirmPassword')} autoComplete="new-password" />
      </FormField>
    </>
  );
}
