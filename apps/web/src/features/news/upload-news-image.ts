// News images go to the public `news-images` bucket under "<community id>/…" (the folder the
// bucket's policy checks), PNG or JPEG up to 5 MB, checked here first and again by the bucket.
import type { UploadAccept } from '../../components/upload/upload-field';
import { supabase } from '../../lib/supabase';
import { uploadWithProgress } from '../../lib/upload-with-progress';

export const newsImageBucket = 'news-images';
export const newsImageAccept: UploadAccept = {
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PNG, JPEG',
  maxBytes: 5 * 1024 * 1024,
};

export async function uploadNewsImage(
  communityId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = `${communityId}/${crypto.randomUUID()}.${file.type === 'image/jpeg' ? 'jpg' : 'png'}`;
  await uploadWithProgress({ bucket: newsImageBucket, path, file, onProgress });
  return path;
}

export function newsImageUrl(path: string): string {
  return supabase().storage.from(newsImageBucket).getPublicUrl(path).data.publicUrl;
}
