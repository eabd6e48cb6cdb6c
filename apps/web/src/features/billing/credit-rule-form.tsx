// A volunteer credit rule ("klubhjælp", decision 0864): "500 kr off the next fee for at least
// 5 checked-in volunteer hours in the season". Checked here as in the database: a name, hours
// and credit above zero, a season that does not end before it starts.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { z } from 'zod';
import { DateField, dateValue } from '../../components/form/date-fields';
import { CheckboxField, Form, FormErrorSummary, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useFormat, useT } from '../../lib/i18n';
import type { VolunteerCreditRule } from './billing-records';
import { kronerToOre } from './payment-form';

/** "5", "5,5" or "5.5" hours; NaN when not a number. */
const hoursOf = (text: string) =>
  /^\d{1,4}([.,]\d{1,2})?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : NaN;

const schema = z
  .object({
    name: z.string().trim().min(1).max(80),
    minHours: z.string().refine((v) => hoursOf(v) > 0, 'credit.hoursInvalid'),
    credit: z.string().refine((v) => kronerToOre(v) > 0, 'credit.amountInvalid'),
    seasonStart: dateValue.min(1),
    seasonEnd: dateValue.min(1),
    active: z.boolean(),
  })
  .refine((v) => !v.seasonStart || !v.seasonEnd || v.seasonEnd >= v.seasonStart, {
    path: ['seasonEnd'],
    message: 'credit.seasonInvalid',
  });

export interface CreditRuleValues {
  name: string;
  min_hours: number;
  credit_ore: number;
  season_start: string;
  season_end: string;
  active: boolean;
}

export function CreditRuleForm({
  rule,
  onSave,
}: {
  rule: VolunteerCreditRule | null;
  onSave: (values: CreditRuleValues) => Promise<void>;
}) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const form = useAppForm({
    schema,
    defaultValues: {
      name: rule?.name ?? '',
      minHours: rule ? format.number(Number(rule.min_hours)) : '',
      credit: rule ? format.number(rule.credit_ore / 100, 2) : '',
      seasonStart: rule?.season_start ?? '',
      seasonEnd: rule?.season_end ?? '',
      active: rule?.active ?? true,
    },
    serverErrors: { constraints: { volunteer_credit_rules_check: 'seasonEnd' } },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-3"
      onSubmit={(values) =>
        onSave({
          name: values.name,
          min_hours: hoursOf(values.minHours),
          credit_ore: kronerToOre(values.credit),
          season_start: values.seasonStart,
          season_end: values.seasonEnd,
          active: values.active,
        })
      }
    >
      <FormErrorSummary />
      <TextField name="name" label={t('credit.name')} help={t('credit.nameHelp')} />
      <TextField name="minHours" label={t('credit.minHours')} inputMode="decimal" />
      <TextField name="credit" label={t('credit.amount')} inputMode="decimal" />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField name="seasonStart" label={t('credit.seasonStart')} />
        <DateField name="seasonEnd" label={t('credit.seasonEnd')} />
      </div>
      <CheckboxField name="active" label={t('credit.active')} help={t('credit.activeHelp')} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('credit.save')}
      </Button>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={rule?.name ?? t('credit.new')}
        saving={form.saving}
      />
    </Form>
  );
}
