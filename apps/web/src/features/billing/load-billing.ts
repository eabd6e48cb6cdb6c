// Reads of the billing area: the home figures, invoice lists and one invoice with its lines,
// payments and reminders, plans, terms, accounts with balances, and volunteer credit rules.
import { supabase } from '../../lib/supabase';
import type { BillingOverview } from './billing-records';

export async function loadBillingOverview(communityId: string): Promise<BillingOverview> {
  const { data, error } = await supabase().rpc('billing_overview', { p_community_id: communityId });
  if (error) throw error;
  return data as unknown as BillingOverview;
}

/** What a community fee run for the period of a day would charge (decision 0911). */
export async function loadFeeRunTotals(communityId: string, day: string) {
  const { data, error } = await supabase()
    .rpc('preview_group_fee_totals', { p_community_id: communityId, p_day: day })
    .single();
  if (error) throw error;
  return {
    charges: data.charges,
    members: data.members,
    amountOre: Number(data.amount_ore),
    waitingCreditOre: Number(data.waiting_credit_ore),
  };
}

export async function loadInvoice(id: string) {
  const [invoice, lines, payments, reminders, creditNote] = await Promise.all([
    supabase().from('invoice_summaries').select('*').eq('id', id).maybeSingle(),
    supabase().from('invoice_lines').select('*').eq('invoice_id', id).order('sort_order').order('id'),
    supabase().from('invoice_payments').select('*').eq('invoice_id', id).order('paid_at'),
    supabase().from('invoice_reminders').select('*').eq('invoice_id', id).order('seq'),
    supabase().from('invoices').select('id, number').eq('credited_invoice_id', id).maybeSingle(),
  ]);
  for (const result of [invoice, lines, payments, reminders, creditNote])
    if (result.error) throw result.error;
  if (!invoice.data) return null;
  // The payer's credit, which can pay an open invoice (billing_account_totals, decision 0910),
  // and its EAN, which decides whether the invoice can be had as OIOUBL (decision 0955).
  const accountId = invoice.data.account_id;
  const [totals, account] = accountId
    ? await Promise.all([
        supabase()
          .from('billing_account_totals')
          .select('credit_ore')
          .eq('account_id', accountId)
          .maybeSingle(),
        supabase().from('billing_accounts').select('ean').eq('id', accountId).maybeSingle(),
      ])
    : [null, null];
  if (totals?.error) throw totals.error;
  if (account?.error) throw account.error;
  return {
    invoice: invoice.data,
    accountCredit: totals?.data?.credit_ore ?? 0,
    accountEan: account?.data?.ean ?? null,
    lines: lines.data ?? [],
    payments: payments.data ?? [],
    reminders: reminders.data ?? [],
    creditNote: creditNote.data,
  };
}

export async function loadPlans(communityId: string) {
  const { data, error } = await supabase()
    .from('billing_plans')
    .select('*')
    .eq('community_id', communityId)
    .order('active', { ascending: false })
    .order('name');
  if (error) throw error;
  return data ?? [];
}

export async function loadPlan(id: string) {
  const [plan, used] = await Promise.all([
    supabase().from('billing_plans').select('*').eq('id', id).maybeSingle(),
    supabase().from('invoice_lines').select('id', { count: 'exact', head: true }).eq('plan_id', id),
  ]);
  if (plan.error) throw plan.error;
  if (used.error) throw used.error;
  return plan.data ? { plan: plan.data, timesBilled: used.count ?? 0 } : null;
}

/** The club's payment details and ledger accounts; null until a billing admin first saves them. */
export async function loadBillingSettings(communityId: string) {
  const { data, error } = await supabase()
    .from('billing_settings')
    .select('*')
    .eq('community_id', communityId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function loadTerms(communityId: string) {
  const { data, error } = await supabase()
    .from('payment_terms')
    .select('*')
    .eq('community_id', communityId)
    .order('is_default', { ascending: false })
    .order('name');
  if (error) throw error;
  return data ?? [];
}

export async function loadAccount(id: string) {
  const [account, details, credits] = await Promise.all([
    supabase().from('billing_account_summaries').select('*').eq('id', id).maybeSingle(),
    supabase().from('billing_accounts').select('*').eq('id', id).maybeSingle(),
    supabase().from('account_credits').select('*').eq('account_id', id).order('created_at'),
  ]);
  for (const result of [account, details, credits]) if (result.error) throw result.error;
  if (!account.data || !details.data) return null;
  return { summary: account.data, account: details.data, credits: credits.data ?? [] };
}

export async function loadCreditRules(communityId: string) {
  const { data, error } = await supabase()
    .from('volunteer_credit_rules')
    .select('*')
    .eq('community_id', communityId)
    .order('season_start', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export async function loadCreditStanding(ruleId: string) {
  const { data, error } = await supabase().rpc('volunteer_credit_standing', { p_rule_id: ruleId });
  if (error) throw error;
  return data ?? [];
}

export async function loadCreditHours(ruleId: string, memberId: string) {
  const { data, error } = await supabase().rpc('volunteer_credit_hours', {
    p_rule_id: ruleId,
    p_member_id: memberId,
  });
  if (error) throw error;
  return data ?? [];
}
