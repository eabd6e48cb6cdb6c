// A storage upload that reports progress: the same request supabase-js's storage client sends
// (multipart form, the session's token), through XMLHttpRequest, whose upload events fetch()
// does not offer. Errors come back in the storage service's wire format as an Error.
import { appConfig } from './app-config';
import { supabase } from './supabase';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function uploadWithProgress(options: {
  bucket: string;
  path: string;
  file: File;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const { data } = await supabase().auth.getSession();
  const config = appConfig();
  const token = data.session?.access_token ?? config.anonKey;
  const path = options.path.split('/').map(encodeURIComponent).join('/');
  const body = new FormData();
  body.append('cacheControl', '3600');
  body.append('', options.file);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${config.supabaseUrl}/storage/v1/object/${options.bucket}/${path}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', config.anonKey);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve();
        return;
      }
      let message = `upload failed (${xhr.status})`;
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
      } catch {
        // Not JSON: keep the status.
      }
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network error', 0));
    xhr.onabort = () => reject(new UploadError('aborted', 0));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * The images of the public buckets (event images, group covers, logos, product images): PNG or
 * JPEG up to 5 MB, checked here first so the user hears why at once; each bucket refuses the same
 * on its side.
 */
export const publicImageAccept = {
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  label: 'PNG, JPEG',
  maxBytes: 5 * 1024 * 1024,
};
const imageExtensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** Uploads the image under "<folder>/<new uuid>.<ext>" (folder starts with the community id). */
export async function uploadPublicImage(
  bucket: string,
  folder: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const path = `${folder}/${crypto.randomUUID()}.${imageExtensions[file.type] ?? 'png'}`;
  await uploadWithProgress({ bucket, path, file, onProgress });
  return path;
}

export const publicImageUrl = (bucket: string, path: string) =>
  supabase().storage.from(bucket).getPublicUrl(path).data.publicUrl;
