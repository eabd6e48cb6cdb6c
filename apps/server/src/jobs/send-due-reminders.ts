// An hourly ticker for reminders (rykkere, docs/decisions/0868): for every community with
// overdue invoices it runs public.create_due_reminders for the community's own day (the
// terms' schedule and renteloven §9b are the database's), then mails every reminder not yet
// mailed through the send-invoice function, as the service role, so the reminder goes out with
// the same PDF and mail as one a treasurer sends. Creating is idempotent (one reminder per
// step, ten days apart) and a mailed reminder is marked, so instances may all run it.
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { startTicker, type Ticker } from './ticker';

export interface ReminderMailing {
  /** The platform's own base URL, where /functions/v1/send-invoice answers. */
  url: string;
  serviceRoleKey: string;
}

export interface ReminderRun {
  created: number;
  mailed: number;
  /** Reminders that could not be mailed, with the function's reason (e.g. account_has_no_email). */
  failed: { reminderId: string; reason: string }[];
}

/** Reminders are mailed for this many days after they were made; then they stay unsent. */
const mailWindowDays = 7;

async function mailReminder(
  mailing: ReminderMailing,
  invoiceId: string,
  reminderId: string,
): Promise<string | null> {
  const response = await fetch(`${mailing.url}/functions/v1/send-invoice`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: mailing.serviceRoleKey,
      authorization: `Bearer ${mailing.serviceRoleKey}`,
    },
    body: JSON.stringify({ invoice_id: invoiceId, action: 'send', reminder_id: reminderId }),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { reason?: string };
  return body.reason ?? `http_${response.status}`;
}

/** Creates the reminders due today in each community and mails those not yet mailed. */
export async function runDueReminders(db: Database, mailing: ReminderMailing): Promise<ReminderRun> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('public.create_due_reminders(uuid, date)')::text as fn",
  );
  const run: ReminderRun = { created: 0, mailed: 0, failed: [] };
  if (!exists.rows[0]?.fn) return run;
  const communities = await db.query<{ id: string; day: string }>(
    `select c.id, ((now() at time zone c.time_zone)::date)::text as day from public.communities c
     where exists (select 1 from public.invoices i where i.community_id = c.id and i.kind = 'invoice'
                   and i.status = 'issued' and i.due_on < (now() at time zone c.time_zone)::date)`,
  );
  for (const community of communities.rows) {
    const made = await db.query<{ n: number }>(
      'select count(*)::int as n from public.create_due_reminders($1, $2::date)',
      [community.id, community.day],
    );
    run.created += made.rows[0]?.n ?? 0;
  }
  const unsent = await db.query<{ id: string; invoice_id: string }>(
    `select r.id, r.invoice_id from public.invoice_reminders r
     join public.invoices i on i.id = r.invoice_id
     where r.emailed_at is null and i.status = 'issued' and r.reminded_on >= current_date - $1::int
     order by r.created_at, r.id`,
    [mailWindowDays],
  );
  for (const reminder of unsent.rows) {
    const reason = await mailReminder(mailing, reminder.invoice_id, reminder.id);
    if (reason === null) run.mailed += 1;
    else run.failed.push({ reminderId: reminder.id, reason });
    // Without mail set up nothing else can go out either; the next run tries again.
    if (reason === 'smtp_not_configured') break;
  }
  return run;
}

export function startReminderTicker(
  db: Database,
  logger: Logger,
  mailing: ReminderMailing,
  intervalMs = 60 * 60_000,
): Ticker {
  return startTicker(
    {
      run: async () => {
        const run = await runDueReminders(db, mailing);
        if (run.failed.length > 0)
          logger.warn(
            { failed: run.failed.length, first: run.failed.slice(0, 5) },
            'some reminders could not be mailed; will retry',
          );
        return run.mailed;
      },
      countKey: 'mailed',
      doneMessage: 'reminders mailed',
      failedMessage: 'creating or mailing reminders failed; will retry',
    },
    logger,
    intervalMs,
  );
}
