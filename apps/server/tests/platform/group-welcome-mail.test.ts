// The group welcome e-mail for joins no administrator's screen sends, through the running
// platform and a real SMTP listener: a member joining an open group from the member app
// (join_group in their own session) gets it from the server's mail job; an approval that the
// approving screen did not send is sent by the job after its grace period; a refused address
// is tried again later and stays "not sent"; a group admin adding someone queues nothing (the
// screen sends it).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let smtp: SmtpListener;
let community: string;
let openGroup: string;
let approvalGroup: string;
const password = 'Holdsport-2026!';
const members: Record<string, string> = {};
const clients: Record<string, SupabaseClient> = {};

async function user(email: string, fullName: string): Promise<string> {
  const { data, error } = await t.adminClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error || !data.user) throw new Error(error?.message);
  return data.user.id;
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = t.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

const people = [
  { key: 'admin', email: 'holdleder@example.dk', first: 'Hanne', last: 'Holdleder', role: 'admin' },
  { key: 'ida', email: 'ida@example.dk', first: 'Ida', last: 'Iversen', role: 'member' },
  { key: 'ole', email: 'ole@example.dk', first: 'Ole', last: 'Olsen', role: 'member' },
  { key: 'bad', email: 'findes.ikke@example.dk', first: 'Bent', last: 'Bounce', role: 'member' },
] as const;

beforeAll(async () => {
  smtp = await startSmtpListener({ refuse: (address) => address.startsWith('findes.ikke') });
  t = await startTestPlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Holdsport IF <klub@example.dk>',
    NEWS_MAIL_CHECK_SECONDS: '1',
  });
  community = (
    await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('holdsport', 'Holdsport IF') returning id::text",
    )
  ).rows[0]!.id;
  for (const p of people) {
    const userId = await user(p.email, `${p.first} ${p.last}`);
    await t.db.query(`insert into memberships (community_id, user_id, role, areas) values ($1, $2, $3, $4)`, [
      community,
      userId,
      p.role,
      p.role === 'admin' ? '{group}' : '{}',
    ]);
    members[p.key] = (
      await t.db.query<{ id: string }>(
        `insert into members (community_id, user_id, first_name, last_name, email) values ($1, $2, $3, $4, $5)
         returning id::text`,
        [community, userId, p.first, p.last, p.email],
      )
    ).rows[0]!.id;
    clients[p.key] = await signedIn(p.email);
  }
  const group = async (title: string, requiresApproval: boolean) =>
    (
      await t.db.query<{ id: string }>(
        `insert into groups (community_id, title, visibility, requires_approval, welcome_subject_da, welcome_body_da)
         values ($1, $2, 'members', $3, 'Velkommen til {group}', 'Hej {name}, velkommen på {group}. Vi ses i hallen!')
         returning id::text`,
        [community, title, requiresApproval],
      )
    ).rows[0]!.id;
  openGroup = await group('Motionsløb', false);
  approvalGroup = await group('Konkurrencehold', true);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await smtp?.close();
});

const membership = (group: string, member: string) =>
  t.db
    .query<{ sent: boolean; queued: boolean; attempts: number | null; last_error: string | null }>(
      `select gm.welcome_sent_at is not null as sent, o.group_member_id is not null as queued, o.attempts, o.last_error
       from group_members gm left join app_private.group_welcome_outbox o on o.group_member_id = gm.id
       where gm.group_id = $1 and gm.member_id = $2 and gm.left_at is null`,
      [group, member],
    )
    .then((r) => r.rows);

describe('welcome e-mail for joins from the member side', () => {
  it('sends it when a member joins an open group from the member app', async () => {
    const { error } = await clients.ida!.rpc('join_group', { p_group_id: openGroup });
    expect(error).toBeNull();
    const mail = await smtp.waitFor('ida@example.dk', undefined, 30_000);
    expect(mail.raw).toContain('Subject: Velkommen til Motionsløb');
    // The body is quoted-printable UTF-8; its ASCII parts read as written.
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain('Hej Ida Iversen, velkommen p');
    expect(text).toContain('Vi ses i hallen!');
    await expect
      .poll(() => membership(openGroup, members.ida!), { timeout: 15_000, interval: 200 })
      .toEqual([{ sent: true, queued: false, attempts: null, last_error: null }]);
    // Once only: the job finds nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.mails.filter((m) => m.to.includes('ida@example.dk'))).toHaveLength(1);
  });

  it('sends it for an approval the approving screen did not send, after the grace period', async () => {
    const request = await clients.ole!.rpc('request_group_membership', {
      p_group_id: approvalGroup,
      p_message: 'Må jeg være med?',
    });
    expect(request.error).toBeNull();
    const decided = await clients.admin!.rpc('decide_group_join_request', {
      p_request_id: request.data as string,
      p_approve: true,
    });
    expect(decided.error).toBeNull();
    const queued = await membership(approvalGroup, members.ole!);
    expect(queued).toEqual([{ sent: false, queued: true, attempts: 0, last_error: null }]);
    const due = await t.db.query<{ seconds: number }>(
      `select extract(epoch from o.due_at - now())::int as seconds from app_private.group_welcome_outbox o
       join group_members gm on gm.id = o.group_member_id where gm.group_id = $1 and gm.member_id = $2`,
      [approvalGroup, members.ole!],
    );
    expect(due.rows[0]!.seconds).toBeGreaterThan(15);
    expect(due.rows[0]!.seconds).toBeLessThanOrEqual(30);
    // Inside the grace period the job leaves it alone (it ticks more than once in 2.5 s) ...
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.mails.filter((m) => m.to.includes('ole@example.dk'))).toHaveLength(0);
    // ... and once the grace period is over it sends it. The clock is moved by moving the due
    // time, so the suite does not sit out the real 30 seconds on each engine.
    await t.db.query(
      `update app_private.group_welcome_outbox o set due_at = now() from group_members gm
       where gm.id = o.group_member_id and gm.group_id = $1 and gm.member_id = $2`,
      [approvalGroup, members.ole!],
    );
    const mail = await smtp.waitFor('ole@example.dk', undefined, 30_000);
    expect(mail.raw).toContain('Subject: Velkommen til Konkurrencehold');
    expect(decodeQuotedPrintable(mail.raw)).toContain('Hej Ole Olsen, velkommen p');
    await expect
      .poll(() => membership(approvalGroup, members.ole!), { timeout: 15_000, interval: 200 })
      .toEqual([{ sent: true, queued: false, attempts: null, last_error: null }]);
  }, 120_000);

  it('keeps a refused address as not sent and tries again later', async () => {
    const { error } = await clients.bad!.rpc('join_group', { p_group_id: openGroup });
    expect(error).toBeNull();
    await expect
      .poll(async () => (await membership(openGroup, members.bad!))[0]?.last_error ?? null, {
        timeout: 30_000,
        interval: 200,
      })
      .not.toBeNull();
    const [row] = await membership(openGroup, members.bad!);
    expect(row).toMatchObject({ sent: false, queued: true, attempts: 1 });
    expect(row!.last_error).toBeTruthy();
    const retry = await t.db.query<{ minutes: number }>(
      `select round(extract(epoch from o.due_at - now()) / 60)::int as minutes from app_private.group_welcome_outbox o
       join group_members gm on gm.id = o.group_member_id where gm.group_id = $1 and gm.member_id = $2`,
      [openGroup, members.bad!],
    );
    expect(retry.rows[0]!.minutes).toBe(5);
  });

  it('queues nothing when a group admin adds a member: the screen sends it', async () => {
    const { error } = await clients.admin!.rpc('add_group_member', {
      p_group_id: approvalGroup,
      p_member_id: members.ida!,
      p_role: 'member',
    });
    expect(error).toBeNull();
    expect(await membership(approvalGroup, members.ida!)).toEqual([
      { sent: false, queued: false, attempts: null, last_error: null },
    ]);
  });
});
