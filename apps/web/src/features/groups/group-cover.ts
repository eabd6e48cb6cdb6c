// Group cover images go to the public `group-covers` bucket under "<community id>/…" (the
// folder the bucket's policy checks), as PNG or JPEG up to 5 MB (lib/upload-with-progress.ts).
import { publicImageAccept, publicImageUrl, uploadPublicImage } from '../../lib/upload-with-progress';

export const groupCoverBucket = 'group-covers';
export const groupCoverAccept = publicImageAccept;

export function uploadGroupCover(
  communityId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  return uploadPublicImage(groupCoverBucket, communityId, file, onProgress);
}

export const groupCoverUrl = (path: string) => publicImageUrl(groupCoverBucket, path);
