// Form fields several billing forms share: the payment terms to follow (or the club's
// default), and the VAT class of a plan or line (exempt membership fee, or taxable at 25 %).
import { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';
import { SelectField } from '../../components/form/form';
import { useT } from '../../lib/i18n';
import type { PaymentTerms } from './billing-records';

export function TermsField({ terms }: { terms: PaymentTerms[] }) {
  const t = useT(billingSetupMessages);
  return (
    <SelectField
      name="terms"
      label={t('plans.terms')}
      options={[
        { value: '', label: t('plans.defaultTerms') },
        ...terms.map((row) => ({ value: row.id, label: row.name })),
      ]}
    />
  );
}

export function VatClassField({ name, label, help }: { name: string; label: string; help?: string }) {
  const t = useT(billingSetupMessages);
  return (
    <SelectField
      name={name}
      label={label}
      help={help}
      options={[
        { value: 'exempt', label: t('plans.vatExempt') },
        { value: 'taxable', label: t('plans.vatTaxable') },
      ]}
    />
  );
}
