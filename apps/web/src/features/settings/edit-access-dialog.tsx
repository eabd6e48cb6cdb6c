// Changing one administrator's access: the choice in a dialog, then a confirmation naming the
// person and what they will have. A refusal (the last owner, not allowed) stays in the dialog.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { useState } from 'react';
import { z } from 'zod';
import { Form, FormErrorSummary } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { AccessFields, areaFlags, areasFrom, flagsFrom, useAreaLabel } from './access-fields';
import { setAdministratorAccess, type AccessChoice, type AdministratorRow } from './administrators';
import { describeSettingsError } from './describe-settings-error';

const schema = z.object({ areas: areaFlags, manager: z.boolean(), owner: z.boolean() });

export function EditAccessDialog({
  communityId,
  admin,
  isOwner,
  onClose,
  onSaved,
}: {
  communityId: string;
  admin: AdministratorRow;
  isOwner: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useT(settingsMessages);
  const areaLabel = useAreaLabel();
  const [pending, setPending] = useState<AccessChoice>();
  const [failure, setFailure] = useState<string>();
  const form = useAppForm({
    schema,
    defaultValues: {
      areas: flagsFrom(admin.areas),
      manager: admin.membership_manager,
      owner: admin.role === 'owner',
    },
  });
  const describe = (choice: AccessChoice) => {
    const parts = [
      ...(choice.owner ? [t('admins.owner')] : []),
      ...(choice.membershipManager ? [t('admins.manager')] : []),
      ...choice.areas.map(areaLabel),
    ];
    return parts.length ? parts.join(', ') : t('admins.confirmNone');
  };
  return (
    <>
      <Dialog
        open={!pending}
        onOpenChange={(open) => !open && onClose()}
        title={t('admins.editTitle', { email: admin.email })}
      >
        <Form
          form={form}
          className="space-y-4"
          onSubmit={(values) => {
            setFailure(undefined);
            setPending({
              areas: areasFrom(values.areas),
              membershipManager: values.manager,
              owner: values.owner,
            });
          }}
        >
          <FormErrorSummary />
          {failure ? <Alert kind="error">{failure}</Alert> : null}
          <AccessFields showOwner={isOwner} />
          <div className="flex justify-end">
            <Button type="submit">{t('admins.save')}</Button>
          </div>
        </Form>
      </Dialog>
      {pending ? (
        <ConfirmDialog
          open
          destructive={false}
          onOpenChange={(open) => !open && setPending(undefined)}
          title={t('admins.confirmTitle', { email: admin.email })}
          description={t('admins.confirmText', { email: admin.email, access: describe(pending) })}
          confirmLabel={t('admins.save')}
          onConfirm={async () => {
            try {
              await setAdministratorAccess(communityId, admin.user_id, pending);
            } catch (error) {
              setFailure(describeSettingsError(error, t));
              setPending(undefined);
              return;
            }
            toast({ title: t('admins.saved', { email: admin.email }) });
            onClose();
            await onSaved();
          }}
        />
      ) : null}
    </>
  );
}
