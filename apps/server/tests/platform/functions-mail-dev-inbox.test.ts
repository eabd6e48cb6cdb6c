// One mailer (decision 1020): with SMTP_URL unset, the transactional mails edge functions send
// over plain SMTP (an invoice, a group welcome) land in the development inbox, because the
// inbox listens as an SMTP server on loopback and functions get its address as SMTP_URL. The
// listener takes no mail without the inbox's secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoResult } from '../../../../supabase/seed/generate-demo';
import { DevInbox } from '../../src/mail/dev-inbox';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let platform: TestPlatform;
let demo: DemoResult;
let admin: SupabaseClient;
let envDir: string;

beforeAll(async () => {
  // An env file without SMTP_URL, so nothing but the platform names a mail server.
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-mail-'));
  fs.writeFileSync(path.join(envDir, '.env'), 'SMTP_FROM="Søndervang IF <klub@example.dk>"\n');
  platform = await startTestPlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  demo = await seedDemo(platform.db, { members: 30, accounts: 2 });
  admin = platform.client();
  const signIn = await admin.auth.signInWithPassword({
    email: demo.adminEmail,
    password: demo.adminPassword,
  });
  expect(signIn.error).toBeNull();
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(envDir, { recursive: true, force: true });
});

const inboxFor = (to: string) => new DevInbox(platform.db).list({ to });

describe('edge function mail without SMTP_URL', () => {
  it('delivers a group welcome mail to the development inbox', async () => {
    const row = await platform.db.query<{ group_id: string; member_id: string; email: string }>(
      `select gm.group_id, gm.member_id, m.email from group_members gm join members m on m.id = gm.member_id
       where m.community_id = $1 and gm.left_at is null and m.email is not null order by m.mid limit 1`,
      [demo.community],
    );
    const target = row.rows[0]!;
    const { data, error } = await admin.functions.invoke('send-welcome-email', {
      body: { group_id: target.group_id, member_id: target.member_id },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ message: `Welcome email sent to ${target.email}`, email: target.email });
    const [mail, ...more] = await inboxFor(target.email);
    expect(more).toEqual([]);
    expect(mail?.channel).toBe('email');
    expect(mail?.text).toContain('Velkommen p');
    expect(mail?.meta).toMatchObject({ via: 'smtp', from: 'klub@example.dk' });
  });

  it('delivers an invoice mail with its PDF named to the development inbox', async () => {
    const account = await admin
      .from('billing_accounts')
      .insert({
        community_id: demo.community,
        name: 'Jens Holm',
        kind: 'household',
        email: 'jens@example.dk',
      })
      .select('id')
      .single();
    expect(account.error).toBeNull();
    const invoice = await admin
      .from('invoices')
      .insert({ community_id: demo.community, account_id: account.data!.id })
      .select('id')
      .single();
    expect(invoice.error).toBeNull();
    const lines = await admin.from('invoice_lines').insert({
      community_id: demo.community,
      invoice_id: invoice.data!.id,
      sort_order: 0,
      quantity: 1,
      vat_rate_bp: 0,
      vat_exempt: true,
      description: 'Kontingent 2026',
      unit_price_ore: 90000,
    });
    expect(lines.error).toBeNull();
    const issued = await admin.rpc('issue_invoice', { p_invoice_id: invoice.data!.id });
    expect(issued.error).toBeNull();
    const number = Number(issued.data);

    const sent = await admin.functions.invoke('send-invoice', { body: { invoice_id: invoice.data!.id } });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ message: 'Invoice sent to jens@example.dk', email: 'jens@example.dk' });
    const [mail, ...more] = await inboxFor('jens@example.dk');
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(new RegExp(`Faktura ${number} fra`));
    expect(mail?.meta.attachments).toBe(`faktura-${number}.pdf`);
    const noted = await platform.db.query(
      'select emailed_at is not null as sent from invoices where id = $1',
      [invoice.data!.id],
    );
    expect(noted.rows[0]).toEqual({ sent: true });
  });

  it('refuses mail from a sender without the inbox secret', async () => {
    const port = await smtpPortOfInbox();
    const anonymous = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await expect(
      anonymous.sendMail({ from: 'x@example.test', to: 'y@example.test', subject: 's', text: 't' }),
    ).rejects.toMatchObject({ responseCode: 530 });
    const wrong = nodemailer.createTransport(`smtp://inbox:not-the-secret@127.0.0.1:${port}`);
    await expect(
      wrong.sendMail({ from: 'x@example.test', to: 'y@example.test', subject: 's', text: 't' }),
    ).rejects.toMatchObject({ responseCode: 535 });
    expect(await inboxFor('y@example.test')).toEqual([]);
    // The same message with the secret goes in, so the refusals above were the login's.
    const right = nodemailer.createTransport(platform.platform.functionsSmtpUrl);
    await right.sendMail({ from: 'x@example.test', to: 'y@example.test', subject: 'Hej', text: 'Æblegrød' });
    const [kept] = await inboxFor('y@example.test');
    expect(kept).toMatchObject({
      subject: 'Hej',
      text: 'Æblegrød\n',
      meta: { via: 'smtp', from: 'x@example.test' },
    });
  });
});

/** The port of the inbox's listener, from the SMTP_URL the functions are given. */
async function smtpPortOfInbox(): Promise<number> {
  const url = platform.platform.functionsSmtpUrl;
  expect(url).toMatch(/^smtp:\/\/inbox:[^@]+@127\.0\.0\.1:\d+$/);
  return Number(new URL(url!).port);
}
