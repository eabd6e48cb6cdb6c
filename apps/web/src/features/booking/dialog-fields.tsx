// The fields the booking and season-series dialogs share: a labelled input or select, the
// product choice, and the dialog's props.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import type { ProductChoices } from './load-product';

export const fieldClass = 'h-9 w-full rounded-md border border-input bg-surface px-2 text-sm';

export interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  communityId: string;
  products: ProductChoices['products'];
  defaultDay: string;
}

export function LabelledInput({
  label,
  type,
  value,
  onChange,
}: {
  label: ReactNode;
  type?: 'date' | 'time' | 'text';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block space-y-1 text-sm font-medium">
      <span>{label}</span>
      <input
        type={type ?? 'text'}
        className={fieldClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

export function ProductSelect({
  products,
  value,
  onChange,
}: {
  products: ProductChoices['products'];
  value: string;
  onChange: (id: string) => void;
}) {
  const t = useT(bookingMessages);
  return (
    <label className="block space-y-1 text-sm font-medium">
      <span>{t('dialog.product')}</span>
      <select className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {products.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
