// Reminders on a production server with no SMTP configured (decision 1061): the reminder run
// makes the due reminder, cannot mail it, says why, and charges no fee; the invoice owes what it
// owed. The same when a treasurer sends the reminder by hand. PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';

let platform: TestPlatform;
let envDir: string;
let community: string;
let invoice: string;

const post = (fn: string, body: unknown) =>
  fetch(`${platform.url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: platform.serviceRoleKey,
      authorization: `Bearer ${platform.serviceRoleKey}`,
    },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  // No SMTP_URL anywhere, and production: no development inbox to fall back on.
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reminders-no-smtp-'));
  fs.writeFileSync(path.join(envDir, '.env'), 'SMTP_FROM="Roklubben <kasserer@roklubben.dk>"\n');
  platform = await startTestPlatform({
    NODE_ENV: 'production',
    FUNCTIONS_ENV_FILE: path.join(envDir, '.env'),
  });
  const db = platform.db;
  community = (
    await db.query<{ id: string }>(
      `insert into communities (slug, name) values ('roklubben', 'Roklubben') returning id`,
    )
  ).rows[0]!.id;
  await db.query(
    `insert into payment_terms (community_id, name, days_due, reminder_days, reminder_fee_ore, is_default)
     values ($1, 'Standard', 14, '{3,13}', 10000, true)`,
    [community],
  );
  const account = await db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name, email)
     values ($1, 'household', 'Mette Friis', 'mette@example.dk') returning id`,
    [community],
  );
  invoice = (
    await db.query<{ id: string }>(
      `insert into invoices (community_id, account_id, issued_on, due_on)
       select $1, $2, d - 19, d - 5
         from (select (now() at time zone c.time_zone)::date as d from communities c where c.id = $1) today
       returning id`,
      [community, account.rows[0]!.id],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
     values ($1, $2, 'Kontingent 2027', 1, 75000, true, 0)`,
    [community, invoice],
  );
  await db.query(`select issue_invoice($1)`, [invoice]);
});

afterAll(async () => {
  await platform?.stop();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

const owed = async () =>
  (
    await platform.db.query<{ fees_ore: string; outstanding_ore: string }>(
      `select i.fees_ore::text, b.outstanding_ore::text from invoices i
         join payer_balances b on b.account_id = i.account_id where i.id = $1`,
      [invoice],
    )
  ).rows[0];

describe('reminders without SMTP', () => {
  it('are made, not mailed, reported with the reason, and charge no fee', async () => {
    const response = await post('send-due-reminders', {});
    expect(response.status).toBe(200);
    const run = (await response.json()) as { created: number; mailed: number; failed: { reason: string }[] };
    expect(run.created).toBe(1);
    expect(run.mailed).toBe(0);
    expect(run.failed.map((f) => f.reason)).toEqual(['smtp_not_configured']);
    const reminders = await platform.db.query<{ id: string; fee_ore: number; sent: boolean }>(
      'select id, fee_ore, emailed_at is not null as sent from invoice_reminders where invoice_id = $1',
      [invoice],
    );
    expect(reminders.rows.map(({ fee_ore, sent }) => ({ fee_ore, sent }))).toEqual([
      { fee_ore: 10000, sent: false },
    ]);
    expect(await owed()).toEqual({ fees_ore: '0', outstanding_ore: '75000' });

    // Sent again by hand: refused the same way, still nothing charged.
    const again = await post('send-invoice', {
      invoice_id: invoice,
      action: 'send',
      reminder_id: reminders.rows[0]!.id,
    });
    expect(again.status).toBe(503);
    expect(((await again.json()) as { reason: string }).reason).toBe('smtp_not_configured');
    expect(await owed()).toEqual({ fees_ore: '0', outstanding_ore: '75000' });
  });
});
