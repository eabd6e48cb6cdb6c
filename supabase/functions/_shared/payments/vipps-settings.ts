// The settings of one community's Vipps MobilePay merchant: its keys (from the encrypted
// provider credentials), which of the provider's environments it uses, and the limits of
// each call. A base URL override (the functions env PAYMENTS_VIPPS_BASE_URL) points every
// call at another origin: Prism in the tests, a recording proxy in a staging set-up.
import { ProviderError } from './payment-provider';

export type VippsEnvironment = 'test' | 'production';

/** The provider's two origins (the specs' `servers`). */
export const vippsOrigins: Readonly<Record<VippsEnvironment, string>> = {
  test: 'https://apitest.vipps.no',
  production: 'https://api.vipps.no',
};

export interface VippsCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly subscriptionKey: string;
  readonly merchantSerialNumber: string;
}

export interface VippsSettings {
  readonly credentials: VippsCredentials;
  readonly environment: VippsEnvironment;
  /** Origin used instead of the environment's (http(s), no path). */
  readonly baseUrlOverride?: string;
  /** Per HTTP call, including the access-token call. */
  readonly timeoutMs: number;
  /** Sent as Vipps-System-Version (up to 30 characters). */
  readonly systemVersion: string;
}

export interface ResolvedVippsSettings extends VippsSettings {
  readonly baseUrl: string;
}

const merchantSerialNumberPattern = /^[0-9]{4,6}$/;

function checkOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderError('provider_invalid_input', 'The Vipps MobilePay base URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ProviderError('provider_invalid_input', 'The Vipps MobilePay base URL must be http(s)');
  return url.origin;
}

/** Checks the settings once, so that a bad key is a clear error before anything is sent. */
export function resolveVippsSettings(settings: VippsSettings): ResolvedVippsSettings {
  const { credentials } = settings;
  for (const [name, value] of Object.entries(credentials)) {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200)
      throw new ProviderError('provider_invalid_input', `The Vipps MobilePay ${name} is missing`);
  }
  if (!merchantSerialNumberPattern.test(credentials.merchantSerialNumber))
    throw new ProviderError(
      'provider_invalid_input',
      'The merchant serial number (MSN) is 4 to 6 digits, as shown on portal.vipps.no',
    );
  if (!Number.isInteger(settings.timeoutMs) || settings.timeoutMs < 100 || settings.timeoutMs > 60_000)
    throw new ProviderError('provider_invalid_input', 'The provider time-out must be 100 to 60000 ms');
  const baseUrl = settings.baseUrlOverride
    ? checkOrigin(settings.baseUrlOverride)
    : vippsOrigins[settings.environment];
  if (!baseUrl) throw new ProviderError('provider_invalid_input', 'Unknown Vipps MobilePay environment');
  return { ...settings, baseUrl, systemVersion: settings.systemVersion.slice(0, 30) };
}

/**
 * A community's settings as the payment functions build them: its keys and environment from
 * the database, the operator's override and time limit from the functions env
 * (PAYMENTS_VIPPS_BASE_URL, PAYMENTS_PROVIDER_TIMEOUT_MS, default 10 s).
 */
export function vippsSettingsFor(
  credentials: VippsCredentials,
  environment: VippsEnvironment,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedVippsSettings {
  const timeout = env.PAYMENTS_PROVIDER_TIMEOUT_MS;
  return resolveVippsSettings({
    credentials,
    environment,
    baseUrlOverride: env.PAYMENTS_VIPPS_BASE_URL?.trim() || undefined,
    timeoutMs: timeout === undefined || timeout === '' ? 10_000 : Number(timeout),
    systemVersion: '0.1.0',
  });
}
