// The member rows of the signed-in user in a community. Screens about "me" filter by them
// explicitly: an administrator's policies let them read everyone's rows, and RLS alone would
// show an administrator the whole club's teams and invoices as their own.
import { supabase } from '../../supabase';

export async function loadMyMemberIds(communityId: string): Promise<string[]> {
  const { data: auth } = await supabase().auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) return [];
  const { data, error } = await supabase()
    .from('members')
    .select('id')
    .eq('community_id', communityId)
    .eq('user_id', userId);
  if (error) throw error;
  return data.map((row) => row.id);
}
