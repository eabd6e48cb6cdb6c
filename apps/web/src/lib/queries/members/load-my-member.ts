// The signed-in user's own member row in a community (RLS: user_id is theirs); undefined when
// the club has none for them. Never the CPR.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { memberKeys } from './keys';

export async function loadMyMember(communityId: string) {
  const { data: auth } = await supabase().auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) return null;
  const { data, error } = await supabase()
    .from('members')
    .select(
      'id, first_name, last_name, email, phone, street, house_number, floor, door, postal_code, city, birth_date',
    )
    .eq('community_id', communityId)
    .eq('user_id', userId)
    .order('id')
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export type MyMember = NonNullable<Awaited<ReturnType<typeof loadMyMember>>>;

export function useMyMember(communityId: string) {
  return useQuery({ queryKey: memberKeys.me(communityId), queryFn: () => loadMyMember(communityId) });
}
