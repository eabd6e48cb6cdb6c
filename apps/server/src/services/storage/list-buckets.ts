// GET /bucket: the buckets the caller's policies let them see.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { bucketColumns, bucketJson, type BucketRow } from './object-rows';
import { asCaller, storageCaller } from './storage-caller';
import type { StorageRuntime } from './storage-runtime';

const sortColumns = new Set(['id', 'name', 'created_at', 'updated_at']);

function intParam(value: string | undefined, fallback: number | null): number | null {
  return value !== undefined && /^[0-9]+$/.test(value) ? Number(value) : fallback;
}

export async function listBuckets(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const column = sortColumns.has(c.req.query('sortColumn') ?? '') ? c.req.query('sortColumn')! : 'name';
  const order = c.req.query('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = intParam(c.req.query('limit'), null);
  const offset = intParam(c.req.query('offset'), 0) ?? 0;
  const search = c.req.query('search') ?? '';
  const rows = await asCaller(rt, c, caller, 'storage.bucket.list', async (tx) => {
    const { rows: found } = await tx.query<BucketRow>(
      `select ${bucketColumns} from storage.buckets
        where $1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
        order by ${column === 'name' || column === 'id' ? `${column} collate "C"` : column} ${order}
        limit $2 offset $3`,
      [search, limit, offset],
    );
    return found;
  });
  return c.json(rows.map((row) => bucketJson(row, true)));
}
