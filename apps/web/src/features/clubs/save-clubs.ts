// Writes of the clubs area: create and edit a club (owners, by the clubs policy), move members
// and groups into or out of a club (move_to_club, with the member or group area's rights), delete a
// club (delete_club, owners; its records stay in the community). The
// club logo is uploaded by the shared LogoField (components/upload/logo-field.tsx) under
// "<community id>/clubs/…". Errors are thrown as supabase returns them.
import { supabase } from '../../lib/supabase';

export interface ClubValues {
  name: string;
  description: string | null;
  cvr: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  logo_path: string | null;
}

export async function createClub(communityId: string, values: ClubValues): Promise<string> {
  const { data, error } = await supabase()
    .from('clubs')
    .insert({ community_id: communityId, ...values })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function updateClub(id: string, values: ClubValues): Promise<void> {
  const { data, error } = await supabase().from('clubs').update(values).eq('id', id).select('id');
  if (error) throw error;
  if (!data.length) throw Object.assign(new Error('club_not_found'), { code: 'club_not_found' });
}

export async function moveToClub(
  clubId: string | null,
  move: { members?: string[]; groups?: string[] },
): Promise<void> {
  const { error } = await supabase().rpc('move_to_club', {
    // The function takes null for "out of any club"; the generated type says uuid.
    p_club_id: clubId as string,
    p_member_ids: move.members ?? [],
    p_group_ids: move.groups ?? [],
  });
  if (error) throw error;
}

/**
 * Deletes the club (owners only, decision 0923): its members, groups, events, news posts and
 * bookable products stay in the community without a club. Answers how many were let go.
 */
export async function deleteClub(clubId: string): Promise<{ members: number; groups: number }> {
  const { data, error } = await supabase().rpc('delete_club', { p_club_id: clubId });
  if (error) throw error;
  const counts = data as { members?: number; groups?: number } | null;
  return { members: counts?.members ?? 0, groups: counts?.groups ?? 0 };
}
