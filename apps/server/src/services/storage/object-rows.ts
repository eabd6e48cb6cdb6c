// The statements on storage.objects and storage.buckets that several endpoints share,
// and the JSON shapes storage-api gives their rows.
import type { Queryable } from '../../database/database';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  type: string;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export const objectColumns =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';
export const bucketColumns =
  'id, name, owner, owner_id, public, type::text as type, file_size_limit, allowed_mime_types, created_at, updated_at';

/** Postgres timestamps as the JavaScript ISO strings storage-api sends. */
export function isoTime(value: string | null): string | null {
  if (value === null) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export async function findObject(
  tx: Queryable,
  bucketId: string,
  name: string,
  lock = false,
): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2${lock ? ' for update' : ''}`,
    [bucketId, name],
  );
  return rows[0];
}

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow | undefined> {
  const { rows } = await tx.query<BucketRow>(`select ${bucketColumns} from storage.buckets where id = $1`, [
    id,
  ]);
  return rows[0];
}

export function objectJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner,
    owner_id: row.owner_id,
    version: row.version,
    id: row.id,
    updated_at: isoTime(row.updated_at),
    created_at: isoTime(row.created_at),
    last_accessed_at: isoTime(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}

export function bucketJson(row: BucketRow, withType: boolean) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? row.owner_id ?? '',
    public: row.public,
    ...(withType ? { type: row.type } : {}),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

export interface NewObject {
  bucketId: string;
  name: string;
  owner: string | null;
  ownerId: string | null;
  version: string;
  metadata: ObjectMetadata | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts (or with upsert, replaces) an object row; returns the row id and the version
 * the row pointed at before, whose bytes the caller then removes.
 */
export async function writeObjectRow(
  tx: Queryable,
  row: NewObject,
  upsert: boolean,
): Promise<{ id: string; previousVersion: string | null }> {
  const params = [
    row.bucketId,
    row.name,
    row.owner,
    row.ownerId,
    row.version,
    row.metadata === null ? null : JSON.stringify(row.metadata),
    row.userMetadata === null ? null : JSON.stringify(row.userMetadata),
  ];
  if (!upsert) {
    const { rows } = await tx.query<{ id: string }>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      params,
    );
    return { id: rows[0]!.id, previousVersion: null };
  }
  const { rows } = await tx.query<{ id: string; previous_version: string | null }>(
    `with previous as (select version from storage.objects where bucket_id = $1 and name = $2)
     insert into storage.objects as o (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (bucket_id, name) do update
       set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()
     returning o.id, (select version from previous) as previous_version`,
    params,
  );
  return { id: rows[0]!.id, previousVersion: rows[0]!.previous_version };
}

/** The metadata a trial insert carries before the bytes exist. */
export function placeholderMetadata(mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: '',
    size: 0,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: 0,
    httpStatusCode: 200,
  };
}
