// The club's payment details (printed on every invoice and reminder: bank account, IBAN,
// MobilePay, the FI creditor number of the +71 line, reply e-mail and the club's address) and the ledger accounts of the accounting
// export, both kept in billing_settings by the billing admins (decision 0969). The forms say
// the database's rules first; the database's checks decide.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { commonMessages } from '@club/i18n/namespaces/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { Form, FormErrorSummary, TextField } from '../../components/form/form';
import { useAppForm } from '../../components/form/use-app-form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { loadBillingSettings } from './load-billing';
import { saveBillingSettings } from './save-billing';

const optional = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message);
const orNull = (value: string) => (value === '' ? null : value);
/** IBANs are often copied with spaces and in lower case; the database keeps them compact. */
const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const paymentSchema = z
  .object({
    bank_reg_no: optional(/^[0-9]{4}$/, 'paymentDetails.errors.bankRegNo'),
    bank_account_no: optional(/^[0-9]{6,10}$/, 'paymentDetails.errors.bankAccountNo'),
    iban: z
      .string()
      .transform(compactIban)
      .refine((v) => v === '' || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(v), 'paymentDetails.errors.iban'),
    mobilepay_number: optional(/^[0-9]{4,8}$/, 'paymentDetails.errors.mobilepay'),
    // The FI creditor number of the bank's FI agreement: 8 digits (decision 1060).
    fi_creditor_no: optional(/^[0-9]{8}$/, 'paymentDetails.errors.fiCreditorNo'),
    invoice_email: optional(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'paymentDetails.errors.email'),
    street: z.string().trim().max(160, 'paymentDetails.errors.street'),
    postal_code: optional(/^[0-9]{4}$/, 'paymentDetails.errors.postalCode'),
    city: z.string().trim().max(80, 'paymentDetails.errors.city'),
  })
  .refine((v) => v.bank_reg_no === '' || v.bank_account_no !== '', {
    path: ['bank_account_no'],
    message: 'paymentDetails.errors.accountNeeded',
  })
  .refine((v) => v.bank_account_no === '' || v.bank_reg_no !== '', {
    path: ['bank_reg_no'],
    message: 'paymentDetails.errors.regNeeded',
  })
  .refine((v) => v.postal_code === '' || v.city !== '', {
    path: ['city'],
    message: 'paymentDetails.errors.cityNeeded',
  });

const ledgerFields = [
  'debtor_account',
  'revenue_exempt_account',
  'revenue_taxable_account',
  'vat_account',
  'fee_income_account',
  'bank_account',
] as const;
const ledgerAccount = z
  .string()
  .trim()
  .regex(/^[0-9]{1,10}$/, 'ledger.errors.account');
const ledgerSchema = z.object(
  Object.fromEntries(ledgerFields.map((f) => [f, ledgerAccount])) as {
    [K in (typeof ledgerFields)[number]]: typeof ledgerAccount;
  },
);
/** The defaults of billing_settings: a common Danish chart of accounts (decision 0865). */
const ledgerDefaults = {
  debtor_account: '5600',
  revenue_exempt_account: '1000',
  revenue_taxable_account: '1010',
  vat_account: '7700',
  fee_income_account: '1090',
  bank_account: '5820',
};

function useBillingSettings(communityId: string) {
  return useQuery({
    queryKey: billingKeys.settings(communityId),
    queryFn: () => loadBillingSettings(communityId),
  });
}

type Settings = Awaited<ReturnType<typeof loadBillingSettings>>;

/** True when an invoice would tell the payer no way to pay. */
export function lacksPaymentDetails(settings: Settings): boolean {
  return !settings?.bank_account_no && !settings?.iban && !settings?.mobilepay_number;
}

/** A card around one of the settings forms: loading, a load error with retry, then the form. */
function BillingSettingsCard({
  communityId,
  id,
  title,
  help,
  children,
}: {
  communityId: string;
  id: string;
  title: string;
  help: string;
  children: (settings: Settings) => ReactNode;
}) {
  const t = useT(billingSetupMessages);
  const settings = useBillingSettings(communityId);
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={help} />
      <CardBody>
        {settings.isError ? (
          <Alert kind="error" title={t('paymentDetails.loadFailed')}>
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              {t('home.retry')}
            </Button>
          </Alert>
        ) : settings.isPending ? (
          <Skeleton className="h-48" />
        ) : (
          children(settings.data)
        )}
      </CardBody>
    </Card>
  );
}

export function PaymentDetailsCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  return (
    <BillingSettingsCard
      communityId={communityId}
      id="billing-payment-details"
      title={t('paymentDetails.title')}
      help={t('paymentDetails.help')}
    >
      {(settings) => <PaymentDetailsForm communityId={communityId} settings={settings} />}
    </BillingSettingsCard>
  );
}

function PaymentDetailsForm({ communityId, settings }: { communityId: string; settings: Settings }) {
  const t = useT(billingSetupMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const defaultValues = useMemo(
    () => ({
      bank_reg_no: settings?.bank_reg_no ?? '',
      bank_account_no: settings?.bank_account_no ?? '',
      iban: settings?.iban ?? '',
      mobilepay_number: settings?.mobilepay_number ?? '',
      fi_creditor_no: settings?.fi_creditor_no ?? '',
      invoice_email: settings?.invoice_email ?? '',
      street: settings?.street ?? '',
      postal_code: settings?.postal_code ?? '',
      city: settings?.city ?? '',
    }),
    [settings],
  );
  const form = useAppForm({
    schema: paymentSchema,
    defaultValues,
    serverErrors: {
      constraints: {
        billing_settings_bank_reg_no_check: 'bank_reg_no',
        billing_settings_bank_account_no_check: 'bank_account_no',
        billing_settings_bank_pair: 'bank_account_no',
        billing_settings_iban_check: 'iban',
        billing_settings_mobilepay_number_check: 'mobilepay_number',
        billing_settings_fi_creditor_no_check: 'fi_creditor_no',
        billing_settings_invoice_email_check: 'invoice_email',
        billing_settings_street_check: 'street',
        billing_settings_postal_code_check: 'postal_code',
        billing_settings_city_check: 'city',
      },
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-4"
      onSubmit={async (values) => {
        await saveBillingSettings(communityId, {
          bank_reg_no: orNull(values.bank_reg_no),
          bank_account_no: orNull(values.bank_account_no),
          iban: orNull(values.iban),
          mobilepay_number: orNull(values.mobilepay_number),
          fi_creditor_no: orNull(values.fi_creditor_no),
          invoice_email: orNull(values.invoice_email),
          street: orNull(values.street),
          postal_code: orNull(values.postal_code),
          city: orNull(values.city),
        });
        form.reset({ ...values });
        toast({ title: t('paymentDetails.saved') });
        await queryClient.invalidateQueries({ queryKey: billingKeys.settings(communityId) });
      }}
    >
      <FormErrorSummary />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="bank_reg_no"
          label={t('paymentDetails.bankRegNo')}
          help={t('paymentDetails.bankRegNoHelp')}
          inputMode="numeric"
          optional
        />
        <TextField
          name="bank_account_no"
          label={t('paymentDetails.bankAccountNo')}
          help={t('paymentDetails.bankAccountNoHelp')}
          inputMode="numeric"
          optional
        />
        <TextField
          name="iban"
          label={t('paymentDetails.iban')}
          help={t('paymentDetails.ibanHelp')}
          optional
        />
        <TextField
          name="mobilepay_number"
          label={t('paymentDetails.mobilepay')}
          help={t('paymentDetails.mobilepayHelp')}
          inputMode="numeric"
          optional
        />
        <TextField
          name="fi_creditor_no"
          label={t('paymentDetails.fiCreditorNo')}
          help={t('paymentDetails.fiCreditorNoHelp')}
          inputMode="numeric"
          optional
        />
        <TextField
          name="invoice_email"
          type="email"
          label={t('paymentDetails.email')}
          help={t('paymentDetails.emailHelp')}
          className="sm:col-span-3"
          optional
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">{t('paymentDetails.addressTitle')}</legend>
        <TextField
          name="street"
          label={t('paymentDetails.street')}
          autoComplete="street-address"
          className="sm:col-span-3"
          optional
        />
        <TextField
          name="postal_code"
          label={t('paymentDetails.postalCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          optional
        />
        <TextField
          name="city"
          label={t('paymentDetails.city')}
          autoComplete="address-level2"
          className="sm:col-span-2"
          optional
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? tc('actions.saving') : t('paymentDetails.save')}
        </Button>
      </div>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={t('paymentDetails.what')}
        saving={form.saving}
      />
    </Form>
  );
}

export function LedgerAccountsCard({ communityId }: { communityId: string }) {
  const t = useT(billingSetupMessages);
  return (
    <BillingSettingsCard
      communityId={communityId}
      id="billing-ledger"
      title={t('ledger.title')}
      help={t('ledger.help')}
    >
      {(settings) => <LedgerAccountsForm communityId={communityId} settings={settings} />}
    </BillingSettingsCard>
  );
}

function LedgerAccountsForm({ communityId, settings }: { communityId: string; settings: Settings }) {
  const t = useT(billingSetupMessages);
  const tc = useT(commonMessages);
  const queryClient = useQueryClient();
  const defaultValues = useMemo(
    () =>
      Object.fromEntries(ledgerFields.map((f) => [f, settings?.[f] ?? ledgerDefaults[f]])) as Record<
        (typeof ledgerFields)[number],
        string
      >,
    [settings],
  );
  const form = useAppForm({
    schema: ledgerSchema,
    defaultValues,
    serverErrors: {
      constraints: Object.fromEntries(ledgerFields.map((f) => [`billing_settings_${f}_check`, f])),
    },
  });
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="space-y-4"
      onSubmit={async (values) => {
        await saveBillingSettings(communityId, values);
        form.reset({ ...values });
        toast({ title: t('ledger.saved') });
        await queryClient.invalidateQueries({ queryKey: billingKeys.settings(communityId) });
      }}
    >
      <FormErrorSummary />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ledgerFields.map((field) => (
          <TextField key={field} name={field} label={t(`ledger.${field}`)} inputMode="numeric" />
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? tc('actions.saving') : t('ledger.save')}
        </Button>
      </div>
      <UnsavedChangesGuard when={form.formState.isDirty} what={t('ledger.what')} saving={form.saving} />
    </Form>
  );
}

/** On the billing home: a warning while invoices would carry no way to pay, with the way there. */
export function useMissingPaymentDetails(communityId: string): boolean {
  const settings = useBillingSettings(communityId);
  return settings.isSuccess && lacksPaymentDetails(settings.data);
}
