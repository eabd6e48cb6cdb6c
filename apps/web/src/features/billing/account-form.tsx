// A payer: kind (member, household, organisation with CVR, public body with EAN), name,
// e-mail, address, the language of its documents and its own payment terms. CVR is 8 digits
// and EAN 13, here as in the database (0861), whose refusals land on the fields.
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
const schema = z
  .object({
    kind: z.enum(['member', 'household', 'organisation', 'public_body']),
    name: z.string().trim().min(1).max(160),
    email: z.union([z.literal(''), z.email()]),
    cvr: z.string().refine((v) => v.trim() === '' || /^\d{8}$/.test(digits(v)), 'errors.invalid_cvr'),
    ean: z.string().refine((v) => v.trim() === '' || /^\d{13}$/.test(digits(v)), 'errors.invalid_ean'),
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
