// Applies queued member imports (docs/decisions/0932): the import page uploads a file's rows
// into a job and queues it; this ticker claims batches of pending rows, applies each batch
// through app_private.import_member_row (the row logic import_members uses) and records the
// outcomes and the job's counts in the same transaction, until nothing is due. The job row is
// in the realtime publication, so the page shows the progress. Several instances may run it: a
// claim holds its rows for five minutes (SKIP LOCKED) and only pending rows are applied.
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { startTicker, type Ticker } from './ticker';

interface Claim {
  job_id: string;
  requested_by: string | null;
  lines: number[];
}

/**
 * Applies what is due, batch after batch; answers how many rows were applied. The CPR key is
 * set for each batch's transaction only (CPR numbers wait encrypted), and the requester is the
 * acting user, so the members' history and the CPR audit name who imported.
 */
export async function runMemberImports(
  db: Database,
  cprKey: string,
  batch = 250,
): Promise<number | undefined> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('app_private.claim_member_import_batch(integer)')::text as fn",
  );
  if (!exists.rows[0]?.fn) return undefined;
  await db.query('select app_private.expire_member_imports()');
  let total = 0;
  for (;;) {
    const claimed = await db.query<Claim>(
      'select job_id, requested_by, lines from app_private.claim_member_import_batch($1)',
      [batch],
    );
    const claim = claimed.rows[0];
    if (!claim) return total;
    total += await db.transaction(async (tx) => {
      await tx.query(
        "select set_config('app.cpr_key', $1, true), set_config('request.jwt.claim.sub', $2, true)",
        [cprKey, claim.requested_by ?? ''],
      );
      const recorded = await tx.query<{ n: number }>(
        `select app_private.record_member_import_rows($1,
           coalesce((select jsonb_agg(to_jsonb(a)) from app_private.apply_member_import_rows($1,
             array(select jsonb_array_elements_text($2::jsonb)::int)) a), '[]')) as n`,
        [claim.job_id, JSON.stringify(claim.lines)],
      );
      return recorded.rows[0]?.n ?? 0;
    });
  }
}

export function startMemberImportTicker(
  db: Database,
  cprKey: string,
  logger: Logger,
  intervalMs = 2_000,
): Ticker {
  return startTicker(
    {
      run: () => runMemberImports(db, cprKey),
      countKey: 'rows',
      doneMessage: 'member import rows applied',
      failedMessage: 'applying a member import failed; will retry',
    },
    logger,
    intervalMs,
  );
}
