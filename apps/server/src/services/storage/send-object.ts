// Sends an object's bytes as storage-api does: stored content type, length, ETag,
// Last-Modified and Cache-Control; Range requests answer 206 and If-None-Match 304;
// ?download= asks for an attachment.
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { toWebStream } from './body-streams';
import { BackendObjectMissing, type ByteRange } from './backend/storage-backend';
import type { ObjectRow } from './object-rows';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

function parseRange(header: string | undefined, size: number): ByteRange | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

function attachmentName(c: Context<AppEnv>, row: ObjectRow): string | undefined {
  const download = c.req.query('download');
  if (download === undefined) return undefined;
  const fallback = row.name.split('/').pop() ?? row.name;
  return download !== '' && download !== 'true' ? download : fallback;
}

export function objectHeaders(row: ObjectRow): Record<string, string> {
  const meta = row.metadata;
  const headers: Record<string, string> = {
    'Content-Type': meta?.mimetype ?? 'application/octet-stream',
    'Cache-Control': meta?.cacheControl ?? 'no-cache',
    'Accept-Ranges': 'bytes',
    'X-Robots-Tag': 'none',
  };
  if (meta?.eTag) headers.ETag = meta.eTag;
  const modified = row.updated_at ?? meta?.lastModified;
  if (modified) headers['Last-Modified'] = new Date(modified).toUTCString();
  return headers;
}

export async function sendObject(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  row: ObjectRow,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = { ...objectHeaders(row), ...extraHeaders };
  const size = Number(row.metadata?.size ?? 0);
  const ifNoneMatch = c.req.header('if-none-match');
  if (
    ifNoneMatch &&
    headers.ETag &&
    ifNoneMatch.split(',').some((tag) => tag.trim() === headers.ETag || tag.trim() === '*')
  ) {
    return new Response(null, { status: 304, headers });
  }
  const filename = attachmentName(c, row);
  if (filename !== undefined)
    headers['Content-Disposition'] = `attachment; filename=${encodeURIComponent(filename)};`;
  const range = parseRange(c.req.header('range'), size);
  if (range === 'invalid') throw storageErrors.invalidRange();
  const version = row.version ?? '';
  let stream: Readable;
  try {
    stream = await rt.backend.get({ bucket: row.bucket_id, name: row.name, version }, range);
  } catch (error) {
    if (error instanceof BackendObjectMissing) throw storageErrors.resourceNotFound();
    throw error;
  }
  stream.on('error', (error) => c.get('log')?.warn({ err: error }, 'object stream failed'));
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  } else {
    headers['Content-Length'] = String(size);
  }
  const body = c.req.method === 'HEAD' ? null : toWebStream(stream);
  if (body === null) stream.destroy();
  return new Response(body, { status: range ? 206 : 200, headers });
}
