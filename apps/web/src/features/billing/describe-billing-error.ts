// A failure from the data service or the send-invoice function as a sentence of the billing
// namespace, never a raw code.
import type { NamespaceKey } from '@club/i18n';
import type { billingMessages } from '@club/i18n/namespaces/billing';
import { FunctionsHttpError } from '@supabase/supabase-js';

export type BillingErrorKey = Extract<NamespaceKey<typeof billingMessages>, `errors.${string}`>;

const codes = new Set([
  'invoice_not_payable',
  'invoice_already_paid',
  'invoice_empty',
  'invoice_not_draft',
  'invoice_not_creditable',
  'invoice_already_credited',
  'invalid_amount',
  'invoice_not_issued',
  'account_has_no_email',
  'email_rejected',
  'smtp_failed',
  'smtp_not_configured',
  'account_has_no_ean',
  'invalid_ean_check_digit',
  'club_has_no_cvr',
  'invoice_void',
  'totals_mismatch',
  'no_credit',
]);

export async function describeBillingError(error: unknown): Promise<BillingErrorKey> {
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as { reason?: string };
    return body.reason && codes.has(body.reason)
      ? (`errors.${body.reason}` as BillingErrorKey)
      : 'errors.unknown';
  }
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && codes.has(message)) return `errors.${message}` as BillingErrorKey;
  if (code === '42501' || code === 'PGRST301') return 'errors.permission';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}
