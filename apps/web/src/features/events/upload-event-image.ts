// Event images go to the public `event-images` bucket under "<community id>/…" (the folder the
// bucket's policy checks). The type and size are checked here first so the user hears why at
// once; the bucket refuses the same things on its side.
import type { UploadAccept } from '../../components/upload/upload-field';
import { supabase } from '../../lib/supabase';
import { uploadWithProgress } from '../../lib/upload-with-progress';

export const eventImageBucket = 'event-images';
export const eventImageAccept: UploadAccept = {
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PNG, JPEG',
  maxBytes: 5 * 1024 * 1024,
};
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export async function uploadEventImage(
  communityId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = `${communityId}/${crypto.randomUUID()}.${extensions[file.type] ?? 'png'}`;
  await uploadWithProgress({ bucket: eventImageBucket, path, file, onProgress });
  return path;
}

export function eventImageUrl(path: string): string {
  return supabase().storage.from(eventImageBucket).getPublicUrl(path).data.publicUrl;
}
