// The member's own places in groups and open requests to join (RLS: their own member rows).
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { loadMyMemberIds } from '../members/load-my-member-ids';
import { groupKeys } from './keys';

export async function loadMyGroups(communityId: string) {
  const ids = await loadMyMemberIds(communityId);
  const [memberships, requests] = await Promise.all([
    supabase()
      .from('group_members')
      .select('id, group_id, member_id, payment_status, joined_at')
      .eq('community_id', communityId)
      .in('member_id', ids)
      .is('left_at', null),
    supabase()
      .from('group_join_requests')
      .select('id, group_id, member_id, status, created_at')
      .eq('community_id', communityId)
      .in('member_id', ids)
      .eq('status', 'pending'),
  ]);
  if (memberships.error) throw memberships.error;
  if (requests.error) throw requests.error;
  return { memberships: memberships.data, requests: requests.data };
}

export function useMyGroups(communityId: string) {
  return useQuery({ queryKey: groupKeys.mine(communityId), queryFn: () => loadMyGroups(communityId) });
}
