// Images uploaded to this server are stored in documents as a path
// (/storage/v1/object/public/<bucket>/<file>), so a document stays valid when the server's
// address changes; shown, the path is resolved against the data API's address.
import { appConfig } from '../../../lib/app-config';
import { supabase } from '../../../lib/supabase';

export const storagePathPrefix = '/storage/v1/object/public/';

export function storageUrl(src: string): string {
  if (!src.startsWith(storagePathPrefix)) return src;
  try {
    return new URL(src, appConfig().supabaseUrl).toString();
  } catch {
    return src;
  }
}

/** The path a document stores for an object in a public bucket. */
export function storagePath(bucket: string, path: string): string {
  const publicUrl = supabase().storage.from(bucket).getPublicUrl(path).data.publicUrl;
  const at = publicUrl.indexOf(storagePathPrefix);
  return at >= 0 ? publicUrl.slice(at) : `${storagePathPrefix}${bucket}/${path}`;
}
