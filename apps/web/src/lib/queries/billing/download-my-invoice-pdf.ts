// The invoice as the PDF the club mails (send-invoice with action "pdf", run with the member's
// own token, so invoice_document decides that it is theirs).
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { downloadBlob } from '../../../components/list/csv';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDescribeCommonError } from '../describe-common-error';
import { useDataMutation } from '../use-data-mutation';

export async function downloadMyInvoicePdf(vars: { invoiceId: string; fileName: string }): Promise<void> {
  const { data, error } = await supabase().functions.invoke<Blob>('send-invoice', {
    body: { invoice_id: vars.invoiceId, action: 'pdf' },
  });
  if (error) throw error;
  downloadBlob(vars.fileName, data as Blob);
}

export function useDownloadMyInvoicePdf() {
  const t = useT(memberAppMessages);
  const common = useDescribeCommonError();
  return useDataMutation({
    mutationFn: downloadMyInvoicePdf,
    invalidates: () => [],
    describeError: (code) => (code === 'invoice_not_found' ? t('me.errors.invoice_not_found') : common(code)),
  });
}
