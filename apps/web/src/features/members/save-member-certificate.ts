// Certificates of one member (børneattest and others) with their document in the private
// "member-documents" bucket under "<community>/<member>/…": read, save (create or edit the
// dates, status and document), delete (row and document) and open the document through a
// short-lived signed URL (the bucket is never public).
import type { Tables } from '@club/schemas';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { supabase } from '../../lib/supabase';

export const documentBucket = 'member-documents';

export type CertificateRow = Pick<
  Tables<'member_certificates'>,
  'id' | 'kind' | 'status' | 'issued_on' | 'expires_on' | 'document_path'
>;

export interface CertificateValues {
  kind: string;
  status: 'requested' | 'consented' | 'approved' | 'rejected';
  issued_on: string | null;
  expires_on: string | null;
  document_path: string | null;
}

export async function loadMemberCertificates(memberId: string): Promise<CertificateRow[]> {
  const { data, error } = await supabase()
    .from('member_certificates')
    .select('id, kind, status, issued_on, expires_on, document_path')
    .eq('member_id', memberId)
    .order('expires_on', { ascending: true, nullsFirst: false })
    .order('created_at');
  if (error) throw error;
  return data ?? [];
}

export async function saveMemberCertificate(
  target: { communityId: string; memberId: string; id?: string },
  values: CertificateValues,
): Promise<void> {
  const { error } = target.id
    ? await supabase().from('member_certificates').update(values).eq('id', target.id)
    : await supabase()
        .from('member_certificates')
        .insert({ ...values, community_id: target.communityId, member_id: target.memberId });
  if (error) throw error;
}

export async function removeDocuments(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await supabase().storage.from(documentBucket).remove(paths);
  if (error) throw error;
}

export async function deleteMemberCertificate(row: CertificateRow): Promise<void> {
  const { error } = await supabase().from('member_certificates').delete().eq('id', row.id);
  if (error) throw error;
  if (row.document_path) await removeDocuments([row.document_path]);
}

/** Uploads a document into the member's folder; resolves to its path. */
export async function uploadCertificateDocument(
  communityId: string,
  memberId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const ending = file.name.toLowerCase().split('.').pop() ?? 'pdf';
  const path = `${communityId}/${memberId}/${crypto.randomUUID()}.${ending}`;
  await uploadWithProgress({ bucket: documentBucket, path, file, onProgress });
  return path;
}

/** A signed URL valid for five minutes; `download` makes the browser save it under that name. */
export async function documentUrl(path: string, download?: string): Promise<string> {
  const { data, error } = await supabase()
    .storage.from(documentBucket)
    .createSignedUrl(path, 300, download ? { download } : undefined);
  if (error) throw error;
  return data.signedUrl;
}
