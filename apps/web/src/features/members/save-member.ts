// Writes of the members area: the profile (create or update), CPR set and reveal (with a
// reason), admin access, status, erasure and the GDPR export of one member.
import { supabase } from '../../lib/supabase';
import type { Gender, MemberStatus } from './load-member-register';
import { loadMemberCertificates, removeDocuments } from './save-member-certificate';

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  birth_date: string | null;
  street: string | null;
  house_number: string | null;
  floor: string | null;
  door: string | null;
  postal_code: string | null;
  city: string | null;
  membership_id: string | null;
  status: MemberStatus;
  roles: string[];
  consent_note: string | null;
}

/** Creates the member when there is no id; returns the member's id. */
export async function saveMemberProfile(
  communityId: string,
  memberId: string | undefined,
  values: ProfileValues,
  options: { emailLocked: boolean },
): Promise<string> {
  const row = { ...values };
  if (options.emailLocked) delete (row as Partial<ProfileValues>).email;
  if (memberId) {
    const { error } = await supabase().from('members').update(row).eq('id', memberId);
    if (error) throw error;
    return memberId;
  }
  const { data, error } = await supabase()
    .from('members')
    // The database gives the member the community's next member number (the 0 sent is replaced).
    .insert({ ...row, community_id: communityId, mid: 0 })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export async function setMemberCpr(
  memberId: string,
  cpr: string,
  legalBasis: string,
): Promise<string | null> {
  const { data, error } = await supabase().rpc('set_member_cpr', {
    p_member_id: memberId,
    p_cpr: cpr,
    p_legal_basis: legalBasis,
  });
  if (error) throw error;
  return data;
}

export async function revealMemberCpr(memberId: string, reason: string): Promise<string | null> {
  const { data, error } = await supabase().rpc('reveal_member_cpr', {
    p_member_id: memberId,
    p_reason: reason,
  });
  if (error) throw error;
  return data;
}

export async function setMemberAccess(memberId: string, areas: string[], manager?: boolean): Promise<void> {
  const { error } = await supabase().rpc('set_member_admin_access', {
    p_member_id: memberId,
    p_areas: areas as never,
    ...(manager === undefined ? {} : { p_membership_manager: manager }),
  });
  if (error) throw error;
}

/** Erases the member; their certificate documents leave private storage with the certificates. */
export async function eraseMember(memberId: string): Promise<void> {
  const documents = (await loadMemberCertificates(memberId)).flatMap((c) =>
    c.document_path ? [c.document_path] : [],
  );
  const { error } = await supabase().rpc('erase_member', { p_member_id: memberId });
  if (error) throw error;
  await removeDocuments(documents);
}

export async function exportMemberData(memberId: string): Promise<unknown> {
  const { data, error } = await supabase().rpc('member_personal_data', { p_member_id: memberId });
  if (error) throw error;
  return data;
}
