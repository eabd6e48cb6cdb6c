// Joining an open group (join_group: refused for invite-only and approval groups).
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeGroupError } from './describe-group-error';
import { groupKeys } from './keys';

export async function joinGroup(group: { id: string; title: string }): Promise<string> {
  const { data, error } = await supabase().rpc('join_group', { p_group_id: group.id });
  if (error) throw error;
  return data;
}

export function useJoinGroup(communityId: string) {
  const t = useT(memberGroupsMessages);
  return useDataMutation({
    mutationFn: joinGroup,
    invalidates: () => [groupKeys.all(communityId)],
    success: (group) => t('joined', { group: group.title }),
    describeError: useDescribeGroupError(),
  });
}
