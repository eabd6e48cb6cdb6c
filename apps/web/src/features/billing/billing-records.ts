// Row types of the billing area, from the generated database types.
import type { Database } from '@club/schemas';

type Public = Database['public'];
export type InvoiceSummary = Public['Views']['invoice_summaries']['Row'];
export type InvoiceLine = Public['Tables']['invoice_lines']['Row'];
export type InvoicePayment = Public['Tables']['invoice_payments']['Row'];
export type InvoiceReminder = Public['Tables']['invoice_reminders']['Row'];
export type BillingPlan = Public['Tables']['billing_plans']['Row'];
export type PaymentTerms = Public['Tables']['payment_terms']['Row'];
export type AccountSummary = Public['Views']['billing_account_summaries']['Row'];
export type AccountCredit = Public['Tables']['account_credits']['Row'];
export type VolunteerCreditRule = Public['Tables']['volunteer_credit_rules']['Row'];
export type BillingInterval = Public['Enums']['billing_interval'];
export type PaymentMethod = Public['Enums']['payment_method'];
export type AccountKind = 'member' | 'household' | 'organisation' | 'public_body';
/** What the invoices list filters by: the stored status, or overdue (issued and past due). */
export type InvoiceListStatus = 'draft' | 'issued' | 'overdue' | 'paid' | 'void' | 'credited';

export const invoiceListStatuses: InvoiceListStatus[] = [
  'draft',
  'issued',
  'overdue',
  'paid',
  'void',
  'credited',
];
export const billingIntervals: BillingInterval[] = ['one_time', 'monthly', 'quarterly', 'annually'];
export const accountKinds: AccountKind[] = ['member', 'household', 'organisation', 'public_body'];
/** Methods a treasurer records; account credit is applied with its own action. */
export const recordedPaymentMethods: PaymentMethod[] = [
  'mobilepay',
  'betalingsservice',
  'card',
  'bank_transfer',
  'cash',
];

export interface BillingOverview {
  currency: string;
  outstanding: { ore: number; count: number };
  overdue: { ore: number; count: number };
  paid_this_month: { ore: number; count: number };
  drafts: number;
  members_in_arrears: number;
  next_fee_runs: { frequency: string; groups: number; members: number; next_period_start: string }[];
}
