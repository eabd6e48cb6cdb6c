// What is left to pay on an invoice the club has issued: its total and any reminder fees, less
// what is paid (the database keeps paid_ore current).
export function openAmount(invoice: {
  status: string;
  total_ore: number;
  paid_ore: number;
  fees_ore?: number | null;
}): number {
  return invoice.status === 'issued'
    ? Math.max(invoice.total_ore + (invoice.fees_ore ?? 0) - invoice.paid_ore, 0)
    : 0;
}
