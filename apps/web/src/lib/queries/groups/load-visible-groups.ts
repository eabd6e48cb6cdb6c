// The groups a member may see (RLS: not archived; public, for members, or one they are in).
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { groupKeys } from './keys';

export async function loadVisibleGroups(communityId: string) {
  const { data, error } = await supabase()
    .from('groups')
    .select(
      'id, title, visibility, requires_approval, price_ore, currency, payment_frequency, mid_period_join, archived',
    )
    .eq('community_id', communityId)
    .order('title')
    .order('id')
    .limit(500);
  if (error) throw error;
  return data;
}

export type VisibleGroup = Awaited<ReturnType<typeof loadVisibleGroups>>[number];

export function useVisibleGroups(communityId: string) {
  return useQuery({
    queryKey: groupKeys.visible(communityId),
    queryFn: () => loadVisibleGroups(communityId),
  });
}
