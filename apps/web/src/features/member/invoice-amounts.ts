// What is left to pay on an invoice the club has issued (the database keeps paid_ore current).
import type { MyInvoice } from '../../lib/queries/billing/load-my-invoices';

export function openAmount(invoice: Pick<MyInvoice, 'status' | 'total_ore' | 'paid_ore'>): number {
  return invoice.status === 'issued' ? Math.max(invoice.total_ore - invoice.paid_ore, 0) : 0;
}
