// The requests of the billing screens for npm run bench:schema (issue 20): the invoices list
// as the screen asks for it (invoice_summaries, newest number first, a page without a count
// beside invoice_list_count's kept total, decision 0956) unfiltered and filtered to overdue, the billing home figures (billing_overview), and the arrears list
// (accounts with something overdue, most overdue first); plus the time to render N invoice
// PDFs with the send-invoice function's renderer (BENCH_INVOICE_PDFS, 1000; 0 to skip).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { InvoiceDocument } from '../../../supabase/functions/send-invoice/invoice-document';
import { renderInvoicePdf } from '../../../supabase/functions/send-invoice/render-invoice-pdf';

const invoiceColumns =
  'id, account_id, account_name, kind, number, status, list_status, issued_on, due_on, total_ore, paid_ore, fees_ore, outstanding_ore, currency';

/** The screen's requests made together, as it makes them; the first error if any. */
async function firstError(
  requests: PromiseLike<{ error: { message: string } | null }>[],
): Promise<{ error: { message: string } | null }> {
  const results = await Promise.all(requests);
  return { error: results.find((r) => r.error)?.error ?? null };
}

export const billingBenches = [
  {
    name: 'invoices screen list',
    list: true,
    rest: (sb: SupabaseClient, c: string) =>
      firstError([
        sb
          .from('invoice_summaries')
          .select(invoiceColumns)
          .eq('community_id', c)
          .order('number', { ascending: false, nullsFirst: true })
          .order('id')
          .range(0, 24),
        sb.rpc('invoice_list_count', { p_community_id: c }),
      ]),
    sql: `select ${invoiceColumns}, public.invoice_list_count($1) from public.invoice_summaries where community_id = $1
      order by number desc nulls first, id limit 25`,
  },
  {
    name: 'invoices overdue filter',
    list: true,
    rest: (sb: SupabaseClient, c: string) =>
      firstError([
        sb
          .from('invoice_summaries')
          .select(invoiceColumns)
          .eq('community_id', c)
          .eq('list_status', 'overdue')
          .order('number', { ascending: false })
          .order('id')
          .range(0, 24),
        sb.rpc('invoice_list_count', { p_community_id: c, p_status: 'overdue' }),
      ]),
    sql: `select ${invoiceColumns}, public.invoice_list_count($1, 'overdue') from public.invoice_summaries
      where community_id = $1 and list_status = 'overdue' order by number desc, id limit 25`,
  },
  {
    name: 'billing home',
    list: false,
    rest: (sb: SupabaseClient, c: string) => sb.rpc('billing_overview', { p_community_id: c }),
    sql: `select public.billing_overview($1)`,
  },
  {
    name: 'arrears list',
    list: true,
    rest: (sb: SupabaseClient, c: string) =>
      sb
        .from('billing_account_summaries')
        .select('id, name, kind, overdue_ore, balance_ore', { count: 'exact' })
        .eq('community_id', c)
        .gt('overdue_ore', 0)
        .order('overdue_ore', { ascending: false })
        .order('id')
        .range(0, 24),
    sql: `select id, name, kind, overdue_ore, balance_ore, count(*) over () from public.billing_account_summaries
      where community_id = $1 and overdue_ore > 0 order by overdue_ore desc, id limit 25`,
  },
];

function sampleDocument(n: number): InvoiceDocument {
  const lines = Array.from({ length: 1 + (n % 5) }, (_, i) => ({
    description: i === 0 ? `Kontingent ${2026} – senior` : `Baneleje, ${i} timer`,
    quantity: i === 0 ? 1 : i,
    unit_price_ore: i === 0 ? 120000 : 45000,
    vat_rate_bp: i === 0 ? 0 : 2500,
    vat_exempt: i === 0,
    line_kind: 'charge' as const,
    net_ore: i === 0 ? 120000 : i * 45000,
    vat_ore: i === 0 ? 0 : i * 11250,
  }));
  const subtotal = lines.reduce((s, l) => s + l.net_ore, 0);
  const vat = lines.reduce((s, l) => s + l.vat_ore, 0);
  return {
    invoice: {
      id: String(n),
      number: 1000 + n,
      kind: 'invoice',
      status: 'issued',
      currency: 'DKK',
      issued_on: '2026-03-01',
      due_on: '2026-03-15',
      note: null,
      subtotal_ore: subtotal,
      vat_ore: vat,
      total_ore: subtotal + vat,
      fees_ore: 0,
      paid_ore: 0,
      credited_number: null,
    },
    lines,
    account: {
      name: `Medlem nr. ${n} Sørensen`,
      kind: 'member',
      email: null,
      cvr: null,
      ean: null,
      street: 'Skovvej 3',
      postal_code: '8260',
      city: 'Viby J',
      language: n % 2 ? 'da' : 'en',
    },
    club: { name: 'Søndervang IF', cvr: '29384756', time_zone: 'Europe/Copenhagen' },
    payment: { bank_reg_no: '5301', bank_account_no: '0001234567', mobilepay_number: '98765' },
    reminders: [],
  };
}

/** Renders `count` invoice PDFs one after another; the line bench:schema prints. */
export async function timeInvoicePdfs(count: number): Promise<string> {
  const started = performance.now();
  let bytes = 0;
  for (let n = 0; n < count; n++) bytes += (await renderInvoicePdf(sampleDocument(n))).length;
  const seconds = (performance.now() - started) / 1000;
  return (
    `invoice PDFs: ${count} rendered in ${seconds.toFixed(1)} s (${((seconds * 1000) / count).toFixed(1)} ms each, ` +
    `${Math.round(bytes / count / 1024)} KiB average); aim under 60 s: ${seconds < 60 ? 'met' : 'MISSED'}`
  );
}
