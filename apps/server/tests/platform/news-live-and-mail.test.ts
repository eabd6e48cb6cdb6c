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
  smtp = await startSmtpListener({ refuse: (address) => address.startsWith('findes.ikke') });
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
}, 60_000);

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
    const releaseAt = new Date(Date.now() + 1500).toISOString();
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
    await expect.poll(() => changes, { timeout: 10_000, interval: 100 }).toContain('published');
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
});
