// The community's time zone, in which every date of every area is shown and entered: read once
// per community and cached (a change in settings invalidates ['community-time-zone', id]).
import { useQuery } from '@tanstack/react-query';
import { supabase } from './supabase';
import { zonedToday } from './zoned-time';

export async function loadCommunityTimeZone(communityId: string): Promise<string> {
  const { data, error } = await supabase()
    .from('communities')
    .select('time_zone')
    .eq('id', communityId)
    .maybeSingle();
  if (error) throw error;
  return data?.time_zone ?? 'Europe/Copenhagen';
}

export const communityTimeZoneKey = (communityId: string) => ['community-time-zone', communityId] as const;

export function useCommunityTimeZone(communityId: string): string | undefined {
  const { data } = useQuery({
    queryKey: communityTimeZoneKey(communityId),
    queryFn: () => loadCommunityTimeZone(communityId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Today in the community's time zone; undefined until the zone has loaded. */
export function useCommunityToday(communityId: string): string | undefined {
  const timeZone = useCommunityTimeZone(communityId);
  return timeZone ? zonedToday(timeZone) : undefined;
}
