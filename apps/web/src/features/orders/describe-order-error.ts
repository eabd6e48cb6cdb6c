// A failure from the data service as a sentence of the orders namespace, never a raw code.
import type { NamespaceKey } from '@club/i18n';
import type { ordersMessages } from '@club/i18n/namespaces/orders';

export type OrderErrorKey = Extract<NamespaceKey<typeof ordersMessages>, `errors.${string}`>;

const businessCodes = new Set(['invalid_transition', 'order_not_found', 'invalid_request']);

export function describeOrderError(error: unknown): OrderErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && businessCodes.has(message)) return `errors.${message}` as OrderErrorKey;
  if (code === '42501' || code === 'PGRST301') return 'errors.permission';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}
