// Reads of the settings screen: the community with its private settings, and what the signed-in
// user may do here (owners change settings; owners and membership managers manage access).
import type { Tables } from '@club/schemas';
import { supabase } from '../../lib/supabase';

export type CommunityRecord = Pick<
  Tables<'communities'>,
  'id' | 'name' | 'slug' | 'time_zone' | 'default_language' | 'cvr' | 'logo_path'
>;
export type CommunitySettingsRecord = Omit<Tables<'community_settings'>, 'updated_at'>;

export interface GeneralSettings {
  community: CommunityRecord;
  settings: CommunitySettingsRecord;
}

export async function loadGeneralSettings(communityId: string): Promise<GeneralSettings> {
  const [community, settings] = await Promise.all([
    supabase()
      .from('communities')
      .select('id, name, slug, time_zone, default_language, cvr, logo_path')
      .eq('id', communityId)
      .single(),
    supabase()
      .from('community_settings')
      .select(
        'community_id, contact_email, contact_phone, address, website, welcome_text, admin_welcome_text, retention_months',
      )
      .eq('community_id', communityId)
      .single(),
  ]);
  if (community.error) throw community.error;
  if (settings.error) throw settings.error;
  return { community: community.data, settings: settings.data };
}

export interface SettingsAccess {
  owner: boolean;
  /** Owner or membership manager: sees administrators, retention and the audit log. */
  managesAccess: boolean;
  userId: string;
}

export async function loadSettingsAccess(communityId: string): Promise<SettingsAccess> {
  const { data: userData } = await supabase().auth.getUser();
  const userId = userData.user?.id ?? '';
  const [own, may] = await Promise.all([
    supabase()
      .from('memberships')
      .select('role')
      .eq('community_id', communityId)
      .eq('user_id', userId)
      .maybeSingle(),
    supabase().rpc('may_grant_access', { p_community_id: communityId }),
  ]);
  if (own.error) throw own.error;
  if (may.error) throw may.error;
  return { owner: own.data?.role === 'owner', managesAccess: may.data === true, userId };
}
