// One HTTP call to Vipps MobilePay: the access token (fetched with the merchant's keys and
// kept until shortly before it expires), the headers every API wants (Ocp-Apim-Subscription-Key,
// Merchant-Serial-Number, Vipps-System-*, Idempotency-Key on writes), a time limit on each call,
// and the provider's answers turned into ProviderErrors. Credentials go only into headers and
// never into an error message.
import { ProviderError } from './payment-provider';
import type { ResolvedVippsSettings } from './vipps-settings';

export interface VippsRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  readonly idempotencyKey?: string;
}

export interface VippsResponse {
  readonly status: number;
  readonly body: unknown;
}

// The provider allows 1–40 characters without '#', '?', '/' or '\' (Recurring) and at most
// 50 (ePayment); we keep to the narrower rule and a plain alphabet.
const idempotencyKeyPattern = /^[A-Za-z0-9._-]{1,40}$/;

const systemName = 'club-platform';
const pluginName = 'club-payments';
const pluginVersion = '1.0.0';

interface CachedToken {
  readonly token: string;
  readonly renewAt: number;
}

// Per merchant and origin; a function's worker keeps it for as long as it lives.
const tokens = new Map<string, CachedToken>();

export function checkIdempotencyKey(key: string): string {
  if (!idempotencyKeyPattern.test(key))
    throw new ProviderError(
      'provider_invalid_input',
      'An idempotency key is 1 to 40 letters, digits, dots, dashes or underscores',
    );
  return key;
}

function systemHeaders(settings: ResolvedVippsSettings): Record<string, string> {
  return {
    'Merchant-Serial-Number': settings.credentials.merchantSerialNumber,
    'Ocp-Apim-Subscription-Key': settings.credentials.subscriptionKey,
    'Vipps-System-Name': systemName,
    'Vipps-System-Version': settings.systemVersion,
    'Vipps-System-Plugin-Name': pluginName,
    'Vipps-System-Plugin-Version': pluginVersion,
  };
}

async function send(
  settings: ResolvedVippsSettings,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Response> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    return await fetch(settings.baseUrl + path, { method, headers, body, signal });
  } catch (error) {
    if (signal.aborted)
      throw new ProviderError(
        'provider_timeout',
        `Vipps MobilePay did not answer ${method} ${path} within ${settings.timeoutMs} ms`,
        undefined,
        true,
      );
    const cause = error instanceof Error ? error.message : String(error);
    throw new ProviderError(
      'provider_unreachable',
      `Vipps MobilePay could not be reached (${cause})`,
      undefined,
      true,
    );
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(
      'provider_bad_response',
      `Vipps MobilePay answered ${response.status} with a body that is not JSON`,
      response.status,
      response.status >= 500,
    );
  }
}

/** The problem text the provider sent (RFC 7807 `title`/`detail`, or Recurring's `message`). */
function describeProblem(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const problem = body as Record<string, unknown>;
  const parts = [problem.title, problem.detail, problem.message].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? `: ${parts.join(' – ').slice(0, 300)}` : '';
}

function errorFor(method: string, path: string, status: number, body: unknown): ProviderError {
  const what = `Vipps MobilePay refused ${method} ${path} (${status})${describeProblem(body)}`;
  if (status === 401 || status === 403) return new ProviderError('provider_auth_failed', what, status);
  if (status === 404) return new ProviderError('provider_not_found', what, status);
  if (status === 409) return new ProviderError('provider_conflict', what, status);
  if (status === 429) return new ProviderError('provider_failed', what, status, true);
  if (status >= 500) return new ProviderError('provider_failed', what, status, true);
  return new ProviderError('provider_rejected', what, status);
}

async function accessToken(settings: ResolvedVippsSettings): Promise<string> {
  const { credentials } = settings;
  const cacheKey = `${settings.baseUrl}|${credentials.merchantSerialNumber}|${credentials.clientId}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.renewAt > Date.now()) return cached.token;
  const path = '/accesstoken/get';
  const response = await send(
    settings,
    'POST',
    path,
    {
      ...systemHeaders(settings),
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    },
    undefined,
  );
  const body = await readBody(response);
  if (!response.ok) {
    const error = errorFor('POST', path, response.status, undefined);
    // Wrong keys are the merchant's to fix; say so instead of the bare status.
    if (response.status === 400 || response.status === 401 || response.status === 403)
      throw new ProviderError(
        'provider_auth_failed',
        `Vipps MobilePay did not accept the merchant's keys (${response.status}); check the client id, client secret, subscription key and MSN`,
        response.status,
      );
    throw error;
  }
  const token = (body as { access_token?: unknown } | undefined)?.access_token;
  if (typeof token !== 'string' || token === '')
    throw new ProviderError('provider_bad_response', 'The access token answer has no access_token', 200);
  // expires_in is a string of seconds; renew a minute early, and keep at least a minute.
  const seconds = Number((body as { expires_in?: unknown }).expires_in);
  const lifetime = Number.isFinite(seconds) && seconds > 120 ? seconds - 60 : 60;
  tokens.set(cacheKey, { token, renewAt: Date.now() + lifetime * 1000 });
  return token;
}

/** Sends one API call with a valid token; answers 2xx bodies and throws ProviderError otherwise. */
export async function callVipps(
  settings: ResolvedVippsSettings,
  request: VippsRequest,
): Promise<VippsResponse> {
  // Checked before the token call, so a bad key sends nothing at all.
  const idempotencyKey =
    request.idempotencyKey === undefined ? undefined : checkIdempotencyKey(request.idempotencyKey);
  const token = await accessToken(settings);
  const headers: Record<string, string> = {
    ...systemHeaders(settings),
    Authorization: `Bearer ${token}`,
  };
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await send(settings, request.method, request.path, headers, body);
  const answer = await readBody(response);
  if (response.status === 401) tokens.clear();
  if (!response.ok) throw errorFor(request.method, request.path, response.status, answer);
  return { status: response.status, body: answer };
}

/** Forgets cached access tokens (after new credentials are saved, and between tests). */
export function forgetVippsTokens(): void {
  tokens.clear();
}
