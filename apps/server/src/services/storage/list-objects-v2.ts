// POST /object/list-v2/{bucket} {prefix, limit, cursor, with_delimiter, sortBy}: keys
// under a prefix as the caller sees them, a page at a time. With with_delimiter the keys
// collapse into folders at the next "/". The cursor is opaque to clients (an offset).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName } from './object-names';
import { isoTime } from './object-rows';
import { jsonBody } from './route-params';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

const sortColumns = new Set(['name', 'updated_at', 'created_at']);

interface Entry {
  name: string;
  is_folder: boolean;
  id: string | null;
  version: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: unknown;
}

function readCursor(cursor: unknown): number {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0) return parsed.o;
  } catch {
    // refused below
  }
  throw storageErrors.invalidRequest('Invalid cursor');
}

export async function listObjectsV2(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const bucketId = checkBucketName(c.req.param('bucket'));
  const body = await jsonBody(c);
  const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
  const limit = Math.min(Math.max(Number.isInteger(body.limit) ? (body.limit as number) : 1000, 1), 1000);
  const offset = readCursor(body.cursor);
  const delimited = body.with_delimiter === true;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && sortColumns.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const orderBy =
    column === 'name' ? `name collate "C" ${order}` : `${column} ${order} nulls first, name collate "C" asc`;
  const pattern = `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

  const rows = await asCaller(rt, c, caller, 'storage.object.list_v2', async (tx) => {
    const { rows: found } = await tx.query<Entry>(
      `with matched as (
         select name, substr(name, char_length($2) + 1) as rest, id, version, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name like $3 escape '\\'
       ), entries as (
         select name, false as is_folder, id, version, updated_at, created_at, last_accessed_at, metadata
         from matched where not $4 or strpos(rest, '/') = 0
         union all
         select distinct $2 || split_part(rest, '/', 1) || '/', true, null::uuid, null::text,
                null::timestamptz, null::timestamptz, null::timestamptz, null::jsonb
         from matched where $4 and strpos(rest, '/') > 0
       )
       select * from entries order by ${orderBy} limit $5 offset $6`,
      [bucketId, prefix, pattern, delimited, limit + 1, offset],
    );
    return found;
  });
  const page = rows.slice(0, limit);
  const hasNext = rows.length > limit;
  const folders = page
    .filter((r) => r.is_folder)
    .map((r) => ({ name: r.name, key: r.name.replace(/\/$/, '') }));
  const objects = page
    .filter((r) => !r.is_folder)
    .map((r) => ({
      name: r.name,
      key: r.name,
      id: r.id,
      version: r.version,
      updated_at: isoTime(r.updated_at),
      created_at: isoTime(r.created_at),
      last_accessed_at: isoTime(r.last_accessed_at),
      metadata: r.metadata,
    }));
  return c.json({
    hasNext,
    folders,
    objects,
    ...(hasNext
      ? { nextCursor: Buffer.from(JSON.stringify({ o: offset + limit })).toString('base64url') }
      : {}),
  });
}
