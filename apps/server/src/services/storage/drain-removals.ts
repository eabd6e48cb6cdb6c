// Removes from the backend the bytes of objects whose rows were deleted in SQL (decision
// 1008): storage.removal_queue holds every deleted row's version; this takes a batch (one
// instance each, skip locked), removes those versions, and drops them from the queue in the
// same transaction, so a failed removal is tried again on the next round.
import type { Logger } from 'pino';
import type { Database } from '../../database/database';
import type { StorageBackend } from './backend/storage-backend';

export async function drainRemovalQueue(db: Database, backend: StorageBackend): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const taken = await tx.query<{ id: string; bucket_id: string; name: string; version: string | null }>(
        `select id::text, bucket_id, name, version from storage.removal_queue
          order by id limit 100 for update skip locked`,
      );
      if (taken.rows.length === 0) return 0;
      await backend.remove(
        taken.rows.map((row) => ({ bucket: row.bucket_id, name: row.name, version: row.version ?? '' })),
      );
      await tx.query('delete from storage.removal_queue where id = any($1::bigint[])', [
        taken.rows.map((row) => row.id),
      ]);
      return taken.rows.length;
    });
    if (batch === 0) return removed;
    removed += batch;
  }
}

export function startRemovalDrain(
  db: Database,
  backend: StorageBackend,
  logger: Logger,
  intervalMs = 2_000,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    drainRemovalQueue(db, backend)
      .catch((error: unknown) => logger.warn({ err: error }, 'removing deleted objects failed; will retry'))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
