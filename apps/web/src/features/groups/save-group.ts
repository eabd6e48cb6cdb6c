// The writes of the groups screens: plain functions over supabase() that throw the data
// service's error as it is (the forms put it under its field). Rules live in the database
// (docs/decisions/0880, 0881).
import { richTextAsJson, type RichTextDoc } from '@club/schemas';
import { supabase } from '../../lib/supabase';
import type { GroupRole, GroupVisibility, MidPeriodRule, PaymentFrequency } from './group-records';

export async function createGroup(communityId: string, title: string): Promise<string> {
  const { data, error } = await supabase()
    .from('groups')
    .insert({ community_id: communityId, title: title.trim() })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function saveGroupDetails(
  communityId: string,
  groupId: string,
  values: { title: string; owner_member_id: string | null; visibility: GroupVisibility; tag_ids: string[] },
  previousTags: string[],
): Promise<void> {
  const { error } = await supabase()
    .from('groups')
    .update({
      title: values.title.trim(),
      owner_member_id: values.owner_member_id,
      visibility: values.visibility,
    })
    .eq('id', groupId);
  if (error) throw error;
  const removed = previousTags.filter((t) => !values.tag_ids.includes(t));
  const added = values.tag_ids.filter((t) => !previousTags.includes(t));
  if (removed.length) {
    const r = await supabase().from('group_tags').delete().eq('group_id', groupId).in('tag_id', removed);
    if (r.error) throw r.error;
  }
  if (added.length) {
    const r = await supabase()
      .from('group_tags')
      .insert(added.map((tag_id) => ({ community_id: communityId, group_id: groupId, tag_id })));
    if (r.error) throw r.error;
  }
}

export async function saveGroupDescription(
  groupId: string,
  values: { description: RichTextDoc | null; cover_image_path: string | null },
): Promise<void> {
  const { error } = await supabase()
    .from('groups')
    .update({ description: richTextAsJson(values.description), cover_image_path: values.cover_image_path })
    .eq('id', groupId);
  if (error) throw error;
}

export async function saveGroupPrice(
  groupId: string,
  values: { frequency: PaymentFrequency | null; price: string; startsOn: string; midPeriod: MidPeriodRule },
): Promise<void> {
  const { error } = await supabase().rpc('save_group_price', {
    p_group_id: groupId,
    // Free is SQL null (the generator types the argument as the enum only).
    p_frequency: values.frequency as PaymentFrequency,
    p_price: values.frequency ? Number(values.price.replace(',', '.')) : 0,
    p_charging_starts_on: values.startsOn || undefined,
    p_mid_period_join: values.midPeriod,
  });
  if (error) throw error;
}

export async function saveGroupSettings(
  groupId: string,
  values: {
    welcome_subject_da: string;
    welcome_body_da: string;
    welcome_subject_en: string;
    welcome_body_en: string;
    requires_approval: boolean;
  },
): Promise<void> {
  const blankToNull = (text: string) => (text.trim() ? text : null);
  const { error } = await supabase()
    .from('groups')
    .update({
      welcome_subject_da: blankToNull(values.welcome_subject_da),
      welcome_body_da: blankToNull(values.welcome_body_da),
      welcome_subject_en: blankToNull(values.welcome_subject_en),
      welcome_body_en: blankToNull(values.welcome_body_en),
      requires_approval: values.requires_approval,
    })
    .eq('id', groupId);
  if (error) throw error;
}

export async function setGroupArchived(groupId: string, archived: boolean): Promise<void> {
  const { error } = await supabase().from('groups').update({ archived }).eq('id', groupId);
  if (error) throw error;
}

export async function deleteGroup(groupId: string): Promise<void> {
  const { error } = await supabase().from('groups').delete().eq('id', groupId);
  if (error) throw error;
}

export async function addGroupMember(groupId: string, memberId: string, role: GroupRole): Promise<void> {
  const { error } = await supabase().rpc('add_group_member', {
    p_group_id: groupId,
    p_member_id: memberId,
    p_role: role,
  });
  if (error) throw error;
}

export async function removeGroupMember(groupId: string, memberId: string): Promise<void> {
  const { error } = await supabase().rpc('remove_group_member', {
    p_group_id: groupId,
    p_member_id: memberId,
  });
  if (error) throw error;
}

export async function setGroupMemberRole(groupMemberId: string, role: GroupRole): Promise<void> {
  const { error } = await supabase().from('group_members').update({ role }).eq('id', groupMemberId);
  if (error) throw error;
}

/**
 * Marks a member exempt from the group's fee (board members, hardship): the fee runs skip them,
 * and the statutory member counts count them as paying (decision 1050). Undone, the fee is owed
 * again from the next run.
 */
export async function setGroupMemberFeeExempt(groupMemberId: string, exempt: boolean): Promise<void> {
  const { error } = await supabase()
    .from('group_members')
    .update({ payment_status: exempt ? 'exempt' : 'pending' })
    .eq('id', groupMemberId);
  if (error) throw error;
}

export async function decideJoinRequest(requestId: string, approve: boolean): Promise<void> {
  const { error } = await supabase().rpc('decide_group_join_request', {
    p_request_id: requestId,
    p_approve: approve,
  });
  if (error) throw error;
}

/** Sends the group's welcome e-mail through send-welcome-email; answers the address it went to. */
export async function sendWelcomeEmail(groupId: string, memberId: string): Promise<string> {
  const { data, error } = await supabase().functions.invoke<{ email: string }>('send-welcome-email', {
    body: { group_id: groupId, member_id: memberId },
  });
  if (error) throw error;
  return data?.email ?? '';
}
