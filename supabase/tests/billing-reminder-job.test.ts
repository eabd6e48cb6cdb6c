// The scheduled reminder job (cron job send-due-reminders calling the edge function of that
// name, decision 1022) on a whole platform: it makes the reminders due today by the payment
// terms and mails each with the invoice PDF attached to a real SMTP listener through
// send-invoice; a second run makes and mails nothing more; a payer without an e-mail address
// is reported, not half-done; with two instances each reminder is mailed once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../apps/server/src/platform';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';

let platform: TestPlatform;
let smtp: SmtpListener;
let envDir: string;
let community: string;

interface ReminderRun {
  created: number;
  mailed: number;
  failed: { reminder_id: string; reason: string }[];
}

/** Hours of one far day that match the job's schedule ('7 * * * *'), one per run. */
let hour = 0;
const nextScheduledTime = () => new Date(Date.UTC(2031, 0, 1, hour++, 7, 30));

const lastRequestId = async () =>
  (
    await platform.db.query<{ id: string }>(
      'select (case when is_called then last_value else 0 end)::text as id from net.http_request_queue_id_seq',
    )
  ).rows[0]!.id;

/**
 * Lets the instances' schedulers look for due work at the job's next scheduled time and send
 * what it queued, as their ticks do (a tick of their own may take a request first: then this
 * waits for its answer); answers the function's reports of the runs.
 */
async function runReminderJob(instances: RunningPlatform[] = [platform.platform]): Promise<ReminderRun[]> {
  const at = nextScheduledTime();
  const before = await lastRequestId();
  await Promise.all(instances.map((instance) => instance.scheduler!.runDue(at)));
  const after = await lastRequestId();
  await Promise.all(instances.map((instance) => instance.scheduler!.sendQueued()));
  for (;;) {
    const answered = await platform.db.query<{ n: number }>(
      'select count(*)::int as n from net._http_response where id > $1 and id <= $2',
      [before, after],
    );
    if (answered.rows[0]!.n === Number(after) - Number(before)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answers = await platform.db.query<{ status_code: number; content: string }>(
    'select status_code, content from net._http_response where id > $1 and id <= $2 order by id',
    [before, after],
  );
  for (const answer of answers.rows) expect(answer.status_code).toBe(200);
  return answers.rows.map((answer) => JSON.parse(answer.content) as ReminderRun);
}

/** An issued invoice of `ore` to a new account, due `dueDaysAgo` days ago. */
async function overdueInvoice(name: string, email: string | null, ore: number, dueDaysAgo: number) {
  const db = platform.db;
  const account = await db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name, email) values ($1, 'household', $2, $3) returning id`,
    [community, name, email],
  );
  const invoice = await db.query<{ id: string }>(
    // Days on the community's clock, as the reminder job counts them (not the server's UTC
    // date, which is a day behind Copenhagen's between 22:00/23:00 and midnight UTC).
    `insert into invoices (community_id, account_id, issued_on, due_on)
     select $1, $2, d - ($3::int + 14), d - $3::int
       from (select (now() at time zone c.time_zone)::date as d from communities c where c.id = $1) today
     returning id`,
    [community, account.rows[0]!.id, dueDaysAgo],
  );
  const id = invoice.rows[0]!.id;
  await db.query(
    `insert into invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
     values ($1, $2, 'Kontingent 2027', 1, $3, true, 0)`,
    [community, id, ore],
  );
  await db.query(`select issue_invoice($1)`, [id]);
  return id;
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reminder-job-'));
  fs.writeFileSync(
    path.join(envDir, '.env'),
    `SMTP_URL=${smtp.url}\nSMTP_FROM="Roklubben <kasserer@roklubben.dk>"\n`,
  );
  platform = await startTestPlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  const club = await platform.db.query<{ id: string }>(
    `insert into communities (slug, name) values ('roklubben', 'Roklubben') returning id`,
  );
  community = club.rows[0]!.id;
  await platform.db.query(
    `insert into payment_terms (community_id, name, days_due, reminder_days, reminder_fee_ore, is_default)
     values ($1, 'Standard', 14, '{3,13}', 10000, true)`,
    [community],
  );
});

afterAll(async () => {
  await platform?.stop();
  await smtp?.close();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

describe('the reminder job', () => {
  it('makes the reminders due today and mails them with the PDF, once', async () => {
    const due = await overdueInvoice('Mette Friis', 'mette@example.dk', 75000, 5);
    const early = await overdueInvoice('Ole Dahl', 'ole@example.dk', 30000, 2);
    const silent = await overdueInvoice('Kim Lind', null, 20000, 20);

    const [first, ...moreRuns] = await runReminderJob();
    expect(moreRuns).toEqual([]);
    expect(first!.created).toBe(2);
    expect(first!.mailed).toBe(1);
    expect(first!.failed.map((f) => f.reason)).toEqual(['account_has_no_email']);

    const mail = await smtp.waitFor('mette@example.dk');
    expect(mail.raw).toMatch(/Subject: .*Rykker 1 for faktura/);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
    expect(smtp.mails.some((m) => m.to.includes('ole@example.dk'))).toBe(false);

    const reminders = await platform.db.query<{
      invoice_id: string;
      seq: number;
      fee_ore: number;
      mailed: boolean;
    }>(
      `select invoice_id, seq, fee_ore, emailed_at is not null as mailed from invoice_reminders
       where invoice_id = any($1::uuid[]) order by fee_ore, invoice_id`,
      [[due, early, silent]],
    );
    expect(reminders.rows.map((r) => [r.invoice_id, r.seq, r.fee_ore, r.mailed]).sort()).toEqual(
      [
        [due, 1, 10000, true],
        [silent, 1, 10000, false],
      ].sort(),
    );
    const owed = await platform.db.query<{ fees_ore: number }>(
      'select fees_ore from invoices where id = $1',
      [due],
    );
    expect(Number(owed.rows[0]!.fees_ore)).toBe(10000);
    // The reminder that could not be mailed charged nothing (decision 1061).
    const unsentOwed = await platform.db.query<{ fees_ore: number }>(
      'select fees_ore from invoices where id = $1',
      [silent],
    );
    expect(Number(unsentOwed.rows[0]!.fees_ore)).toBe(0);

    const [second] = await runReminderJob();
    expect(second!.created).toBe(0);
    expect(second!.mailed).toBe(0);
    expect(second!.failed.map((f) => f.reason)).toEqual(['account_has_no_email']);
    expect(smtp.mails.filter((m) => m.to.includes('mette@example.dk'))).toHaveLength(1);
  });

  it('mails each reminder once with two instances on one database', async () => {
    const second = await platform.secondInstance();
    const payers = ['Ida', 'Bo', 'Sif', 'Lea', 'Emil'];
    for (const [i, name] of payers.entries())
      await overdueInvoice(name, `${name.toLowerCase()}@example.dk`, 10000 + i, 5);
    const runs = await runReminderJob([platform.platform, second, second, platform.platform]);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.mailed).toBe(payers.length);
    for (const name of payers)
      expect(smtp.mails.filter((m) => m.to.includes(`${name.toLowerCase()}@example.dk`))).toHaveLength(1);
    const again = await runReminderJob([second, platform.platform]);
    expect(again.map((run) => run.mailed)).toEqual([0]);
    const jobRuns = await platform.db.query<{ n: number }>(
      `select count(*)::int as n from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname = 'send-due-reminders'`,
    );
    expect(jobRuns.rows[0]!.n).toBe(4);
  });
});
