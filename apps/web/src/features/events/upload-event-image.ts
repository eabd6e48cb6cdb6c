// Event images go to the public `event-images` bucket under "<community id>/…" (the folder the
// bucket's policy checks). The type and size are checked here first so the user hears why at
// once; the bucket refuses the same things on its side.
import { supabase } from '../../lib/supabase';

export const eventImageBucket = 'event-images';
export const eventImageMaxBytes = 5 * 1024 * 1024;
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export type ImageProblem = 'wrongType' | 'tooLarge';

export function checkEventImage(file: File): ImageProblem | undefined {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!extensions[file.type] || !byName) return 'wrongType';
  if (file.size > eventImageMaxBytes) return 'tooLarge';
  return undefined;
}

export async function uploadEventImage(communityId: string, file: File): Promise<string> {
  const path = `${communityId}/${crypto.randomUUID()}.${extensions[file.type] ?? 'png'}`;
  const { error } = await supabase()
    .storage.from(eventImageBucket)
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw error;
  return path;
}

export function eventImageUrl(path: string): string {
  return supabase().storage.from(eventImageBucket).getPublicUrl(path).data.publicUrl;
}
