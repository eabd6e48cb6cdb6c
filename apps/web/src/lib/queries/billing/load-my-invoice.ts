// One of the member's invoices as the club wrote it (invoice_document: the lines, the amounts,
// the due date and how the club takes payment), read when the member opens it. The database
// answers invoice_not_found for an invoice that is not on the member's own accounts.
import type { InvoiceDocument } from '@club/schemas';
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { billingKeys } from './keys';

export type MyInvoiceDocument = InvoiceDocument;

export async function loadMyInvoice(invoiceId: string): Promise<MyInvoiceDocument> {
  const { data, error } = await supabase().rpc('invoice_document', { p_invoice_id: invoiceId });
  if (error) throw error;
  return data as unknown as MyInvoiceDocument;
}

export function useMyInvoice(communityId: string, invoiceId: string | undefined) {
  return useQuery({
    queryKey: [...billingKeys.myInvoices(communityId), invoiceId ?? ''],
    queryFn: () => loadMyInvoice(invoiceId!),
    enabled: invoiceId !== undefined,
  });
}
