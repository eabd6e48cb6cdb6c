// An hourly ticker that applies each community's data-retention period: members who left
// longer ago than community_settings.retention_months are erased (public.apply_data_retention,
// docs/decisions/0874). Several instances may run it: members are taken with SKIP LOCKED and
// erasing is idempotent.
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { startTicker, type Ticker } from './ticker';

/** Erases what is due, in batches, and returns how many members were erased. */
export async function runDataRetention(db: Database, batch = 500): Promise<number | undefined> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('public.apply_data_retention(integer)')::text as fn",
  );
  if (!exists.rows[0]?.fn) return undefined;
  let total = 0;
  for (;;) {
    const result = await db.query<{ n: number }>('select public.apply_data_retention($1) as n', [batch]);
    const n = result.rows[0]?.n ?? 0;
    total += n;
    if (n < batch) return total;
  }
}

export function startRetentionTicker(db: Database, logger: Logger, intervalMs = 60 * 60_000): Ticker {
  return startTicker(
    {
      run: () => runDataRetention(db),
      countKey: 'erased',
      doneMessage: 'data retention applied',
      failedMessage: 'applying data retention failed; will retry',
    },
    logger,
    intervalMs,
  );
}
