import { authMessages } from '@club/i18n/namespaces/auth';
import { describeAuthError } from '../../lib/auth-feedback';
import { useT } from '../../lib/i18n';

/** The auth translator plus a function turning any auth failure into a sentence. */
export function useAuthText() {
  const t = useT(authMessages);
  const explain = (error: unknown, context: 'default' | 'recovery' = 'default') => {
    const failure = describeAuthError(error, context);
    return [t(failure.key), ...failure.reasons.map((r) => t(r))].join(' ');
  };
  return { t, explain };
}
