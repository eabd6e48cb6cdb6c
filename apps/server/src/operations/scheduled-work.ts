// Whether this server runs its scheduled work (decision 1007): the project's cron jobs and the
// requests they queue, release publishing, news and welcome mail, and scheduled backups. A
// restored database starts paused (`npm run restore` writes the pause into it), because a
// restore is often a test and must not send the club's reminders from a copy; the pause is in
// the database, so every instance on it sees it, and it lasts until an operator resumes it.
// SCHEDULED_WORK decides at start: auto (follow the database), resume (remove the pause
// first), paused (this instance never runs scheduled work, whatever the database says).
import type { Queryable } from '../database/database';

export type ScheduledWorkSetting = 'auto' | 'resume' | 'paused';

export interface ScheduledWorkPause {
  pausedAt: string;
  reason: string;
}

const hasPauseTable = async (db: Queryable) =>
  (await db.query<{ t: string | null }>("select to_regclass('operations.scheduled_work_pause')::text as t"))
    .rows[0]?.t != null;

/** The pause the database holds, or null while scheduled work runs. */
export async function readScheduledWorkPause(db: Queryable): Promise<ScheduledWorkPause | null> {
  if (!(await hasPauseTable(db))) return null;
  const found = await db.query<{ paused_at: Date | string; reason: string }>(
    'select paused_at, reason from operations.scheduled_work_pause',
  );
  const row = found.rows[0];
  return row ? { pausedAt: new Date(row.paused_at).toISOString(), reason: row.reason } : null;
}

export async function pauseScheduledWork(db: Queryable, reason: string): Promise<void> {
  await db.query(
    `insert into operations.scheduled_work_pause (reason) values ($1)
     on conflict (singleton) do update set reason = excluded.reason, paused_at = now()`,
    [reason],
  );
}

/** Removes the pause; answers whether there was one. */
export async function resumeScheduledWork(db: Queryable): Promise<boolean> {
  if (!(await hasPauseTable(db))) return false;
  return ((await db.query('delete from operations.scheduled_work_pause')).rowCount ?? 0) > 0;
}

export interface ScheduledWorkGate {
  /** True while scheduled work must not run here; checked by every job before each run. */
  paused(): boolean;
  /** Why it is paused (for the start-up banner), or null while it runs. */
  pause(): ScheduledWorkPause | null;
  /** Reads the database's pause again (done every `refreshMs` on its own). */
  refresh(): Promise<void>;
  stop(): void;
}

const instancePause: ScheduledWorkPause = {
  pausedAt: new Date(0).toISOString(),
  reason: 'SCHEDULED_WORK=paused on this instance',
};

/**
 * Reads the pause at start (removing it first for SCHEDULED_WORK=resume) and again every
 * `refreshMs`, so `npm run scheduled-work -- resume` takes effect in running servers.
 */
export async function openScheduledWorkGate(
  db: Queryable,
  setting: ScheduledWorkSetting,
  refreshMs = 5_000,
): Promise<ScheduledWorkGate> {
  if (setting === 'resume') await resumeScheduledWork(db);
  let current = setting === 'paused' ? instancePause : await readScheduledWorkPause(db);
  const refresh = async () => {
    if (setting !== 'paused') current = await readScheduledWorkPause(db);
  };
  const timer = setInterval(() => void refresh().catch(() => undefined), refreshMs);
  timer.unref();
  return {
    paused: () => current !== null,
    pause: () => current,
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** The start-up banner's lines about scheduled work. */
export function scheduledWorkBanner(pause: ScheduledWorkPause | null): string[] {
  if (!pause) return ['  Scheduled work: running (cron jobs, reminders, mail, backups)'];
  return [
    `  Scheduled work: PAUSED (${pause.reason}): no cron jobs, reminders, mail or scheduled backups`,
    '    Resume: npm run scheduled-work -- resume (PostgreSQL, beside the server), or start with SCHEDULED_WORK=resume',
  ];
}

/** Claims one scheduled backup time for this instance; false when another instance has it. */
export async function claimBackupSlot(db: Queryable, slot: Date, instance: string): Promise<boolean> {
  const claimed = await db.query(
    `insert into operations.backup_runs (slot, instance) values ($1, $2)
     on conflict (slot) do nothing returning slot`,
    [slot.toISOString(), instance],
  );
  await db.query("delete from operations.backup_runs where claimed_at < now() - interval '30 days'");
  return (claimed.rowCount ?? 0) > 0;
}
