// The one statement of an upload, run as the uploader once the bytes are stored: it reads
// the bucket's limits (storage.upload_limits, with the owner's rights as storage-api does),
// and only when the bucket exists, the type is allowed, the bytes match it where the bucket
// checks content (decision 0841) and the size fits does it insert
// (or upsert) the row, so row-level security on storage.objects decides exactly as in a
// plain insert. A new row's id is made here, so an insert needs no RETURNING and so no
// SELECT policy (storage-api asks only INSERT of an upload; an upsert needs SELECT and UPDATE
// too). The answer says which check refused, in storage-api's order.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import type { NewObject } from './object-rows';
import { storageErrors } from './storage-errors';

export interface UploadRow extends NewObject {
  size: number;
  /** The declared content type; not checked for folder placeholders. */
  mimetype: string | undefined;
  /** The first bytes are not of the declared type; refused where the bucket checks content. */
  contentMismatch: boolean;
  /** The server-wide limit in bytes; a bucket's own limit can only lower it. */
  globalLimit: number;
}

interface UploadAnswer {
  id: string | null;
  previous_version: string | null;
  bucket_found: boolean;
  type_allowed: boolean;
  content_allowed: boolean;
  size_allowed: boolean;
}

/** type/subtype, lower-cased, without parameters: what allowed_mime_types entries match. */
function bareType(mimetype: string): string {
  const [type = '', subtype = ''] = (mimetype.split(';')[0] ?? '').trim().toLowerCase().split('/');
  return `${type}/${subtype}`;
}

export async function writeUploadRow(
  tx: Queryable,
  row: UploadRow,
  upsert: boolean,
): Promise<{ id: string; previousVersion: string | null }> {
  const conflict = upsert
    ? `on conflict (bucket_id, name) do update
         set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
             metadata = excluded.metadata, user_metadata = excluded.user_metadata, last_accessed_at = now()
       returning o.id`
    : '';
  const { rows } = await tx.query<UploadAnswer>(
    `with bucket as (select * from storage.upload_limits($1)),
     checks as (
       select
         $8::text is null or coalesce(cardinality(b.allowed_mime_types), 0) = 0
           or exists (select 1 from unnest(b.allowed_mime_types) a
                      where lower(a) in ($8, split_part($8, '/', 1) || '/*')) as type_allowed,
         not ($12::boolean and b.content_check) as content_allowed,
         $9::bigint <= least(coalesce(b.file_size_limit, $10::bigint), $10::bigint) as size_allowed
       from bucket b
     ),
     previous as (select version from storage.objects where bucket_id = $1 and name = $2),
     written as (
       insert into storage.objects as o (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       select $11::uuid, $1, $2, $3, $4, $5, $6, $7 from checks where type_allowed and content_allowed and size_allowed
       ${conflict}
     )
     select ${upsert ? '(select id from written)' : '$11::uuid'} as id,
            (select version from previous) as previous_version,
            exists (select 1 from bucket) as bucket_found,
            coalesce((select type_allowed from checks), false) as type_allowed,
            coalesce((select content_allowed from checks), false) as content_allowed,
            coalesce((select size_allowed from checks), false) as size_allowed`,
    [
      row.bucketId,
      row.name,
      row.owner,
      row.ownerId,
      row.version,
      row.metadata === null ? null : JSON.stringify(row.metadata),
      row.userMetadata === null ? null : JSON.stringify(row.userMetadata),
      row.mimetype === undefined ? null : bareType(row.mimetype),
      row.size,
      row.globalLimit,
      crypto.randomUUID(),
      row.contentMismatch,
    ],
  );
  const answer = rows[0]!;
  if (!answer.bucket_found) throw storageErrors.noSuchBucket();
  if (!answer.type_allowed) throw storageErrors.invalidMimeType(row.mimetype ?? '');
  if (!answer.content_allowed) throw storageErrors.contentMismatch(row.mimetype ?? '');
  if (!answer.size_allowed) throw storageErrors.entityTooLarge();
  if (answer.id === null) throw storageErrors.rlsDenied();
  return { id: answer.id, previousVersion: answer.previous_version };
}
