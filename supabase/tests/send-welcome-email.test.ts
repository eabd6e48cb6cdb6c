// send-welcome-email through the platform as the app calls it (supabase-js functions.invoke
// with the admin's session), delivering to a real SMTP listener.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;
let smtp: SmtpListener;
let envDir: string;
let admin: SupabaseClient;
let target: { group_id: string; member_id: string; email: string };

async function errorOf(error: unknown): Promise<{ status: number; body: { error: string; reason: string } }> {
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, body: (await response.json()) as { error: string; reason: string } };
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'welcome-fn-'));
  fs.writeFileSync(
    path.join(envDir, '.env'),
    `SMTP_URL=${smtp.url}\nSMTP_FROM="Søndervang IF <klub@example.dk>"\n`,
  );
  platform = await startTestPlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  demo = await seedDemo(platform.db, { members: 40, accounts: 3 });
  const row = await platform.db.query<{ group_id: string; member_id: string; email: string }>(
    `select gm.group_id, gm.member_id, m.email from group_members gm join members m on m.id = gm.member_id
     where m.community_id = $1 and gm.left_at is null and m.email is not null order by m.mid limit 1`,
    [demo.community],
  );
  target = row.rows[0]!;
  admin = platform.client();
  const signIn = await admin.auth.signInWithPassword({
    email: demo.adminEmail,
    password: demo.adminPassword,
  });
  expect(signIn.error).toBeNull();
});
afterAll(async () => {
  await platform?.stop();
  await smtp.close();
  fs.rmSync(envDir, { recursive: true, force: true });
});

describe('send-welcome-email', () => {
  it('sends the group welcome text to the member and records it', async () => {
    const { data, error } = await admin.functions.invoke('send-welcome-email', {
      body: { group_id: target.group_id, member_id: target.member_id },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ message: `Welcome email sent to ${target.email}`, email: target.email });
    const mail = smtp.mails.find((m) => m.to.includes(target.email));
    expect(mail?.raw).toContain('Velkommen p');
    const sent = await platform.db.query(
      'select welcome_sent_at is not null as sent from group_members where group_id = $1 and member_id = $2 and left_at is null',
      [target.group_id, target.member_id],
    );
    expect(sent.rows[0]).toEqual({ sent: true });
  });

  it('fails for a member outside the group, a plain member caller and malformed input', async () => {
    const outsider = await platform.db.query<{ id: string }>(
      `select m.id from members m where m.community_id = $1 and not exists
         (select 1 from group_members gm where gm.member_id = m.id and gm.group_id = $2) order by mid limit 1`,
      [demo.community, target.group_id],
    );
    const notInGroup = await admin.functions.invoke('send-welcome-email', {
      body: { group_id: target.group_id, member_id: outsider.rows[0]!.id },
    });
    expect(await errorOf(notInGroup.error)).toEqual({
      status: 422,
      body: { error: 'Failed to send welcome email', reason: 'not_in_group' },
    });

    const member = platform.client();
    await member.auth.signInWithPassword({ email: demo.memberEmails[0]!, password: demo.adminPassword });
    const refused = await member.functions.invoke('send-welcome-email', { body: target });
    expect(await errorOf(refused.error)).toEqual({
      status: 404,
      body: { error: 'Failed to send welcome email', reason: 'group_not_found' },
    });

    const malformed = await admin.functions.invoke('send-welcome-email', { body: { group_id: 'x' } });
    expect((await errorOf(malformed.error)).status).toBe(400);
  });

  it('reports a failed delivery when the mail server is gone', async () => {
    fs.writeFileSync(path.join(envDir, '.env'), 'SMTP_URL=smtp://127.0.0.1:9\n');
    const { error } = await admin.functions.invoke('send-welcome-email', {
      body: { group_id: target.group_id, member_id: target.member_id },
    });
    expect(await errorOf(error)).toEqual({
      status: 502,
      body: { error: 'Failed to send welcome email', reason: 'smtp_failed' },
    });
  });
});
