// The generic scheduler (decision 1021): where pg_cron is absent it runs the jobs a project
// declared with cron.schedule (platform migration 0030), and where pg_net is absent it sends
// the requests queued with net.http_post, which is how a scheduled job calls an edge
// function. It knows no job: the schedule, the command and who runs it are the database's.
// Every run is claimed in the database for its scheduled time first (cron.claim_run), so
// with several instances each run happens once; a request is taken off the queue by one.
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Database } from '../database/database';

export interface CronScheduler {
  /** Claims and runs every job due at `at` (or the minute before); answers how many ran here. */
  runDue(at?: Date): Promise<number>;
  /** Sends the queued HTTP requests; answers how many this instance sent. */
  sendQueued(): Promise<number>;
  stop(): void;
}

export interface CronSchedulerOptions {
  db: Database;
  logger: Logger;
  /** Transaction-local settings each run gets (the server's own, and where functions answer). */
  settings: Record<string, string>;
  /** How often due jobs are looked for (they run on whole minutes, or every N seconds). */
  tickMs?: number;
  /** How often the request queue is emptied. */
  sendMs?: number;
  /** A run older than this no longer holds its job (its instance died). */
  staleAfterMs?: number;
  /** True while scheduled work is paused (decision 1007): the timers then do nothing. */
  paused?: () => boolean;
}

interface Job {
  jobid: string;
  schedule: string;
  command: string;
  username: string;
}

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeout_milliseconds: number;
}

const minuteMs = 60_000;

/** The scheduled times a job may owe at `at`: this minute and the one before, or its N-second slot. */
export function dueSlots(schedule: string, at: Date): Date[] {
  const seconds = /^\s*(\d+)\s+seconds?\s*$/i.exec(schedule);
  if (seconds) {
    const every = Number(seconds[1]) * 1000;
    if (every < 1000 || every > minuteMs) return [];
    return [new Date(Math.floor(at.getTime() / every) * every)];
  }
  let cron: Cron;
  try {
    // pg_cron reads schedules in GMT unless cron.timezone says otherwise.
    cron = new Cron(schedule, { paused: true, timezone: 'UTC' });
  } catch {
    return [];
  }
  const minute = Math.floor(at.getTime() / minuteMs) * minuteMs;
  const slots = [new Date(minute - minuteMs), new Date(minute)].filter((slot) => cron.match(slot));
  cron.stop();
  return slots;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function startCronScheduler(options: CronSchedulerOptions): Promise<CronScheduler> {
  const { db, logger } = options;
  const staleMs = options.staleAfterMs ?? 30 * minuteMs;
  const found = await db.query<{ cron: boolean; net: boolean }>(
    `select (to_regprocedure('cron.claim_run(bigint, timestamptz, interval)') is not null
             and not exists (select 1 from pg_extension where extname = 'pg_cron')) as cron,
            (to_regclass('net.http_request_queue') is not null
             and not exists (select 1 from pg_extension where extname = 'pg_net')) as net`,
  );
  const ours = found.rows[0] ?? { cron: false, net: false };

  const runJob = async (job: Job, runid: string): Promise<void> => {
    let status = 'succeeded';
    let message = 'done';
    try {
      await db.transaction(async (tx) => {
        for (const [name, value] of Object.entries(options.settings))
          await tx.query('select set_config($1, $2, true)', [name, value]);
        const me = await tx.query<{ me: string }>('select current_user::text as me');
        if (me.rows[0]?.me !== job.username) await tx.exec(`set local role ${quoteIdent(job.username)}`);
        await tx.exec(job.command);
      });
    } catch (error) {
      status = 'failed';
      message = error instanceof Error ? error.message : String(error);
      logger.warn({ job: job.jobid, err: error }, 'a scheduled job failed');
    }
    await db.query(
      `update cron.job_run_details set status = $2, return_message = $3, end_time = clock_timestamp()
        where runid = $1`,
      [runid, status, message],
    );
  };

  const runDue = async (at = new Date()): Promise<number> => {
    if (!ours.cron) return 0;
    const jobs = await db.query<Job>(
      'select jobid::text, schedule, command, username from cron.job where active order by jobid',
    );
    let ran = 0;
    for (const job of jobs.rows) {
      for (const slot of dueSlots(job.schedule, at)) {
        const claimed = await db.query<{ runid: string | null }>(
          'select cron.claim_run($1, $2, $3::interval)::text as runid',
          [job.jobid, slot.toISOString(), `${staleMs} milliseconds`],
        );
        const runid = claimed.rows[0]?.runid;
        if (!runid) continue;
        await runJob(job, runid);
        ran += 1;
      }
    }
    return ran;
  };

  const send = async (request: QueuedRequest): Promise<void> => {
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? undefined,
        signal: AbortSignal.timeout(request.timeout_milliseconds),
      });
      const content = await response.text();
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      await db.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out)
         values ($1, $2, $3, $4::jsonb, $5, false)`,
        [request.id, response.status, response.headers.get('content-type'), JSON.stringify(headers), content],
      );
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      await db.query('insert into net._http_response (id, timed_out, error_msg) values ($1, $2, $3)', [
        request.id,
        timedOut,
        error instanceof Error ? error.message : String(error),
      ]);
    }
  };

  const sendQueued = async (): Promise<number> => {
    if (!ours.net) return 0;
    let sent = 0;
    for (;;) {
      // Taking a request off the queue is one statement: a request another instance holds is
      // skipped, and one taken is gone for everyone.
      const taken = await db.query<QueuedRequest>(
        `delete from net.http_request_queue where id in
           (select id from net.http_request_queue order by id limit 10 for update skip locked)
         returning id::text, method, url, headers, convert_from(body, 'UTF8') as body, timeout_milliseconds`,
      );
      if (taken.rows.length === 0) break;
      await Promise.all(taken.rows.map(send));
      sent += taken.rows.length;
    }
    // pg_net keeps answers for six hours; the run log is kept for a week.
    await db.query("delete from net._http_response where created < now() - interval '6 hours'");
    return sent;
  };

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<unknown>, failed: string) => {
    let running = false;
    const timer = setInterval(() => {
      if (running || options.paused?.()) return;
      running = true;
      work()
        .catch((error: unknown) => logger.warn({ err: error }, failed))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  if (ours.cron) {
    every(options.tickMs ?? 15_000, () => runDue(), 'running scheduled jobs failed; will retry');
    every(
      60 * minuteMs,
      () => db.query("delete from cron.job_run_details where end_time < now() - interval '7 days'"),
      'pruning the scheduled job log failed',
    );
  }
  if (ours.net) every(options.sendMs ?? 2_000, sendQueued, 'sending queued requests failed; will retry');
  return {
    runDue,
    sendQueued,
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}
