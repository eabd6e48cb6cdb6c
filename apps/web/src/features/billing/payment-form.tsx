// Registers a payment on an issued invoice: amount in kroner (Danish or English decimals),
// method and reference. Partial payments are fine; beyond what is owed becomes account credit.
import { billingMessages } from '@club/i18n/namespaces/billing';
import { z } from 'zod';
import { Form, FormErrorSummary, SelectField, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { recordedPaymentMethods, type PaymentMethod } from './billing-records';

/** "1.250,50", "1,250.50", "1250,5" or "250" kroner as øre; NaN when it is not an amount. */
export function kronerToOre(text: string): number {
  const compact = text.trim().replace(/\s|kr\.?|dkk/gi, '');
  let plain = '';
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(compact))
    plain = compact.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(compact))
    plain = compact.replace(/,/g, '');
  return plain ? Math.round(Number(plain) * 100) : Number.NaN;
}

const schema = z.object({
  amount: z.string().refine((value) => kronerToOre(value) > 0, 'payment.amountInvalid'),
  method: z.enum(['mobilepay', 'betalingsservice', 'card', 'bank_transfer', 'cash']),
  reference: z.string().trim().max(120),
});

export function PaymentForm({
  owedLabel,
  defaultAmount,
  onSave,
}: {
  owedLabel: string;
  defaultAmount: string;
  onSave: (payment: { amount_ore: number; method: PaymentMethod; reference: string | null }) => Promise<void>;
}) {
  const t = useT(billingMessages);
  const form = useAppForm({
    schema,
    defaultValues: { amount: defaultAmount, method: 'mobilepay', reference: '' },
    serverErrors: { codes: { invalid_amount: { field: 'amount', message: 'errors.invalid_amount' } } },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      onSubmit={(values) =>
        onSave({
          amount_ore: kronerToOre(values.amount),
          method: values.method,
          reference: values.reference || null,
        })
      }
      className="space-y-3"
    >
      <FormErrorSummary />
      <TextField
        name="amount"
        label={t('payment.amount')}
        help={t('payment.amountHelp', { owed: owedLabel })}
        inputMode="decimal"
      />
      <SelectField
        name="method"
        label={t('payment.method')}
        options={recordedPaymentMethods.map((m) => ({ value: m, label: t(`method.${m}`) }))}
      />
      <TextField name="reference" label={t('payment.reference')} optional />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('payment.save')}
      </Button>
    </Form>
  );
}
