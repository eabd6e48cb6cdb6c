// Bulk actions of the register on a selection: add or remove a tag, add to a group; and the register's
// Excel export (export_members: CPR numbers only for membership managers, audited by the
// database), written with write-excel-file, loaded when an export is asked for.
import type { Database } from '@club/schemas';
import { formatPhone } from '../../lib/phone';
import { supabase } from '../../lib/supabase';

export async function addTagToMembers(
  communityId: string,
  tagId: string,
  memberIds: string[],
): Promise<void> {
  const { error } = await supabase()
    .from('member_tags')
    .upsert(
      memberIds.map((member_id) => ({ community_id: communityId, member_id, tag_id: tagId })),
      { onConflict: 'member_id,tag_id', ignoreDuplicates: true },
    );
  if (error) throw error;
}

/** Removes the tag from those of the members who have it; returns how many lost it. */
export async function removeTagFromMembers(tagId: string, memberIds: string[]): Promise<number> {
  const { data, error } = await supabase().rpc('set_member_tag', {
    p_tag_id: tagId,
    p_member_ids: memberIds,
    p_on: false,
  });
  if (error) throw error;
  return data ?? 0;
}

export async function addMembersToGroup(
  communityId: string,
  groupId: string,
  memberIds: string[],
): Promise<number> {
  const { data: already, error: readError } = await supabase()
    .from('group_members')
    .select('member_id')
    .eq('group_id', groupId)
    .is('left_at', null)
    .in('member_id', memberIds);
  if (readError) throw readError;
  const present = new Set((already ?? []).map((r) => r.member_id));
  const rows = memberIds
    .filter((id) => !present.has(id))
    .map((member_id) => ({ community_id: communityId, group_id: groupId, member_id }));
  if (rows.length === 0) return 0;
  const { error } = await supabase().from('group_members').insert(rows);
  if (error) throw error;
  return rows.length;
}

export interface ExportHeaders {
  mid: string;
  membershipId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: string;
  birthDate: string;
  street: string;
  postalCode: string;
  city: string;
  status: string;
  joined: string;
  cpr: string;
}

type ExportColumns = Database['public']['Functions']['export_members']['Returns'][number];
/** A row of export_members: the generated types call its columns non-null, but most may be null. */
type ExportRow = {
  [K in keyof ExportColumns]: K extends 'mid' | 'status' ? ExportColumns[K] : ExportColumns[K] | null;
};
type ExportLabels = { gender: (g: string) => string; status: (s: string) => string };

/**
 * The register export's sheet: a header row and a row per member. A membership manager's sheet
 * always has the CPR column (the database gives managers the numbers and audits the export),
 * empty for members without a CPR number; anyone else's never has it. Phones as people write
 * them ("20 30 40 50"), as text.
 */
export function registerSheet(
  rows: readonly ExportRow[],
  headers: ExportHeaders,
  label: ExportLabels,
  manager: boolean,
): { value: string | number | undefined; fontWeight?: 'bold' }[][] {
  const columns: [keyof ExportHeaders, (r: ExportRow) => string | number | null][] = [
    ['mid', (r) => r.mid],
    ['membershipId', (r) => r.membership_id],
    ['firstName', (r) => r.first_name],
    ['lastName', (r) => r.last_name],
    ['email', (r) => r.email],
    ['phone', (r) => formatPhone(r.phone) || null],
    ['gender', (r) => (r.gender ? label.gender(r.gender) : null)],
    ['birthDate', (r) => r.birth_date],
    ['street', (r) => r.street],
    ['postalCode', (r) => r.postal_code],
    ['city', (r) => r.city],
    ['status', (r) => label.status(r.status)],
    ['joined', (r) => r.joined_on],
  ];
  if (manager) columns.push(['cpr', (r) => (r.cpr && !r.cpr.endsWith('-xxxx') ? r.cpr : null)]);
  return [
    columns.map(([key]) => ({ value: headers[key], fontWeight: 'bold' as const })),
    ...rows.map((r) => columns.map(([, value]) => ({ value: value(r) ?? undefined }))),
  ];
}

/** The whole register as an .xlsx file; returns the number of members. */
export async function exportRegisterXlsx(
  communityId: string,
  headers: ExportHeaders,
  label: ExportLabels,
  manager: boolean,
): Promise<{ blob: Blob; count: number }> {
  const { data, error } = await supabase().rpc('export_members', { p_community_id: communityId });
  if (error) throw error;
  const rows = data ?? [];
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const blob = await writeXlsxFile(registerSheet(rows, headers, label, manager) as never).toBlob();
  return { blob, count: rows.length };
}
