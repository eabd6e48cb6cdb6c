// Asking to join a group that needs approval (request_group_membership).
import { memberGroupsMessages } from '@club/i18n/namespaces/member-groups';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeGroupError } from './describe-group-error';
import { groupKeys } from './keys';

export async function requestGroupMembership(group: { id: string; title: string }): Promise<string> {
  const { data, error } = await supabase().rpc('request_group_membership', { p_group_id: group.id });
  if (error) throw error;
  return data;
}

export function useRequestGroupMembership(communityId: string) {
  const t = useT(memberGroupsMessages);
  return useDataMutation({
    mutationFn: requestGroupMembership,
    invalidates: () => [groupKeys.all(communityId)],
    success: (group) => t('requestSent', { group: group.title }),
    describeError: useDescribeGroupError(),
  });
}
