// A refusal while setting up billing (plans, terms, payers) as a sentence of the
// billing-setup namespace, never a raw code.
import type { NamespaceKey } from '@club/i18n';
import type { billingSetupMessages } from '@club/i18n/namespaces/billing-setup';

export type SetupErrorKey = Extract<NamespaceKey<typeof billingSetupMessages>, `errors.${string}`>;

const codes = new Set([
  'plan_in_use',
  'invalid_vat_class',
  'invalid_grant',
  'negative_amount',
  'invalid_cvr',
  'invalid_ean',
  'cvr_required',
  'ean_required',
  'invalid_email',
  'terms_not_found',
]);

export function describeSetupError(error: unknown): SetupErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && codes.has(message)) return `errors.${message}` as SetupErrorKey;
  if (code === '23503') return 'errors.in_use';
  if (code === '42501' || code === 'PGRST301') return 'errors.permission';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}
