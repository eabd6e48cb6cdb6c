// Who an event can invite: the community's groups and tags (few, read whole) and its members
// (many, so searched by name, at most 20 at a time), plus names for already invited members.
import { supabase } from '../../lib/supabase';
import type { Invitee } from './event-records';

export async function loadGroupsAndTags(
  communityId: string,
): Promise<{ groups: Invitee[]; tags: Invitee[] }> {
  const [groups, tags] = await Promise.all([
    supabase().from('groups').select('id, title').eq('community_id', communityId).order('title').limit(500),
    supabase().from('tags').select('id, name').eq('community_id', communityId).order('name').limit(500),
  ]);
  if (groups.error) throw groups.error;
  if (tags.error) throw tags.error;
  return {
    groups: (groups.data ?? []).map((g: { id: string; title: string }) => ({ id: g.id, label: g.title })),
    tags: (tags.data ?? []).map((t: { id: string; name: string }) => ({ id: t.id, label: t.name })),
  };
}

export async function searchMembers(communityId: string, text: string): Promise<Invitee[]> {
  const term = text.trim();
  if (term.length < 2) return [];
  // lookup_member_directory searches names and member numbers in the member directory, which
  // shows an event admin e-mails only of the people of their events (decision 0820); it takes
  // % and _ literally.
  const { data, error } = await supabase()
    .rpc('lookup_member_directory', { p_community_id: communityId, p_query: term, p_limit: 20 })
    .select('id, full_name, email')
    .order('full_name');
  if (error) throw error;
  const rows = (data ?? []) as { id: string; full_name: string; email: string | null }[];
  return rows.map((m) => ({
    id: m.id,
    label: m.email ? `${m.full_name} (${m.email})` : m.full_name,
  }));
}

export async function loadMemberNames(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { data, error } = await supabase().from('member_directory').select('id, full_name').in('id', ids);
  if (error) throw error;
  // A view's columns are nullable in the generated types; the directory's id never is.
  const names = new Map<string, string>();
  for (const m of data ?? []) if (m.id) names.set(m.id, m.full_name ?? '');
  return names;
}
