// A minute ticker that writes the status of events and news whose scheduled release time
// has passed (public.publish_due_releases, see docs/decisions/0704). Reads are correct
// without it; it keeps the stored status, which lists and analytics filter on, in step.
// Several instances may all run it: the function is idempotent.
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { startTicker, type Ticker } from './ticker';

export async function runPublishDueReleases(db: Database): Promise<number | undefined> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('public.publish_due_releases()')::text as fn",
  );
  if (!exists.rows[0]?.fn) return undefined;
  const result = await db.query<{ n: number }>('select public.publish_due_releases() as n');
  return result.rows[0]?.n;
}

export function startReleaseTicker(
  db: Database,
  logger: Logger,
  intervalMs = 60_000,
  paused?: () => boolean,
): Ticker {
  return startTicker(
    {
      run: () => runPublishDueReleases(db),
      countKey: 'published',
      doneMessage: 'scheduled releases published',
      failedMessage: 'publishing scheduled releases failed; will retry',
    },
    logger,
    intervalMs,
    paused,
  );
}
