// Writes of the billing area. The database holds every rule (docs/decisions/0861-0866);
// these calls only carry the treasurer's intent and hand back its refusals.
import type { TablesInsert } from '@club/schemas';
import { supabase } from '../../lib/supabase';
import type { PaymentMethod } from './billing-records';

type Plan = TablesInsert<'billing_plans'>;
type Terms = TablesInsert<'payment_terms'>;
type Account = TablesInsert<'billing_accounts'>;
type Line = TablesInsert<'invoice_lines'>;

/** The saved row's id, or the database's refusal. */
async function savedId(
  request: PromiseLike<{ data: { id: string } | null; error: unknown }>,
): Promise<string> {
  const { data, error } = await request;
  if (error) throw error;
  return data!.id;
}

export const savePlan = (id: string | undefined, values: Plan) =>
  savedId(
    id
      ? supabase().from('billing_plans').update(values).eq('id', id).select('id').single()
      : supabase().from('billing_plans').insert(values).select('id').single(),
  );
export const saveTerms = (id: string | undefined, values: Terms) =>
  savedId(
    id
      ? supabase().from('payment_terms').update(values).eq('id', id).select('id').single()
      : supabase().from('payment_terms').insert(values).select('id').single(),
  );
export const saveAccount = (id: string | undefined, values: Account) =>
  savedId(
    id
      ? supabase().from('billing_accounts').update(values).eq('id', id).select('id').single()
      : supabase().from('billing_accounts').insert(values).select('id').single(),
  );
export const saveCreditRule = (id: string | undefined, values: TablesInsert<'volunteer_credit_rules'>) =>
  savedId(
    id
      ? supabase().from('volunteer_credit_rules').update(values).eq('id', id).select('id').single()
      : supabase().from('volunteer_credit_rules').insert(values).select('id').single(),
  );

async function run(request: PromiseLike<{ error: unknown }>): Promise<void> {
  const { error } = await request;
  if (error) throw error;
}

/** Payment details and ledger accounts: one row per community, made on the first save. */
export const saveBillingSettings = (
  communityId: string,
  values: Omit<TablesInsert<'billing_settings'>, 'community_id' | 'updated_at'>,
) =>
  run(
    supabase()
      .from('billing_settings')
      .upsert({ community_id: communityId, ...values }, { onConflict: 'community_id' }),
  );

export const archivePlan = (id: string, active: boolean) =>
  run(supabase().from('billing_plans').update({ active }).eq('id', id));
export const deletePlan = (id: string) => run(supabase().from('billing_plans').delete().eq('id', id));
export const deleteTerms = (id: string) => run(supabase().from('payment_terms').delete().eq('id', id));
export const makeDefaultTerms = (id: string) =>
  run(supabase().rpc('make_default_payment_terms', { p_terms_id: id }));

export async function createDraftInvoice(
  communityId: string,
  accountId: string,
  lines: Omit<Line, 'community_id' | 'invoice_id'>[],
) {
  const { data, error } = await supabase()
    .from('invoices')
    .insert({ community_id: communityId, account_id: accountId })
    .select('id')
    .single();
  if (error) throw error;
  if (lines.length > 0) await replaceDraftLines(communityId, data.id, lines);
  return data.id;
}

/** The draft's lines become exactly these (deleted and inserted in two calls). */
export async function replaceDraftLines(
  communityId: string,
  invoiceId: string,
  lines: Omit<Line, 'community_id' | 'invoice_id'>[],
) {
  await run(supabase().from('invoice_lines').delete().eq('invoice_id', invoiceId).eq('line_kind', 'charge'));
  if (lines.length === 0) return;
  await run(
    supabase()
      .from('invoice_lines')
      .insert(
        lines.map((line, index) => ({
          ...line,
          sort_order: index,
          community_id: communityId,
          invoice_id: invoiceId,
        })),
      ),
  );
}

export async function issueInvoice(id: string): Promise<number> {
  const { data, error } = await supabase().rpc('issue_invoice', { p_invoice_id: id });
  if (error) throw error;
  return Number(data);
}

export const deleteDraftInvoice = (id: string) => run(supabase().from('invoices').delete().eq('id', id));
export const voidInvoice = (id: string) =>
  run(supabase().from('invoices').update({ status: 'void' }).eq('id', id));

export async function creditInvoice(id: string, reason: string): Promise<string> {
  const { data, error } = await supabase().rpc('credit_invoice', { p_invoice_id: id, p_reason: reason });
  if (error) throw error;
  return data;
}

export const recordPayment = (
  communityId: string,
  invoiceId: string,
  payment: { amount_ore: number; method: PaymentMethod; paid_at?: string; reference?: string | null },
) =>
  run(
    supabase()
      .from('invoice_payments')
      .insert({ community_id: communityId, invoice_id: invoiceId, ...payment }),
  );

/** Pays the invoice from its payer's credit as far as it goes; the amount paid, in øre. */
export async function applyAccountCredit(invoiceId: string): Promise<number> {
  const { data, error } = await supabase().rpc('apply_account_credit', { p_invoice_id: invoiceId });
  if (error) throw error;
  return Number(data ?? 0);
}

export async function createDueReminders(communityId: string) {
  const { data, error } = await supabase().rpc('create_due_reminders', { p_community_id: communityId });
  if (error) throw error;
  return data ?? [];
}

/** A reminder to mail: made by create_due_reminders or waiting since an earlier run. */
export interface ReminderToSend {
  reminder_id: string;
  invoice_id: string;
  fee_ore: number;
}

/** The reminders of open invoices that were made but never sent (decision 1061). */
export async function loadWaitingReminders(communityId: string): Promise<ReminderToSend[]> {
  const { data, error } = await supabase()
    .from('invoice_reminders')
    .select('id, invoice_id, fee_ore, invoices!inner(status)')
    .eq('community_id', communityId)
    .is('emailed_at', null)
    .eq('invoices.status', 'issued')
    .order('created_at')
    .order('id');
  if (error) throw error;
  return (data ?? []).map((r) => ({ reminder_id: r.id, invoice_id: r.invoice_id, fee_ore: r.fee_ore }));
}

export async function cancelUnsentReminder(reminderId: string): Promise<void> {
  const { error } = await supabase().rpc('cancel_unsent_reminder', { p_reminder_id: reminderId });
  if (error) throw error;
}

export interface BankImportResult {
  lines: number;
  matched: number;
  exceptions: number;
  duplicates: number;
  outgoing: number;
}

/** The statement's lines matched and booked by the database (decision 1062). */
export async function importBankStatement(
  communityId: string,
  lines: { booked_on: string; text: string; amount_ore: number }[],
): Promise<BankImportResult> {
  const { data, error } = await supabase().rpc('import_bank_statement', {
    p_community_id: communityId,
    p_lines: lines,
  });
  if (error) throw error;
  return data as unknown as BankImportResult;
}

/** Bank payments in the exceptions list that nobody has resolved yet. */
export async function loadOpenBankExceptions(communityId: string) {
  const { data, error } = await supabase()
    .from('payment_exceptions')
    .select('id, kind, reference, amount_ore, expected_ore, detail, created_at')
    .eq('community_id', communityId)
    .eq('payload->>source', 'bank_statement')
    .is('resolved_at', null)
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw error;
  return data ?? [];
}

/** Members charged per request: a batch stays well inside the data service's statement time. */
export const feeRunBatch = 250;

/**
 * The community's fee run for the period of a day, a batch of members per request until a
 * request charges nobody (decision 0911); reports the members invoiced so far and answers the
 * invoices issued and their total.
 */
export async function runCommunityFees(
  communityId: string,
  day: string,
  onProgress: (members: number) => void,
  signal: AbortSignal,
): Promise<{ invoices: number; totalOre: number }> {
  let invoices = 0;
  let totalOre = 0;
  const members = new Set<string>();
  while (!signal.aborted) {
    const { data, error } = await supabase().rpc('invoice_group_fees', {
      p_community_id: communityId,
      p_day: day,
      p_limit: feeRunBatch,
    });
    if (error) throw error;
    if (!data || data.length === 0) break;
    for (const row of data) {
      invoices += 1;
      totalOre += Number(row.total_ore ?? 0);
      if (row.member_id) members.add(row.member_id);
    }
    onProgress(members.size);
  }
  return { invoices, totalOre };
}

/** Mails the invoice (or one of its reminders) with the PDF attached, through send-invoice. */
export async function sendInvoice(invoiceId: string, reminderId?: string): Promise<string> {
  const { data, error } = await supabase().functions.invoke<{ email: string }>('send-invoice', {
    body: { invoice_id: invoiceId, action: 'send', reminder_id: reminderId },
  });
  if (error) throw error;
  return data?.email ?? '';
}

export async function invoicePdf(invoiceId: string): Promise<Blob> {
  const { data, error } = await supabase().functions.invoke<Blob>('send-invoice', {
    body: { invoice_id: invoiceId, action: 'pdf' },
  });
  if (error) throw error;
  return data as Blob;
}

/** The issued invoice or credit note as OIOUBL XML for a public body's EAN (decision 0955). */
export async function invoiceOioubl(invoiceId: string): Promise<Blob> {
  const { data, error } = await supabase().functions.invoke<string>('send-invoice', {
    body: { invoice_id: invoiceId, action: 'oioubl' },
  });
  if (error) throw error;
  return new Blob([data ?? ''], { type: 'application/xml;charset=utf-8' });
}

export async function accountingExportCsv(communityId: string, from: string, to: string): Promise<string> {
  const { data, error } = await supabase().rpc('accounting_export_csv', {
    p_community_id: communityId,
    p_from: from,
    p_to: to,
  });
  if (error) throw error;
  return data ?? '';
}
