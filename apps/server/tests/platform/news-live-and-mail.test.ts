// The news area through the running platform with supabase-js: a scheduled post is released at
// its time by the release job and the change reaches a subscribed administrator; a member's
// comment arrives live; and "send by e-mail" goes out through a real SMTP listener in the
// background, counting what was sent and what the mail server refused.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let smtp: SmtpListener;
let admin: SupabaseClient;
let member: SupabaseClient;
let community: string;
/** Whether the mail server refuses the broken address (turned off to send again). */
let refusing = true;
const password = 'Sejlklub-2026!';

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = t.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

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

function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) =>
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    }),
  );
}

beforeAll(async () => {
  smtp = await startSmtpListener({ refuse: (address) => refusing && address.startsWith('findes.ikke') });
  t = await startTestPlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Vikingeklubben <klub@example.dk>',
    RELEASE_CHECK_SECONDS: '1',
    NEWS_MAIL_CHECK_SECONDS: '1',
  });
  const adminId = await user('redaktoer@example.dk', 'Rikke Redaktør');
  const memberId = await user('medlem@example.dk', 'Mads Medlem');
  community = (
    await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('vikinge', 'Vikingeklubben') returning id::text",
    )
  ).rows[0]!.id;
  await t.db.query(
    `insert into memberships (community_id, user_id, role, areas) values ($1, $2, 'admin', '{news}'), ($1, $3, 'member', '{}')`,
    [community, adminId, memberId],
  );
  await t.db.query(
    `insert into members (community_id, user_id, first_name, last_name, email) values
       ($1, $2, 'Mads', 'Medlem', 'medlem@example.dk'),
       ($1, null, 'Sofie', 'Sejler', 'sofie@example.dk'),
       ($1, null, 'Forkert', 'Adresse', 'findes.ikke@example.dk'),
       ($1, null, 'Uden', 'Adresse', null)`,
    [community, memberId],
  );
  admin = await signedIn('redaktoer@example.dk');
  member = await signedIn('medlem@example.dk');
}, 180_000);

afterAll(async () => {
  await admin?.removeAllChannels();
  await member?.removeAllChannels();
  await t?.stop();
  await smtp?.close();
});

const content = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Standerhejsning lørdag kl. 10.' }] }],
};

describe('news through the platform', () => {
  it('releases a scheduled post at its time and tells a watching administrator', async () => {
    // Far enough ahead that the insert lands before it on a loaded machine.
    const releaseAt = new Date(Date.now() + 5000).toISOString();
    const { data: post, error } = await admin
      .from('news_posts')
      .insert({
        community_id: community,
        title: 'Standerhejsning',
        content,
        status: 'scheduled',
        release_at: releaseAt,
      })
      .select('id, author_name, status')
      .single();
    expect(error).toBeNull();
    expect(post).toMatchObject({ author_name: 'Rikke Redaktør', status: 'scheduled' });
    const changes: string[] = [];
    const channel = admin
      .channel('news-release')
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'news_posts', filter: `id=eq.${post!.id}` },
        (p) => changes.push((p.new as { status: string }).status),
      );
    await subscribed(channel);
    await expect.poll(() => changes, { timeout: 20_000, interval: 100 }).toContain('published');
    const seen = await member.from('news_posts').select('id, title').eq('id', post!.id);
    expect(seen.data).toEqual([{ id: post!.id, title: 'Standerhejsning' }]);

    const past = await admin
      .from('news_posts')
      .insert({
        community_id: community,
        title: 'For sent',
        status: 'scheduled',
        release_at: '2020-01-01T00:00:00Z',
      })
      .select('id');
    expect(past.error).toMatchObject({ message: 'release_in_past' });
  });

  it('delivers a member comment live and refuses comments once they are off', async () => {
    const { data: post } = await admin
      .from('news_posts')
      .insert({ community_id: community, title: 'Klubaften', content, status: 'published' })
      .select('id')
      .single();
    const arrived: string[] = [];
    const channel = admin
      .channel('news-comments')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'news_comments', filter: `post_id=eq.${post!.id}` },
        (p) => arrived.push((p.new as { body: string }).body),
      );
    await subscribed(channel);
    const sent = await member.rpc('comment_on_post', { p_post_id: post!.id, p_body: 'Vi kommer!' });
    expect(sent.error).toBeNull();
    await expect.poll(() => arrived, { timeout: 5_000, interval: 50 }).toEqual(['Vi kommer!']);
    await admin.from('news_posts').update({ allow_comments: false }).eq('id', post!.id);
    const refused = await member.rpc('comment_on_post', { p_post_id: post!.id, p_body: 'En til' });
    expect(refused.error).toMatchObject({ message: 'comments_closed' });
  });

  it('sends a post to its audience in the background with sent and failed counts', async () => {
    const { data: post } = await admin
      .from('news_posts')
      .insert({
        community_id: community,
        title: 'Sæsonstart',
        content,
        status: 'published',
        link_url: 'https://example.dk/program',
      })
      .select('id')
      .single();
    const { data: mailing, error } = await admin.rpc('send_news_post', { p_post_id: post!.id });
    expect(error).toBeNull();
    expect(mailing).toMatchObject({ total: 3, sent: 0, failed: 0 });
    const mailingId = (mailing as { id: string }).id;
    const state = async () =>
      (await admin.from('news_mailings').select('status, sent, failed').eq('id', mailingId).single()).data;
    await expect
      .poll(state, { timeout: 15_000, interval: 200 })
      .toEqual({ status: 'done', sent: 2, failed: 1 });
    const mail = await smtp.waitFor('sofie@example.dk', (m) => m.raw.includes('Sæsonstart'));
    expect(mail.raw).toContain('Standerhejsning lørdag kl. 10.');
    expect(mail.raw).toContain('https://example.dk/program');
    expect(mail.raw).toContain('Rikke Redaktør, Vikingeklubben');
    await smtp.waitFor('medlem@example.dk', (m) => m.raw.includes('Sæsonstart'));
    const again = await member.rpc('send_news_post', { p_post_id: post!.id });
    expect(again.error).toMatchObject({ message: 'post_not_found' });
  });

  it('mails HTML with a text part and an unsubscribe link that is respected, and sends again to those that failed', async () => {
    const { data: post } = await admin
      .from('news_posts')
      .insert({ community_id: community, title: 'Klubbladet', content, status: 'published' })
      .select('id')
      .single();
    const { data: mailing } = await admin.rpc('send_news_post', { p_post_id: post!.id });
    const mailingId = (mailing as { id: string }).id;
    const state = async () =>
      (await admin.from('news_mailings').select('status, sent, failed').eq('id', mailingId).single()).data;
    await expect
      .poll(state, { timeout: 15_000, interval: 200 })
      .toEqual({ status: 'done', sent: 2, failed: 1 });

    const mail = await smtp.waitFor('sofie@example.dk', (m) => m.raw.includes('Klubbladet'));
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.raw).toContain('Du får denne e-mail som medlem af Vikingeklubben.');
    const links = [
      ...mail.raw.matchAll(/https?:\/\/[^\s"<>]+\/mail\/v1\/news\/unsubscribe\/([0-9a-f]{64})/g),
    ];
    expect(new Set(links.map((l) => l[0])).size).toBe(1);
    const unsubscribe = links[0]![0];
    const token = links[0]![1]!;
    const stored = await t.db.query(
      'select 1 from news_mailing_recipients where unsubscribe_token = $1 and email = $2',
      [token, 'sofie@example.dk'],
    );
    expect(stored.rows).toHaveLength(1);
    const unsubscribed = async () =>
      (
        await t.db.query<{ email: string }>(
          'select email from news_mail_unsubscribes where community_id = $1',
          [community],
        )
      ).rows.map((r) => r.email);

    // Opening the link only asks (link scanners open every link); the one click leaves.
    const asked = await fetch(unsubscribe);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('Stop med at sende nyheder fra Vikingeklubben til sofie@example.dk?');
    expect(question).toContain('<form method="post">');
    expect(await unsubscribed()).toEqual([]);
    const left = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain(
      'sofie@example.dk får ikke længere nyheder på e-mail fra Vikingeklubben.',
    );
    expect(await unsubscribed()).toEqual(['sofie@example.dk']);
    expect(await (await fetch(unsubscribe)).text()).toContain('får allerede ikke nyheder');
    const unknown = await fetch(unsubscribe.replace(token, '0'.repeat(64)), { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Dette afmeldingslink er ikke gyldigt.');
    expect((await fetch(unsubscribe.replace(token, 'x%27;--'))).status).toBe(404);
    const seen = await admin.from('news_mail_unsubscribes').select('email');
    expect(seen.data).toEqual([{ email: 'sofie@example.dk' }]);

    // The mail server takes the broken address again: only it is sent to again.
    refusing = false;
    const again = await admin.rpc('resend_news_mailing_failures', { p_mailing_id: mailingId });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ status: 'queued', sent: 2, failed: 0, total: 3 });
    await expect
      .poll(state, { timeout: 15_000, interval: 200 })
      .toEqual({ status: 'done', sent: 3, failed: 0 });
    await smtp.waitFor('findes.ikke@example.dk', (m) => m.raw.includes('Klubbladet'));
    expect(
      smtp.mails.filter((m) => m.to.includes('medlem@example.dk') && m.raw.includes('Klubbladet')),
    ).toHaveLength(1);
    const nothing = await admin.rpc('resend_news_mailing_failures', { p_mailing_id: mailingId });
    expect(nothing.error).toMatchObject({ message: 'nothing_failed' });
    const notTheirs = await member.rpc('resend_news_mailing_failures', { p_mailing_id: mailingId });
    expect(notTheirs.error).toMatchObject({ message: 'mailing_not_found' });

    // A later sending leaves the unsubscribed address out.
    const later = await admin.rpc('send_news_post', { p_post_id: post!.id });
    expect(later.data).toMatchObject({ total: 2 });
    const laterId = (later.data as { id: string }).id;
    await expect
      .poll(
        async () => (await admin.from('news_mailings').select('status').eq('id', laterId).single()).data,
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toEqual({ status: 'done' });
    const recipients = await t.db.query<{ email: string }>(
      'select email from news_mailing_recipients where mailing_id = $1 order by email',
      [laterId],
    );
    expect(recipients.rows.map((r) => r.email)).toEqual(['findes.ikke@example.dk', 'medlem@example.dk']);
  });
});
