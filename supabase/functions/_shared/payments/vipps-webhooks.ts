// Webhook registrations with the Webhooks API v1: when a club saves its keys, the function
// registers the community's webhook URL for the ePayment and Recurring events and keeps the
// secret the provider answers (encrypted, like the other credentials); deleting removes it.
import { ProviderError } from './payment-provider';
import { callVipps } from './vipps-http';
import type { ResolvedVippsSettings } from './vipps-settings';

/** The events the payment functions act on. */
export const paymentWebhookEvents: readonly string[] = [
  'epayments.payment.created.v1',
  'epayments.payment.aborted.v1',
  'epayments.payment.expired.v1',
  'epayments.payment.cancelled.v1',
  'epayments.payment.captured.v1',
  'epayments.payment.refunded.v1',
  'epayments.payment.authorized.v1',
  'epayments.payment.terminated.v1',
];

export interface WebhookRegistration {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function registerWebhook(
  settings: ResolvedVippsSettings,
  url: string,
  events: readonly string[] = paymentWebhookEvents,
): Promise<{ id: string; secret: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderError('provider_invalid_input', 'The webhook URL is not a URL');
  }
  if (parsed.protocol !== 'https:')
    throw new ProviderError('provider_invalid_input', 'The provider only sends webhooks to https addresses');
  const { body } = await callVipps(settings, {
    method: 'POST',
    path: '/webhooks/v1/webhooks',
    body: { url: parsed.toString(), events },
  });
  const answer = (body ?? {}) as { id?: unknown; secret?: unknown };
  if (typeof answer.id !== 'string' || typeof answer.secret !== 'string' || answer.secret === '')
    throw new ProviderError('provider_bad_response', 'The webhook registration has no id or secret');
  return { id: answer.id, secret: answer.secret };
}

export async function listWebhooks(settings: ResolvedVippsSettings): Promise<WebhookRegistration[]> {
  const { body } = await callVipps(settings, { method: 'GET', path: '/webhooks/v1/webhooks' });
  const hooks = (body as { webhooks?: unknown } | undefined)?.webhooks;
  if (!Array.isArray(hooks))
    throw new ProviderError('provider_bad_response', 'The webhook list has no webhooks');
  return hooks.map((hook: { id?: unknown; url?: unknown; events?: unknown }) => ({
    id: String(hook.id),
    url: String(hook.url),
    events: Array.isArray(hook.events) ? hook.events.map(String) : [],
  }));
}

export async function deleteWebhook(settings: ResolvedVippsSettings, id: string): Promise<void> {
  if (!uuidPattern.test(id)) throw new ProviderError('provider_invalid_input', 'Not a webhook id');
  await callVipps(settings, { method: 'DELETE', path: `/webhooks/v1/webhooks/${id}` });
}
