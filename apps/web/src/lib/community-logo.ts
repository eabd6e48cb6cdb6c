// The community's logo (communities.logo_path, an image in the public community-logos bucket),
// shown in the shell beside the community's name: read once per community and cached; saving
// the settings invalidates ['community-logo', id].
import { useQuery } from '@tanstack/react-query';
import { supabase } from './supabase';
import { publicImageUrl } from './upload-with-progress';

export const logoBucket = 'community-logos';

export const logoUrl = (path: string) => publicImageUrl(logoBucket, path);

export const communityLogoKey = (communityId: string) => ['community-logo', communityId] as const;

export async function loadCommunityLogo(communityId: string): Promise<string | null> {
  const { data, error } = await supabase()
    .from('communities')
    .select('logo_path')
    .eq('id', communityId)
    .maybeSingle();
  if (error) throw error;
  return data?.logo_path ?? null;
}

/** The logo's public address, or undefined while loading or when the community has none. */
export function useCommunityLogo(communityId: string): string | undefined {
  const { data } = useQuery({
    queryKey: communityLogoKey(communityId),
    queryFn: () => loadCommunityLogo(communityId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? logoUrl(data) : undefined;
}
