// The member's own copy of everything the club holds about them (member_personal_data, the
// same export the membership managers make, GDPR art. 15), as a JSON file. The export is
// written to the member's history like the managers' exports.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { downloadText } from '../../../components/list/csv';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDescribeCommonError } from '../describe-common-error';
import { useDataMutation } from '../use-data-mutation';
import { memberKeys } from './keys';

export async function exportMyData(vars: { memberId: string; fileName: string }): Promise<void> {
  const { data, error } = await supabase().rpc('member_personal_data', { p_member_id: vars.memberId });
  if (error) throw error;
  downloadText(vars.fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json;charset=utf-8');
}

export function useExportMyData(communityId: string) {
  const t = useT(memberAppMessages);
  const common = useDescribeCommonError();
  return useDataMutation({
    mutationFn: exportMyData,
    invalidates: () => [memberKeys.me(communityId)],
    success: () => t('me.dataDownloaded'),
    describeError: (code) => (code === 'member_not_found' ? t('me.errors.member_not_found') : common(code)),
  });
}
