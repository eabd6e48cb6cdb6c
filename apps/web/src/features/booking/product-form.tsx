// The product editor's form: every field of a bookable product (product.md §3) with the
// rules the database holds, said in words before saving.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  CheckboxField,
  FieldShell,
  Form,
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useFormat, useT } from '../../lib/i18n';
import { AccountPicker } from './account-picker';
import { availabilityKinds, priceModes, type ProductDocument } from './booking-records';
import type { ProductChoices } from './load-product';
import { hoursIssues, toHoursRows, toOpeningRows } from './opening-hours';
import { OpeningHoursEditor } from './opening-hours-editor';
import { ProductImageField } from './product-image';
import { saveProduct, type ProductInput } from './save-product';

const whole = (max: number, message: string) =>
  z.string().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) <= max), message);
const kroner = (v: string) => Math.round(Number(v.trim().replace(/\./g, '').replace(',', '.')) * 100);

const schema = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().max(2000),
    imagePath: z.string(),
    accountId: z.string(),
    availability: z.enum(['weekly', 'specific_days', 'timeslot']),
    capacity: z
      .string()
      .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 1000, 'form.capacityInvalid'),
    priceMode: z.enum(['none', 'hourly', 'individual']),
    price: z.string(),
    shareContact: z.boolean(),
    minMinutes: whole(1440, 'form.minutesInvalid'),
    maxMinutes: whole(1440, 'form.minutesInvalid'),
    noticeHours: whole(8760, 'form.hoursInvalid'),
    opensDays: whole(1000, 'form.daysInvalid'),
    cancelHours: whole(8760, 'form.hoursInvalid'),
    hours: z
      .array(z.object({ day: z.string(), from: z.string(), to: z.string() }))
      .superRefine((rows, ctx) => {
        if (rows.length === 0) ctx.addIssue({ code: 'custom', message: 'form.hoursRequired' });
        for (const issue of hoursIssues(rows))
          ctx.addIssue({ code: 'custom', path: [issue.index, issue.field], message: issue.message });
      }),
    certificates: z
      .string()
      .refine(
        (v) => v.split(',').every((k) => k.trim() === '' || /^[a-z0-9_]{2,40}$/.test(k.trim())),
        'form.certificatesInvalid',
      ),
    groupIds: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.priceMode !== 'none' && !(kroner(v.price) > 0))
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'form.priceInvalid' });
    if (v.minMinutes.trim() && v.maxMinutes.trim() && Number(v.minMinutes) > Number(v.maxMinutes))
      ctx.addIssue({ code: 'custom', path: ['maxMinutes'], message: 'form.maxBelowMin' });
  });

const num = (v: string) => (v.trim() === '' ? null : Number(v));

export function ProductForm({
  communityId,
  doc,
  choices,
  onSaved,
}: {
  communityId: string;
  doc: ProductDocument | null;
  choices: ProductChoices;
  onSaved: (id: string, name: string) => Promise<void>;
}) {
  const t = useT(bookingMessages);
  const format = useFormat();
  const p = doc?.product;
  const form = useAppForm({
    schema,
    defaultValues: {
      name: p?.name ?? '',
      description: p?.description ?? '',
      imagePath: p?.image_path ?? '',
      accountId: p?.account_id ?? '',
      availability: p?.availability ?? 'weekly',
      capacity: String(p?.capacity ?? 1),
      priceMode: p?.price_mode ?? 'none',
      price: p && p.price_ore > 0 ? format.number(p.price_ore / 100, 2) : '',
      shareContact: p?.require_contact_sharing ?? false,
      minMinutes: p?.min_duration_minutes?.toString() ?? '',
      maxMinutes: p?.max_duration_minutes?.toString() ?? '',
      noticeHours: p ? String(Math.round(p.min_notice_minutes / 60)) : '0',
      opensDays: p?.opens_days_ahead?.toString() ?? '',
      cancelHours: String(p?.cancel_deadline_hours ?? 0),
      hours: doc ? toHoursRows(doc.hours) : [],
      certificates: doc?.certificates.join(', ') ?? '',
      groupIds: doc?.groupIds ?? [],
    },
    serverErrors: {
      codes: {
        hours_required: { field: 'hours', message: 'form.hoursRequired' },
        booking_products_duration_order: { field: 'maxMinutes', message: 'form.maxBelowMin' },
      },
    },
  });
  const priceMode = useWatch({ control: form.control, name: 'priceMode' });
  const groupIds = useWatch({ control: form.control, name: 'groupIds' });
  const availability = useWatch({ control: form.control, name: 'availability' });

  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="max-w-2xl space-y-4"
      onSubmit={async (v) => {
        const input: ProductInput = {
          id: p?.id,
          community_id: communityId,
          name: v.name,
          description: v.description,
          image_path: v.imagePath,
          account_id: v.accountId,
          availability: v.availability,
          capacity: Number(v.capacity),
          price_mode: v.priceMode,
          price_ore: v.priceMode === 'none' ? 0 : kroner(v.price),
          require_contact_sharing: v.shareContact,
          min_duration_minutes: num(v.minMinutes),
          max_duration_minutes: num(v.maxMinutes),
          min_notice_minutes: (num(v.noticeHours) ?? 0) * 60,
          opens_days_ahead: num(v.opensDays),
          cancel_deadline_hours: num(v.cancelHours) ?? 0,
          hours: toOpeningRows(v.hours),
          certificates: v.certificates
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
          group_ids: v.groupIds,
        };
        await onSaved(await saveProduct(input), v.name.trim());
      }}
    >
      <FormErrorSummary />
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('form.basics')}</legend>
        <TextField name="name" label={t('form.name')} />
        <TextAreaField name="description" label={t('form.descriptionField')} optional rows={3} />
        <ProductImageField communityId={communityId} />
        <AccountPicker communityId={communityId} name="accountId" />
        <TextField
          name="capacity"
          label={t('form.capacity')}
          help={t('form.capacityHelp')}
          inputMode="numeric"
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('form.availabilitySection')}</legend>
        <SelectField
          name="availability"
          label={t('form.availability')}
          options={availabilityKinds.map((k) => ({ value: k, label: t(`availability.${k}`) }))}
        />
        <FieldShell name="hours" label={t('form.hours')}>
          <OpeningHoursEditor availability={availability} />
        </FieldShell>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField name="minMinutes" label={t('form.minMinutes')} inputMode="numeric" optional />
          <TextField name="maxMinutes" label={t('form.maxMinutes')} inputMode="numeric" optional />
          <TextField
            name="noticeHours"
            label={t('form.noticeHours')}
            help={t('form.noticeHelp')}
            inputMode="numeric"
          />
          <TextField
            name="opensDays"
            label={t('form.opensDays')}
            help={t('form.opensHelp')}
            inputMode="numeric"
            optional
          />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('form.priceSection')}</legend>
        <SelectField
          name="priceMode"
          label={t('form.priceMode')}
          options={priceModes.map((m) => ({ value: m, label: t(`price.${m}`) }))}
        />
        {priceMode !== 'none' ? (
          <TextField
            name="price"
            label={priceMode === 'hourly' ? t('form.priceHourly') : t('form.priceIndividual')}
            inputMode="decimal"
          />
        ) : null}
        <TextField
          name="cancelHours"
          label={t('form.cancelHours')}
          help={t('form.cancelHelp')}
          inputMode="numeric"
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">{t('form.requirements')}</legend>
        <TextField
          name="certificates"
          label={t('form.certificates')}
          help={t('form.certificatesHelp')}
          optional
        />
        <FieldShell name="groupIds" label={t('form.groups')} help={t('form.groupsHelp')}>
          <div role="group" className="flex flex-wrap gap-3">
            {choices.groups.length === 0 ? (
              <span className="text-sm text-muted-foreground">{t('form.noGroups')}</span>
            ) : null}
            {choices.groups.map((g) => (
              <label key={g.id} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={groupIds.includes(g.id)}
                  onChange={(e) =>
                    form.setValue(
                      'groupIds',
                      e.target.checked ? [...groupIds, g.id] : groupIds.filter((id) => id !== g.id),
                      { shouldDirty: true },
                    )
                  }
                />
                {g.title}
              </label>
            ))}
          </div>
        </FieldShell>
        <CheckboxField name="shareContact" label={t('form.shareContact')} />
      </fieldset>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('form.save')}
      </Button>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={p?.name ?? t('products.new')}
        saving={form.saving}
      />
    </Form>
  );
}
