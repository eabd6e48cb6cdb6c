// Settings → General: the community's name, time zone, default language and CVR (communities)
// with contact details and welcome texts (community_settings). Owners save; everyone else sees
// the values read-only. Bank details live with billing (decision 0969); a line points there. The database's checks decide; the schema says the
// same rules first so the form can point at the field.
import { settingsMessages } from '@club/i18n/namespaces/settings';
import { commonMessages } from '@club/i18n/namespaces/common';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  FieldShell,
  Form,
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { LogoField } from '../../components/upload/logo-field';
import { communityLogoKey } from '../../lib/community-logo';
import { communityTimeZoneKey } from '../../lib/community-time-zone';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import type { GeneralSettings } from './load-settings';
import { saveGeneralSettings } from './save-settings';
import { settingsKeys } from './settings-keys';

const timeZones: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Copenhagen'];

const optional = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message);

const schema = z.object({
  name: z.string().trim().min(1).max(120),
  time_zone: z
    .string()
    .trim()
    .refine((v) => v === 'UTC' || timeZones.includes(v), 'general.errors.timeZone'),
  default_language: z.enum(['da', 'en']),
  cvr: optional(/^[0-9]{8}$/, 'general.errors.cvr'),
  contact_email: optional(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'general.errors.email'),
  contact_phone: optional(/^\+?[0-9 ]{6,20}$/, 'general.errors.phone'),
  address: z.string().trim().max(300),
  website: optional(/^https?:\/\/\S+$/, 'general.errors.website'),
  welcome_text: z.string().trim().max(5000),
  admin_welcome_text: z.string().trim().max(5000),
  logo_path: z.string(),
});
type Values = z.output<typeof schema>;

const orNull = (value: string) => (value === '' ? null : value);

export function GeneralSettingsForm({
  communityId,
  data,
  canEdit,
}: {
  communityId: string;
  data: GeneralSettings;
  canEdit: boolean;
}) {
  const t = useT(settingsMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const { community, settings } = data;
  const language = useLanguage();
  const slug = community.slug;
  const defaultValues = useMemo(
    () => ({
      name: community.name,
      time_zone: community.time_zone,
      default_language: community.default_language === 'en' ? ('en' as const) : ('da' as const),
      cvr: community.cvr ?? '',
      contact_email: settings.contact_email ?? '',
      contact_phone: settings.contact_phone ?? '',
      address: settings.address ?? '',
      website: settings.website ?? '',
      welcome_text: settings.welcome_text ?? '',
      admin_welcome_text: settings.admin_welcome_text ?? '',
      logo_path: community.logo_path ?? '',
    }),
    [community, settings],
  );
  const form = useAppForm({
    schema,
    defaultValues,
    serverErrors: {
      codes: { invalid_time_zone: { field: 'time_zone', message: 'general.errors.timeZone' } },
      constraints: {
        communities_cvr_check: 'cvr',
        community_settings_contact_email_check: 'contact_email',
        community_settings_contact_phone_check: 'contact_phone',
        community_settings_website_check: 'website',
      },
    },
  });

  const save = async (values: Values) => {
    await saveGeneralSettings(
      communityId,
      {
        name: values.name,
        time_zone: values.time_zone,
        default_language: values.default_language,
        cvr: orNull(values.cvr),
        logo_path: orNull(values.logo_path),
      },
      {
        contact_email: orNull(values.contact_email),
        contact_phone: orNull(values.contact_phone),
        address: orNull(values.address),
        website: orNull(values.website),
        welcome_text: orNull(values.welcome_text),
        admin_welcome_text: orNull(values.admin_welcome_text),
      },
    );
    form.reset(values);
    toast({ title: t('general.saved', { name: values.name }) });
    await queryClient.invalidateQueries({ queryKey: settingsKeys.general(communityId) });
    // Every area caches the community's time zone (useCommunityTimeZone); times move now.
    await queryClient.invalidateQueries({ queryKey: communityTimeZoneKey(communityId) });
    // The shell shows the logo beside the community's name.
    await queryClient.invalidateQueries({ queryKey: communityLogoKey(communityId) });
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      translate={(key) => t(key as never)}
      className="space-y-4"
      aria-labelledby="settings-general"
    >
      {canEdit ? null : <Alert kind="info">{t('readOnly')}</Alert>}
      <FormErrorSummary />
      <fieldset disabled={!canEdit} className="space-y-4">
        <Card aria-labelledby="settings-general">
          <CardHeader id="settings-general" title={t('general.title')} />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TextField name="name" label={t('general.name')} />
            <TimeZoneField label={t('general.timeZone')} help={t('general.timeZoneHelp')} />
            <SelectField
              name="default_language"
              label={t('general.language')}
              options={[
                { value: 'da', label: t('general.languageDa') },
                { value: 'en', label: t('general.languageEn') },
              ]}
            />
            <TextField
              name="cvr"
              label={t('general.cvr')}
              help={t('general.cvrHelp')}
              inputMode="numeric"
              optional
            />
            <div className="sm:col-span-2">
              <LogoField
                communityId={communityId}
                folder="logo"
                label={t('general.logo')}
                readOnly={!canEdit}
                messages={{
                  accepted: t('general.logoUpload.accepted'),
                  wrongType: t('general.logoUpload.wrongType'),
                  tooLarge: t('general.logoUpload.tooLarge'),
                  failed: t('general.logoUpload.failed'),
                  preview: t('general.logoUpload.preview'),
                  choose: t('general.logoUpload.choose'),
                  replace: t('general.logoUpload.replace'),
                  remove: t('general.logoUpload.remove'),
                }}
              />
            </div>
          </CardBody>
        </Card>
        <Card aria-labelledby="settings-contact">
          <CardHeader id="settings-contact" title={t('general.contactTitle')} />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <TextField name="contact_email" type="email" label={t('general.contactEmail')} optional />
            <TextField name="contact_phone" type="tel" label={t('general.contactPhone')} optional />
            <TextField name="address" label={t('general.address')} optional />
            <TextField
              name="website"
              type="url"
              label={t('general.website')}
              help={t('general.websiteHelp')}
              optional
            />
          </CardBody>
        </Card>
        <Card aria-labelledby="settings-bank">
          <CardHeader id="settings-bank" title={t('general.bankTitle')} />
          <CardBody>
            <p className="text-sm text-muted-foreground">{t('general.bankMoved')}</p>
            <Link
              to={localePath(language, `${slug}/billing/terms#payment-details`)}
              className="text-sm font-medium underline"
            >
              {t('general.bankLink')}
            </Link>
          </CardBody>
        </Card>
        <Card aria-labelledby="settings-welcome">
          <CardHeader id="settings-welcome" title={t('general.welcomeTitle')} />
          <CardBody>
            <TextAreaField name="welcome_text" label={t('general.welcomeText')} optional />
            <TextAreaField name="admin_welcome_text" label={t('general.adminWelcomeText')} optional />
          </CardBody>
        </Card>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? tc('actions.saving') : tc('actions.save')}
          </Button>
        </div>
      ) : null}
      <UnsavedChangesGuard when={form.formState.isDirty} what={t('general.what')} saving={form.saving} />
    </Form>
  );
}

/** The time zone as free text with the browser's list of IANA names as suggestions. */
function TimeZoneField({ label, help }: { label: string; help: string }) {
  const { register } = useFormContext();
  return (
    <>
      <FieldShell name="time_zone" label={label} help={help}>
        <Input list="settings-time-zones" autoComplete="off" {...register('time_zone')} />
      </FieldShell>
      <datalist id="settings-time-zones">
        {timeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
