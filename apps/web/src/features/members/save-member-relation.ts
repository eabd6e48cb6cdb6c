// Guardian and family links between two members of a community. A guardian row reads
// "related_member_id is a guardian of member_id"; the editor speaks from the open member's side:
// the other person is their guardian, their ward (a child in their care) or family.
import { supabase } from '../../lib/supabase';

export type RelationChoice = 'guardian' | 'ward' | 'family';

export async function addMemberRelation(
  communityId: string,
  memberId: string,
  otherId: string,
  choice: RelationChoice,
): Promise<void> {
  const [child, guardian] = choice === 'ward' ? [otherId, memberId] : [memberId, otherId];
  const { error } = await supabase()
    .from('member_relations')
    .insert({
      community_id: communityId,
      member_id: child,
      related_member_id: guardian,
      kind: choice === 'family' ? 'family' : 'guardian',
    });
  if (error) throw error;
}

export async function removeMemberRelation(id: string): Promise<void> {
  const { data, error } = await supabase().from('member_relations').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('not_allowed'), { code: 'P0001' });
}
