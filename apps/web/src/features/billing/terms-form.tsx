// Payment terms: days until due, the reminder schedule (days after the due date) and the fee
// per reminder, held within renteloven §9b here as in the database: at most three reminders,
// at least ten days apart, a fee of at most 100 kr each.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useFormat, useT } from '../../lib/i18n';
import type { PaymentTerms } from './billing-records';
import { kronerToOre } from './payment-form';

/** "3, 13, 23" as days; null when a part is not a whole number. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}

const schema = z.object({
  name: z.string().trim().min(1).max(80),
  daysDue: z.string().refine((v) => /^\d{1,3}$/.test(v.trim()) && Number(v) <= 365, 'terms.daysDueInvalid'),
  reminderDays: z.string().superRefine((value, ctx) => {
    const days = parseReminderDays(value);
    if (days === null || days.some((d) => d < 1))
      ctx.addIssue({ code: 'custom', message: 'terms.scheduleInvalid' });
    else if (days.length > 3) ctx.addIssue({ code: 'custom', message: 'terms.tooManyReminders' });
    else if (days.some((d, i) => i > 0 && d - days[i - 1]! < 10))
      ctx.addIssue({ code: 'custom', message: 'terms.remindersTooClose' });
  }),
  fee: z.string().refine((v) => {
    const ore = v.trim() === '' ? 0 : kronerToOre(v);
    return ore >= 0 && ore <= 10000;
  }, 'terms.feeInvalid'),
});

export interface TermsValues {
  name: string;
  days_due: number;
  reminder_days: number[];
  reminder_fee_ore: number;
}

export function TermsForm({
  terms,
  onSave,
}: {
  terms: PaymentTerms | null;
  onSave: (values: TermsValues) => Promise<void>;
}) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const form = useAppForm({
    schema,
    defaultValues: {
      name: terms?.name ?? '',
      daysDue: String(terms?.days_due ?? 14),
      reminderDays: (terms?.reminder_days ?? [3, 13]).join(', '),
      fee: format.number((terms?.reminder_fee_ore ?? 10000) / 100, 2),
    },
    serverErrors: {
      codes: {
        invalid_days_due: { field: 'daysDue', message: 'terms.daysDueInvalid' },
        too_many_reminders: { field: 'reminderDays', message: 'terms.tooManyReminders' },
        reminders_too_close: { field: 'reminderDays', message: 'terms.remindersTooClose' },
        invalid_reminder_schedule: { field: 'reminderDays', message: 'terms.scheduleInvalid' },
        reminder_fee_too_high: { field: 'fee', message: 'terms.feeInvalid' },
      },
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-3"
      onSubmit={(values) =>
        onSave({
          name: values.name,
          days_due: Number(values.daysDue),
          reminder_days: parseReminderDays(values.reminderDays) ?? [],
          reminder_fee_ore: values.fee.trim() === '' ? 0 : kronerToOre(values.fee),
        })
      }
    >
      <FormErrorSummary />
      <TextField name="name" label={t('terms.name')} />
      <TextField
        name="daysDue"
        label={t('terms.daysDue')}
        inputMode="numeric"
        help={t('terms.daysDueHelp')}
      />
      <TextField name="reminderDays" label={t('terms.reminderDays')} help={t('terms.reminderDaysHelp')} />
      <TextField name="fee" label={t('terms.fee')} inputMode="decimal" help={t('terms.feeHelp')} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('terms.save')}
      </Button>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={terms?.name ?? t('terms.new')}
        saving={form.saving}
      />
    </Form>
  );
}
