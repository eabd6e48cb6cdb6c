// Writes of the settings screen. Errors are thrown as supabase returns them; the database's
// checks (time zone, CVR, contact formats, retention range) decide.
import { supabase } from '../../lib/supabase';
import type { CommunityRecord, CommunitySettingsRecord } from './load-settings';

export async function saveGeneralSettings(
  communityId: string,
  community: Pick<CommunityRecord, 'name' | 'time_zone' | 'default_language' | 'cvr' | 'logo_path'>,
  settings: Omit<CommunitySettingsRecord, 'community_id' | 'retention_months'>,
): Promise<void> {
  const first = await supabase().from('communities').update(community).eq('id', communityId);
  if (first.error) throw first.error;
  const second = await supabase().from('community_settings').update(settings).eq('community_id', communityId);
  if (second.error) throw second.error;
}

export async function saveRetentionMonths(communityId: string, months: number): Promise<void> {
  const { error } = await supabase()
    .from('community_settings')
    .update({ retention_months: months })
    .eq('community_id', communityId);
  if (error) throw error;
}

export async function loadRetentionPreview(communityId: string, months: number) {
  const { data, error } = await supabase().rpc('retention_preview', {
    p_community_id: communityId,
    p_retention_months: months,
  });
  if (error) throw error;
  return data ?? [];
}
