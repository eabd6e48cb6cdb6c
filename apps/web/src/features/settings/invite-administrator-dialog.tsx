// Settings → Administrators → Invite: an e-mail and the access to grant. The function sends the
// auth invite (whose link leads to /{lang}/new-password) and grants as the signed-in user.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useLanguage, useT } from '../../lib/i18n';
import { AccessFields, areaFlags, areasFrom, flagsFrom } from './access-fields';
import { inviteAdministrator } from './administrators';
import { settingsErrorCodes } from './describe-settings-error';

const schema = z.object({ email: z.email(), areas: areaFlags, manager: z.boolean() });

export function InviteAdministratorDialog({
  communityId,
  open,
  onOpenChange,
  onInvited,
}: {
  communityId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: () => Promise<void>;
}) {
  const t = useT(settingsMessages);
  const language = useLanguage();
  const form = useAppForm({
    schema,
    defaultValues: { email: '', areas: flagsFrom([]), manager: false },
    serverErrors: {
      codes: { ...settingsErrorCodes, invalid_email: { field: 'email', message: 'errors.invalid_email' } },
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admins.inviteTitle')}
      description={t('admins.inviteText')}
    >
      <Form
        form={form}
        translate={(key) => t(key as never)}
        className="space-y-4"
        onSubmit={async (values) => {
          const { invited } = await inviteAdministrator(communityId, language, {
            email: values.email,
            areas: areasFrom(values.areas),
            membershipManager: values.manager,
          });
          toast({ title: t(invited ? 'admins.invited' : 'admins.granted', { email: values.email }) });
          form.reset();
          onOpenChange(false);
          await onInvited();
        }}
      >
        <FormErrorSummary />
        <TextField name="email" type="email" autoComplete="off" label={t('admins.email')} />
        <AccessFields showOwner={false} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('admins.send')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
