// Writes of the tags area: delete a tag, merge one tag into another (merge_tags keeps every
// link, decision 0873). Errors are thrown as supabase returns them.
import { supabase } from '../../lib/supabase';

export async function deleteTag(id: string): Promise<void> {
  const { error } = await supabase().from('tags').delete().eq('id', id);
  if (error) throw error;
}

export async function mergeTags(sourceId: string, targetId: string): Promise<void> {
  const { error } = await supabase().rpc('merge_tags', { p_source_id: sourceId, p_target_id: targetId });
  if (error) throw error;
}

export async function createTag(communityId: string, name: string, color: string): Promise<void> {
  const { error } = await supabase().from('tags').insert({ community_id: communityId, name, color });
  if (error) throw error;
}
