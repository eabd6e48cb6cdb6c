// invite-member through the platform as the app calls it (functions.invoke with a member
// admin's session): the auth service mails the invitation to a real SMTP listener and the
// member row is linked to the invited account; an existing account is linked instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;
let smtp: SmtpListener;
let admin: SupabaseClient;

async function reasonOf(error: unknown): Promise<{ status: number; reason: string }> {
  if (!(error instanceof FunctionsHttpError)) throw new Error(`expected an HTTP error, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, reason: ((await response.json()) as { reason: string }).reason };
}

const newMember = async (email: string | null) =>
  (
    await platform.db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name, email) values ($1, 'Inge', 'Invite', $2) returning id`,
      [demo.community, email],
    )
  ).rows[0]!.id;

beforeAll(async () => {
  smtp = await startSmtpListener();
  platform = await startTestPlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Klubben <klub@example.dk>',
  });
  demo = await seedDemo(platform.db, { members: 20, accounts: 2 });
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
});

describe('invite-member', () => {
  it('mails an invitation and links the member to the new account', async () => {
    const member = await newMember('inge.invite@example.dk');
    const { data, error } = await admin.functions.invoke('invite-member', { body: { member_id: member } });
    expect(error).toBeNull();
    expect(data).toEqual({
      message: 'Invitation sent to inge.invite@example.dk',
      email: 'inge.invite@example.dk',
      linked: false,
    });
    const mail = smtp.mails.find((m) => m.to.includes('inge.invite@example.dk'));
    // The invitation names the club and the administrator who sent it (by their register name).
    const names = await platform.db.query<{ club: string; inviter: string }>(
      `select c.name as club,
              coalesce((select m.full_name from members m where m.community_id = c.id and m.user_id = u.id limit 1),
                       u.raw_user_meta_data->>'full_name', u.email) as inviter
         from communities c, auth.users u where c.id = $1 and u.email = $2`,
      [demo.community, demo.adminEmail],
    );
    const { club, inviter } = names.rows[0]!;
    expect(club.length).toBeGreaterThan(0);
    expect(inviter).not.toBe(demo.adminEmail);
    expect(mail!.raw.replace(/\r?\n(?=[ \t])/g, '')).toContain(`${inviter} has invited you to ${club} on `);
    const row = await platform.db.query<{ linked: boolean; email: string }>(
      `select u.email, m.user_id = u.id as linked from members m join auth.users u on u.id = m.user_id where m.id = $1`,
      [member],
    );
    expect(row.rows).toEqual([{ email: 'inge.invite@example.dk', linked: true }]);
    const again = await admin.functions.invoke('invite-member', { body: { member_id: member } });
    expect(await reasonOf(again.error)).toEqual({ status: 422, reason: 'member_has_account' });
  });

  it('links an existing account, and refuses members without e-mail, other callers and bad input', async () => {
    const existing = platform.adminClient();
    const created = await existing.auth.admin.createUser({
      email: 'har.konto@example.dk',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const member = await newMember('har.konto@example.dk');
    const { data } = await admin.functions.invoke('invite-member', { body: { member_id: member } });
    expect(data).toMatchObject({ linked: true, email: 'har.konto@example.dk' });

    const noEmail = await newMember(null);
    const refused = await admin.functions.invoke('invite-member', { body: { member_id: noEmail } });
    expect(await reasonOf(refused.error)).toEqual({ status: 422, reason: 'member_has_no_email' });

    const plain = platform.client();
    await plain.auth.signInWithPassword({ email: demo.memberEmails[0]!, password: demo.adminPassword });
    const other = await plain.functions.invoke('invite-member', { body: { member_id: noEmail } });
    expect(await reasonOf(other.error)).toEqual({ status: 404, reason: 'member_not_found' });

    const malformed = await admin.functions.invoke('invite-member', { body: { member_id: 'x' } });
    expect((await reasonOf(malformed.error)).status).toBe(400);
  });
});
