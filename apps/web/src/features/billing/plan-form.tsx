// A plan: name, description, price in kroner, interval, VAT class (membership fee exempt under
// momsloven §13, or taxable at 25 %), payment terms, and what it grants (membership, a group,
// nothing). The database holds the same rules (0861) and its refusals land on the fields.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { z } from 'zod';
import { Form, FormErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useFormat, useT } from '../../lib/i18n';
import {
  billingIntervals,
  type BillingInterval,
  type BillingPlan,
  type PaymentTerms,
} from './billing-records';
import { TermsField, VatClassField } from './billing-fields';
import { kronerToOre } from './payment-form';

const schema = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(500),
    price: z.string().refine((v) => v.trim() === '0' || kronerToOre(v) >= 0, 'plans.priceInvalid'),
    interval: z.enum(['one_time', 'monthly', 'quarterly', 'annually']),
    vat: z.enum(['exempt', 'taxable']),
    terms: z.string(),
    grants: z.enum(['membership', 'group', 'nothing']),
    group: z.string(),
  })
  .refine((v) => v.grants !== 'group' || v.group !== '', { path: ['group'], message: 'plans.groupNeeded' });

export interface PlanValues {
  name: string;
  description: string | null;
  price_ore: number;
  billing_interval: BillingInterval;
  vat_exempt: boolean;
  vat_rate_bp: number;
  payment_terms_id: string | null;
  grants: string;
  group_id: string | null;
}

export function PlanForm({
  plan,
  terms,
  groups,
  onSave,
}: {
  plan: BillingPlan | null;
  terms: PaymentTerms[];
  groups: { id: string; name: string }[];
  onSave: (values: PlanValues) => Promise<void>;
}) {
  const t = useT(billingSetupMessages);
  const format = useFormat();
  const form = useAppForm({
    schema,
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      price: plan ? format.number(plan.price_ore / 100, 2) : '',
      interval: plan?.billing_interval ?? 'annually',
      vat: plan && !plan.vat_exempt ? 'taxable' : 'exempt',
      terms: plan?.payment_terms_id ?? '',
      grants: (plan?.grants as 'membership' | undefined) ?? 'membership',
      group: plan?.group_id ?? '',
    },
    serverErrors: {
      codes: {
        negative_amount: { field: 'price', message: 'plans.priceInvalid' },
        invalid_grant: { field: 'group', message: 'plans.groupNeeded' },
      },
    },
  });
  const grants = form.watch('grants');
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="max-w-xl space-y-3"
      onSubmit={(values) =>
        onSave({
          name: values.name,
          description: values.description || null,
          price_ore: values.price.trim() === '0' ? 0 : kronerToOre(values.price),
          billing_interval: values.interval,
          vat_exempt: values.vat === 'exempt',
          vat_rate_bp: values.vat === 'exempt' ? 0 : 2500,
          payment_terms_id: values.terms || null,
          grants: values.grants,
          group_id: values.grants === 'group' ? values.group : null,
        })
      }
    >
      <FormErrorSummary />
      <TextField name="name" label={t('plans.name')} />
      <TextAreaField name="description" label={t('plans.descriptionField')} optional rows={2} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="price" label={t('plans.priceField')} inputMode="decimal" />
        <SelectField
          name="interval"
          label={t('plans.interval')}
          options={billingIntervals.map((i) => ({ value: i, label: t(`interval.${i}`) }))}
        />
      </div>
      <VatClassField name="vat" label={t('plans.vat')} help={t('plans.vatHelp')} />
      <TermsField terms={terms} />
      <SelectField
        name="grants"
        label={t('plans.grants')}
        options={(['membership', 'group', 'nothing'] as const).map((g) => ({
          value: g,
          label: t(`grants.${g}`),
        }))}
      />
      {grants === 'group' ? (
        <SelectField
          name="group"
          label={t('plans.group')}
          options={[
            { value: '', label: t('plans.chooseGroup') },
            ...groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      ) : null}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('plans.save')}
      </Button>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={plan?.name ?? t('plans.new')}
        saving={form.saving}
      />
    </Form>
  );
}
