// The payment provider of one community, as the payment functions build it: the keys come
// decrypted from the database (payment_provider_secrets, for the service role only, decision
// 1042) and never leave the function; the operator's base URL and time limit come from the
// functions env (vipps-settings.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { PaymentProvider } from './payment-provider';
import { createVippsEPayment } from './vipps-epayment';
import { vippsSettingsFor, type VippsEnvironment } from './vipps-settings';

type Env = Readonly<Record<string, string | undefined>>;

export interface CommunityProvider {
  readonly payments: PaymentProvider;
  /** The secret the provider signs this community's webhooks with, once registered. */
  readonly webhookSecret: string | null;
}

interface StoredSecrets {
  environment: VippsEnvironment;
  merchant_serial_number: string;
  client_id: string;
  client_secret: string;
  subscription_key: string;
  webhook_secret: string | null;
}

/** Null when the club has not set up online payment (or the call is not the service role's). */
export async function communityProvider(
  service: SupabaseClient,
  communityId: string,
  env: Env,
): Promise<CommunityProvider | null> {
  const { data, error } = await service.rpc('payment_provider_secrets', { p_community_id: communityId });
  if (error || !data) return null;
  const secrets = data as StoredSecrets;
  const settings = vippsSettingsFor(
    {
      clientId: secrets.client_id,
      clientSecret: secrets.client_secret,
      subscriptionKey: secrets.subscription_key,
      merchantSerialNumber: secrets.merchant_serial_number,
    },
    secrets.environment,
    env,
  );
  return { payments: createVippsEPayment(settings), webhookSecret: secrets.webhook_secret };
}

/** An idempotency key for a call about one database row: `<prefix>-<uuid without dashes>`. */
export const rowKey = (prefix: string, id: string) => `${prefix}-${id.replaceAll('-', '')}`;
