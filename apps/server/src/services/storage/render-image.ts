// GET /render/image/{public|authenticated|sign}/{bucket}/{path}?width&height&resize&quality&format:
// a resized or re-encoded image (thumbnails), made with sharp from the streamed bytes.
// Without format=origin the output is WebP for clients that accept it, as Supabase's
// automatic format detection does.
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import sharp from 'sharp';
import type { AppEnv } from '../../http/app-env';
import { BackendObjectMissing } from './backend/storage-backend';
import {
  parseTransform,
  transformationsHeader,
  transformFromClaim,
  type ImageTransform,
} from './image-transform';
import { findBucket, findObject, type ObjectRow } from './object-rows';
import { objectParams } from './route-params';
import { verifyObjectToken } from './signed-url-token';
import { asCaller, asService, storageCaller } from './storage-caller';
import { StorageError, storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export type RenderAccess = 'public' | 'authenticated' | 'sign';

const outputTypes: Record<string, 'webp' | 'avif' | 'png' | 'jpeg'> = {
  webp: 'webp',
  avif: 'avif',
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
};

function outputFormat(
  t: ImageTransform,
  source: string | undefined,
  accept: string,
): 'webp' | 'avif' | 'png' | 'jpeg' | undefined {
  if (t.format && t.format !== 'origin') return outputTypes[t.format];
  if (t.format === 'origin') return undefined;
  if (accept.includes('image/webp') && source !== 'gif' && source !== 'svg') return 'webp';
  return undefined;
}

async function findRow(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  access: RenderAccess,
): Promise<{ row: ObjectRow; transform: ImageTransform }> {
  const { bucketId, name } = objectParams(c);
  let row: ObjectRow | undefined;
  let transform = parseTransform(c.req.query());
  if (access === 'sign') {
    const claims = await verifyObjectToken(
      rt.deps.keys,
      c.req.query('token'),
      'download',
      `${bucketId}/${name}`,
    );
    transform = { ...transformFromClaim(claims.transformations), ...transform };
    row = await asService(rt, c, 'storage.render.image_sign', (tx) => findObject(tx, bucketId, name));
  } else if (access === 'public') {
    row = await asService(rt, c, 'storage.render.image_public', async (tx) => {
      const bucket = await findBucket(tx, bucketId);
      if (!bucket || !bucket.public) throw storageErrors.noSuchBucket();
      return findObject(tx, bucketId, name);
    });
  } else {
    const caller = await storageCaller(rt, c, { allowAnon: false });
    row = await asCaller(rt, c, caller, 'storage.render.image_authenticated', (tx) =>
      findObject(tx, bucketId, name),
    );
  }
  if (!row) throw storageErrors.noSuchKey();
  return { row, transform };
}

export async function renderImage(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  access: RenderAccess,
): Promise<Response> {
  if (!rt.config.imageTransformation) throw storageErrors.imageTransformationDisabled();
  const { row, transform } = await findRow(rt, c, access);
  let source: Readable;
  try {
    source = await rt.backend.get({ bucket: row.bucket_id, name: row.name, version: row.version ?? '' });
  } catch (error) {
    if (error instanceof BackendObjectMissing) throw storageErrors.resourceNotFound();
    throw error;
  }
  let result: { data: Buffer; info: sharp.OutputInfo };
  try {
    // sharp needs the whole image before it can decode; images are bounded by the
    // bucket's size limit.
    const chunks: Buffer[] = [];
    for await (const chunk of source as AsyncIterable<Buffer>) chunks.push(chunk);
    const image = Buffer.concat(chunks);
    const metadata = await sharp(image).metadata();
    const pipeline = sharp(image, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    if (transform.width !== undefined || transform.height !== undefined) {
      pipeline.resize({
        width: transform.width,
        height: transform.height,
        fit: transform.resize === 'contain' ? 'contain' : transform.resize === 'fill' ? 'fill' : 'cover',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      });
    }
    const format = outputFormat(transform, metadata.format, c.req.header('accept') ?? '');
    const quality = transform.quality ?? 80;
    if (format) pipeline.toFormat(format, { quality });
    else if (metadata.format === 'jpeg' || metadata.format === 'webp')
      pipeline.toFormat(metadata.format, { quality });
    result = await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    source.destroy();
    if (error instanceof StorageError) throw error;
    throw new StorageError(
      'InvalidImage',
      400,
      'The object could not be transformed as an image',
      'invalid_image',
    );
  }
  const applied = transformationsHeader(transform);
  return new Response(new Uint8Array(result.data), {
    status: 200,
    headers: {
      'Content-Type': `image/${result.info.format === 'heif' ? 'avif' : result.info.format}`,
      'Content-Length': String(result.data.length),
      'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
      ...(row.metadata?.eTag ? { ETag: row.metadata.eTag } : {}),
      'X-Robots-Tag': 'none',
      ...(applied ? { 'X-Transformations': applied } : {}),
    },
  });
}
