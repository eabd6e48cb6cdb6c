// Database and function error codes of the settings area → words of the settings namespace.
import type { Translate } from '@club/i18n';
import type { settingsMessages } from '@club/i18n/namespaces/settings';
import { InviteError } from './administrators';

type SettingsTree = NonNullable<(typeof settingsMessages)['tree']>;
const known = [
  'not_allowed',
  'last_owner',
  'invalid_email',
  'invalid_area',
  'user_not_found',
  'invalid_time_zone',
  'invalid_retention',
] as const;

/** Codes with their words, for a form's serverErrors mapping. */
export const settingsErrorCodes = Object.fromEntries(
  known.map((code) => [code, { message: `errors.${code}` }]),
) as Record<(typeof known)[number], { message: string }>;

export function describeSettingsError(error: unknown, t: Translate<SettingsTree>): string {
  const code = (error as { message?: string }).message ?? '';
  const found = known.find((k) => k === code);
  if (found) return t(`errors.${found}`);
  const reason = error instanceof InviteError ? error.details : code;
  return t('errors.failed', { reason });
}
