// POST /object/list/{bucket}: the immediate children of a "folder" prefix as the caller
// sees them: files with their columns, sub-folders as entries whose columns are null.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName } from './object-names';
import { isoTime } from './object-rows';
import { jsonBody } from './route-params';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

const sortColumns = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

interface ListRow {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: unknown;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function listObjects(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const bucketId = checkBucketName(c.req.param('bucket'));
  const body = await jsonBody(c);
  if (typeof body.prefix !== 'string')
    throw storageErrors.invalidRequest("body must have required property 'prefix'");
  let prefix = body.prefix.replace(/^\/+/, '');
  if (prefix !== '' && !prefix.endsWith('/')) prefix += '/';
  const limit = Math.min(Math.max(Number.isInteger(body.limit) ? (body.limit as number) : 100, 1), 1500);
  const offset = Math.max(Number.isInteger(body.offset) ? (body.offset as number) : 0, 0);
  const search = typeof body.search === 'string' ? body.search : '';
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && sortColumns.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const orderBy =
    column === 'name'
      ? `name collate "C" ${order}`
      : `is_folder desc, ${column} ${order} nulls last, name collate "C" asc`;

  const rows = await asCaller(rt, c, caller, 'storage.object.list', async (tx) => {
    const { rows: listed } = await tx.query<ListRow>(
      `with matched as (
         select substr(name, char_length($2) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
         where bucket_id = $1 and lower(name) like lower($3) escape '\\'
       ), entries as (
         select rest as name, id, updated_at, created_at, last_accessed_at, metadata, false as is_folder
         from matched where strpos(rest, '/') = 0
         union all
         select distinct split_part(rest, '/', 1), null::uuid, null::timestamptz, null::timestamptz, null::timestamptz, null::jsonb, true
         from matched where strpos(rest, '/') > 0
       )
       select name, id, updated_at, created_at, last_accessed_at, metadata from entries
       where name <> ''
       order by ${orderBy}
       limit $4 offset $5`,
      [bucketId, prefix, `${likeEscape(prefix + search)}%`, limit, offset],
    );
    return listed;
  });
  return c.json(
    rows.map((row) => ({
      name: row.name,
      id: row.id,
      updated_at: isoTime(row.updated_at),
      created_at: isoTime(row.created_at),
      last_accessed_at: isoTime(row.last_accessed_at),
      metadata: row.metadata,
    })),
  );
}
