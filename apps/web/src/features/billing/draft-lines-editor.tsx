// The lines of a draft invoice: description, quantity, unit price in kroner and VAT class per
// line (exempt membership fee, or taxable at 25 %), a line added from a plan carries the plan.
// Saving replaces the draft's charge lines; volunteer credit lines stay as the database made
// them. The database refuses what is wrong (a negative amount, VAT on an exempt line).
import { billingMessages } from '@club/i18n/namespaces/billing';
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useFormat, useT } from '../../lib/i18n';
import { VatClassField } from './billing-fields';
import { billingKeys } from './billing-keys';
import type { BillingPlan, InvoiceLine } from './billing-records';
import { loadPlans } from './load-billing';
import { kronerToOre } from './payment-form';

const line = z.object({
  description: z.string().trim().min(1).max(200),
  quantity: z.string().refine((v) => /^\d{1,4}$/.test(v.trim()) && Number(v) > 0, 'draft.quantityInvalid'),
  price: z.string().refine((v) => kronerToOre(v) >= 0, 'draft.priceInvalid'),
  vat: z.enum(['exempt', 'taxable']),
  planId: z.string(),
});
const schema = z.object({ lines: z.array(line).min(1, 'draft.linesNeeded') });

export interface DraftLine {
  description: string;
  quantity: number;
  unit_price_ore: number;
  vat_exempt: boolean;
  vat_rate_bp: number;
  plan_id: string | null;
}

export function DraftLinesEditor({
  communityId,
  lines,
  onSave,
}: {
  communityId: string;
  lines: InvoiceLine[];
  onSave: (lines: DraftLine[]) => Promise<void>;
}) {
  const t = useT(billingSetupMessages);
  const tb = useT(billingMessages);
  const format = useFormat();
  const plans = useQuery({ queryKey: billingKeys.plans(communityId), queryFn: () => loadPlans(communityId) });
  const form = useAppForm({
    schema,
    defaultValues: {
      lines: lines
        .filter((l) => l.line_kind === 'charge')
        .map((l) => ({
          description: l.description,
          quantity: String(l.quantity),
          price: format.number(l.unit_price_ore / 100, 2),
          vat: l.vat_exempt ? ('exempt' as const) : ('taxable' as const),
          planId: l.plan_id ?? '',
        })),
    },
    serverErrors: {
      codes: {
        negative_amount: { field: 'lines', message: 'draft.priceInvalid' },
        invalid_vat_class: { field: 'lines', message: 'errors.invalid_vat_class' },
      },
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'lines' });
  // Leaving one field of a line checks the whole line, so a field not yet touched (the price of
  // a new line) can show its error, and an untouched field is checked again only when it loses
  // focus. Its error then vanished on the press of "Save": the form shrank while the button was
  // held, the release landed beside it and the first click did nothing. A field that shows an
  // error is checked again as it changes, so the error goes as soon as the value is right.
  useEffect(() => {
    const watching = form.watch((_, { name, type }) => {
      if (type === 'change' && name && form.getFieldState(name as never).error)
        void form.trigger(name as never);
    });
    return () => watching.unsubscribe();
  }, [form]);
  const addPlan = (plan: BillingPlan) =>
    rows.append({
      description: plan.name,
      quantity: '1',
      price: format.number(plan.price_ore / 100, 2),
      vat: plan.vat_exempt ? 'exempt' : 'taxable',
      planId: plan.id,
    });
  const active = (plans.data ?? []).filter((p) => p.active);
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      aria-label={t('draft.title')}
      className="space-y-3"
      onSubmit={(values) =>
        onSave(
          values.lines.map((l) => ({
            description: l.description,
            quantity: Number(l.quantity),
            unit_price_ore: kronerToOre(l.price),
            vat_exempt: l.vat === 'exempt',
            vat_rate_bp: l.vat === 'exempt' ? 0 : 2500,
            plan_id: l.planId || null,
          })),
        )
      }
    >
      <FormErrorSummary />
      {rows.fields.map((field, index) => (
        <fieldset key={field.id} className="space-y-2 rounded-md border border-border p-3">
          <legend className="px-1 text-xs text-muted-foreground">{t('draft.line', { n: index + 1 })}</legend>
          <TextField name={`lines.${index}.description`} label={tb('detail.description')} />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-[5rem_1fr_1fr_auto] sm:items-end">
            <TextField name={`lines.${index}.quantity`} label={tb('detail.quantity')} inputMode="numeric" />
            <TextField name={`lines.${index}.price`} label={t('draft.unitPrice')} inputMode="decimal" />
            <VatClassField name={`lines.${index}.vat`} label={tb('detail.vat')} />
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t('draft.remove', { n: index + 1 })}
              onClick={() => rows.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            rows.append({ description: '', quantity: '1', price: '', vat: 'exempt', planId: '' })
          }
        >
          <Plus aria-hidden="true" /> {t('draft.addLine')}
        </Button>
        {active.length > 0 ? (
          <label className="flex flex-col text-xs text-muted-foreground">
            {t('draft.fromPlan')}
            <select
              className="h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground"
              value=""
              onChange={(e) => {
                const plan = active.find((p) => p.id === e.target.value);
                if (plan) addPlan(plan);
              }}
            >
              <option value="">{t('draft.choosePlan')}</option>
              {active.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} · {format.money(p.price_ore, p.currency)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('draft.save')}
      </Button>
    </Form>
  );
}
