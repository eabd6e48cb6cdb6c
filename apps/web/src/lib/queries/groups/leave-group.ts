// Leaving a group (leave_group); the fee is the club's to settle, as the confirmation says.
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeGroupError } from './describe-group-error';
import { groupKeys } from './keys';

export async function leaveGroup(group: { id: string; title: string }): Promise<void> {
  const { error } = await supabase().rpc('leave_group', { p_group_id: group.id });
  if (error) throw error;
}

export function useLeaveGroup(communityId: string) {
  const t = useT(memberGroupsMessages);
  return useDataMutation({
    mutationFn: leaveGroup,
    invalidates: () => [groupKeys.all(communityId)],
    success: (group) => t('left', { group: group.title }),
    describeError: useDescribeGroupError(),
  });
}
