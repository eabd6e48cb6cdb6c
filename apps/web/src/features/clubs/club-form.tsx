// A club's details: name, description, CVR, contact and logo. The same form creates a club (in
// the list's dialog) and edits one (on the club page). The database decides (the clubs checks
// and club_name_taken, decision 0920); the schema says the same first so the message lands
// under the field at once.
import { clubsMessages } from '@club/i18n/namespaces/clubs';
import { z } from 'zod';
import { Form, FormErrorSummary, TextAreaField, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Button } from '../../components/ui/button';
import { LogoField } from '../../components/upload/logo-field';
import { useT } from '../../lib/i18n';
import type { ClubRow } from './load-clubs';
import type { ClubValues } from './save-clubs';

const optional = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message);

const schema = z.object({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000),
  cvr: optional(/^[0-9]{8}$/, 'errors.cvr'),
  contact_name: z.string().trim().max(120),
  contact_email: optional(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'errors.email'),
  contact_phone: optional(/^\+?[0-9 ]{6,20}$/, 'errors.phone'),
  logo_path: z.string(),
});

const orNull = (value: string) => (value === '' ? null : value);

export function ClubForm({
  communityId,
  club,
  readOnly = false,
  submitLabel,
  onSave,
}: {
  communityId: string;
  club?: ClubRow;
  readOnly?: boolean;
  submitLabel: string;
  onSave: (values: ClubValues) => Promise<void>;
}) {
  const t = useT(clubsMessages);
  const form = useAppForm({
    schema,
    defaultValues: {
      name: club?.name ?? '',
      description: club?.description ?? '',
      cvr: club?.cvr ?? '',
      contact_name: club?.contact_name ?? '',
      contact_email: club?.contact_email ?? '',
      contact_phone: club?.contact_phone ?? '',
      logo_path: club?.logo_path ?? '',
    },
    serverErrors: {
      codes: { club_name_taken: { field: 'name', message: 'errors.nameTaken' } },
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-4"
      onSubmit={async (values) => {
        await onSave({
          name: values.name,
          description: orNull(values.description),
          cvr: orNull(values.cvr),
          contact_name: orNull(values.contact_name),
          contact_email: orNull(values.contact_email),
          contact_phone: orNull(values.contact_phone),
          logo_path: orNull(values.logo_path),
        });
        form.reset(values);
      }}
    >
      <fieldset disabled={readOnly} className="space-y-4">
        <FormErrorSummary />
        <TextField name="name" label={t('fields.name')} />
        <TextAreaField name="description" label={t('fields.description')} rows={3} optional />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="contact_name" label={t('fields.contactName')} autoComplete="off" optional />
          <TextField
            name="contact_email"
            type="email"
            label={t('fields.contactEmail')}
            autoComplete="off"
            optional
          />
          <TextField name="contact_phone" type="tel" label={t('fields.contactPhone')} optional />
          <TextField
            name="cvr"
            label={t('fields.cvr')}
            help={t('fields.cvrHelp')}
            inputMode="numeric"
            optional
          />
        </div>
        <LogoField
          communityId={communityId}
          folder="clubs"
          label={t('fields.logo')}
          readOnly={readOnly}
          messages={{
            accepted: t('logo.accepted'),
            wrongType: t('logo.wrongType'),
            tooLarge: t('logo.tooLarge'),
            failed: t('logo.failed'),
            preview: t('logo.preview'),
            choose: t('logo.choose'),
            replace: t('logo.replace'),
            remove: t('logo.remove'),
          }}
        />
      </fieldset>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      )}
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={club?.name ?? t('create.title')}
        saving={form.saving}
      />
    </Form>
  );
}
