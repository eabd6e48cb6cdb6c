// Event images go to the public `event-images` bucket under "<community id>/…" (the folder the
// bucket's policy checks), as PNG or JPEG up to 5 MB (lib/upload-with-progress.ts).
import { publicImageAccept, publicImageUrl, uploadPublicImage } from '../../lib/upload-with-progress';

export const eventImageBucket = 'event-images';
export const eventImageAccept = publicImageAccept;

export function uploadEventImage(
  communityId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  return uploadPublicImage(eventImageBucket, communityId, file, onProgress);
}

export const eventImageUrl = (path: string): string => publicImageUrl(eventImageBucket, path);
