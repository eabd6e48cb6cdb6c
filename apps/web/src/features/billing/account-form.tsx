// A payer: kind (member, household, organisation with CVR, public body with EAN), name,
// e-mail, address, the language of its documents and its own payment terms. CVR is 8 digits
// and EAN 13 with a GS1 check digit, here as in the database (0861, 0955), whose refusals land
// on the fields. A public body also has the order number and person reference of its OIOUBL
// invoices.
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { z } from 'zod';
import { Form, FormErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form/form';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes-guard';
import { useAppForm } from '../../components/form/use-app-form';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import { TermsField } from './billing-fields';
import { accountKinds, type AccountKind, type PaymentTerms } from './billing-records';

const digits = (value: string) => value.replace(/[\s-]/g, '');
/** The GS1 check digit (the 13th) of an EAN location number matches its first 12 digits. */
function eanCheckDigitOk(ean: string): boolean {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(ean[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(ean[12]);
}
const schema = z
  .object({
    kind: z.enum(['member', 'household', 'organisation', 'public_body']),
    name: z.string().trim().min(1).max(160),
    email: z.union([z.literal(''), z.email()]),
    cvr: z.string().refine((v) => v.trim() === '' || /^\d{8}$/.test(digits(v)), 'errors.invalid_cvr'),
    ean: z
      .string()
      .refine((v) => v.trim() === '' || /^\d{13}$/.test(digits(v)), 'errors.invalid_ean')
      .refine(
        (v) => !/^\d{13}$/.test(digits(v)) || eanCheckDigitOk(digits(v)),
        'errors.invalid_ean_check_digit',
      ),
    orderReference: z.string().trim().max(35, 'errors.invalid_order_reference'),
    contactReference: z.string().trim().max(40, 'errors.invalid_contact_reference'),
    street: z.string().trim().max(160),
    postalCode: z.string().trim().max(10),
    city: z.string().trim().max(80),
    language: z.enum(['da', 'en']),
    terms: z.string(),
    note: z.string().trim().max(1000),
  })
  .refine((v) => v.kind !== 'organisation' || v.cvr.trim() !== '', {
    path: ['cvr'],
    message: 'errors.cvr_required',
  })
  .refine((v) => v.kind !== 'public_body' || v.ean.trim() !== '', {
    path: ['ean'],
    message: 'errors.ean_required',
  });

export interface AccountValues {
  kind: AccountKind;
  name: string;
  email: string | null;
  cvr: string | null;
  ean: string | null;
  order_reference: string | null;
  contact_reference: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  language: string;
  payment_terms_id: string | null;
  note: string | null;
}

export function AccountForm({
  account,
  terms,
  onSave,
}: {
  account: (AccountValues & { id: string }) | null;
  terms: PaymentTerms[];
  onSave: (values: AccountValues) => Promise<void>;
}) {
  const t = useT(billingSetupMessages);
  const form = useAppForm({
    schema,
    defaultValues: {
      kind: account?.kind ?? 'household',
      name: account?.name ?? '',
      email: account?.email ?? '',
      cvr: account?.cvr ?? '',
      ean: account?.ean ?? '',
      orderReference: account?.order_reference ?? '',
      contactReference: account?.contact_reference ?? '',
      street: account?.street ?? '',
      postalCode: account?.postal_code ?? '',
      city: account?.city ?? '',
      language: account?.language === 'en' ? 'en' : 'da',
      terms: account?.payment_terms_id ?? '',
      note: account?.note ?? '',
    },
    serverErrors: {
      codes: {
        invalid_cvr: { field: 'cvr', message: 'errors.invalid_cvr' },
        cvr_required: { field: 'cvr', message: 'errors.cvr_required' },
        invalid_ean: { field: 'ean', message: 'errors.invalid_ean' },
        ean_required: { field: 'ean', message: 'errors.ean_required' },
        invalid_ean_check_digit: { field: 'ean', message: 'errors.invalid_ean_check_digit' },
        invalid_order_reference: { field: 'orderReference', message: 'errors.invalid_order_reference' },
        invalid_contact_reference: { field: 'contactReference', message: 'errors.invalid_contact_reference' },
        invalid_email: { field: 'email', message: 'errors.invalid_email' },
      },
    },
  });
  const kind = form.watch('kind');
  const text = (value: string) => value.trim() || null;
  return (
    <Form
      form={form}
      translate={(key) => t(key as never)}
      className="max-w-xl space-y-3"
      onSubmit={(values) =>
        onSave({
          kind: values.kind,
          name: values.name,
          email: text(values.email),
          cvr: text(digits(values.cvr)),
          ean: text(digits(values.ean)),
          // The references belong to a public body's OIOUBL invoices; other payers keep none.
          order_reference: values.kind === 'public_body' ? text(values.orderReference) : null,
          contact_reference: values.kind === 'public_body' ? text(values.contactReference) : null,
          street: text(values.street),
          postal_code: text(values.postalCode),
          city: text(values.city),
          language: values.language,
          payment_terms_id: values.terms || null,
          note: text(values.note),
        })
      }
    >
      <FormErrorSummary />
      <SelectField
        name="kind"
        label={t('accounts.kind')}
        options={accountKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      <TextField name="name" label={t('accounts.name')} />
      <TextField
        name="email"
        type="email"
        label={t('accounts.email')}
        help={t('accounts.emailHelp')}
        optional
      />
      {kind === 'organisation' || kind === 'public_body' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="cvr"
            label={t('accounts.cvr')}
            inputMode="numeric"
            optional={kind !== 'organisation'}
          />
          {kind === 'public_body' ? (
            <TextField
              name="ean"
              label={t('accounts.ean')}
              inputMode="numeric"
              help={t('accounts.eanHelp')}
            />
          ) : null}
        </div>
      ) : null}
      {kind === 'public_body' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="orderReference"
            label={t('accounts.orderReference')}
            help={t('accounts.orderReferenceHelp')}
            optional
          />
          <TextField
            name="contactReference"
            label={t('accounts.contactReference')}
            help={t('accounts.contactReferenceHelp')}
            optional
          />
        </div>
      ) : null}
      <TextField name="street" label={t('accounts.street')} optional />
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <TextField name="postalCode" label={t('accounts.postalCode')} optional />
        <TextField name="city" label={t('accounts.city')} optional />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          name="language"
          label={t('accounts.language')}
          options={[
            { value: 'da', label: t('accounts.danish') },
            { value: 'en', label: t('accounts.english') },
          ]}
        />
        <TermsField terms={terms} />
      </div>
      <TextAreaField name="note" label={t('accounts.note')} optional rows={2} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {t('accounts.save')}
      </Button>
      <UnsavedChangesGuard
        when={form.formState.isDirty}
        what={account?.name ?? t('accounts.new')}
        saving={form.saving}
      />
    </Form>
  );
}
