// Group cover images go to the public `group-covers` bucket under "<community id>/…" (the
// folder the bucket's policy checks): PNG or JPEG up to 5 MB, checked here first so the user
// hears why at once; the bucket refuses the same on its side.
import type { UploadAccept } from '../../components/upload/upload-field';
import { supabase } from '../../lib/supabase';
import { uploadWithProgress } from '../../lib/upload-with-progress';

export const groupCoverBucket = 'group-covers';
export const groupCoverAccept: UploadAccept = {
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PNG, JPEG',
  maxBytes: 5 * 1024 * 1024,
};
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export async function uploadGroupCover(
  communityId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = `${communityId}/${crypto.randomUUID()}.${extensions[file.type] ?? 'png'}`;
  await uploadWithProgress({ bucket: groupCoverBucket, path, file, onProgress });
  return path;
}

export const groupCoverUrl = (path: string) =>
  supabase().storage.from(groupCoverBucket).getPublicUrl(path).data.publicUrl;
