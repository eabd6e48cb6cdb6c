// Words for the failure kinds every namespace shares (data-error.ts), in the member app's words.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { useT } from '../i18n';

export function useDescribeCommonError(): (code: string) => string {
  const t = useT(memberAppMessages);
  return (code) =>
    code === 'permission' || code === 'constraint' || code === 'network'
      ? t(`errors.${code}`)
      : t('errors.unknown');
}
