// E-mail to a selection of members from the register through the running platform with
// supabase-js: a member admin asks for the mailing (one per address, members without one left
// out), the server's mail job sends it in the background through a real SMTP listener and the
// mailing row counts what was sent and what the mail server refused (decision 0931).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let smtp: SmtpListener;
let admin: SupabaseClient;
let newsAdmin: SupabaseClient;
let community: string;
const ids: Record<string, string> = {};
const password = 'Roklub-2026!';

async function signedIn(email: string, fullName: string): Promise<{ client: SupabaseClient; id: string }> {
  const { data, error } = await t.adminClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error || !data.user) throw new Error(error?.message);
  const client = t.client();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { client, id: data.user.id };
}

beforeAll(async () => {
  smtp = await startSmtpListener({ refuse: (address) => address.startsWith('findes.ikke') });
  t = await startTestPlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Roklubben <klub@example.dk>',
    NEWS_MAIL_CHECK_SECONDS: '1',
  });
  community = (
    await t.db.query<{ id: string }>(
      "insert into communities (slug, name) values ('roklubben', 'Roklubben Øresund') returning id::text",
    )
  ).rows[0]!.id;
  const memberAdmin = await signedIn('medlemsadmin@example.dk', 'Mia Medlemsadmin');
  const news = await signedIn('nyheder@example.dk', 'Nils Nyhed');
  await t.db.query(
    `insert into memberships (community_id, user_id, role, areas) values ($1, $2, 'admin', '{member}'), ($1, $3, 'admin', '{news}')`,
    [community, memberAdmin.id, news.id],
  );
  const rows = await t.db.query<{ id: string; first_name: string }>(
    `insert into members (community_id, first_name, last_name, email) values
       ($1, 'Åse', 'Ærø', 'aase@example.dk'),
       ($1, 'Søren', 'Ærø', 'AASE@example.dk'),
       ($1, 'Bent', 'Bådsmand', 'bent@example.dk'),
       ($1, 'Forkert', 'Adresse', 'findes.ikke@example.dk'),
       ($1, 'Uden', 'Adresse', null),
       ($1, 'Ikke', 'Valgt', 'ikke.valgt@example.dk')
     returning id::text, first_name`,
    [community],
  );
  for (const r of rows.rows) ids[r.first_name] = r.id;
  admin = memberAdmin.client;
  newsAdmin = news.client;
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await smtp?.close();
});

describe('e-mail to selected members', () => {
  it('sends in the background once per address, with sent and failed counts', async () => {
    const chosen = [ids['Åse'], ids['Søren'], ids.Bent, ids.Forkert, ids.Uden];
    const { data: mailing, error } = await admin.rpc('send_member_mail', {
      p_community_id: community,
      p_member_ids: chosen,
      p_subject: 'Standerstrygning',
      p_body: 'Kære roere\n\nVi stryger standeren lørdag kl. 14 & spiser bagefter.',
    });
    expect(error).toBeNull();
    expect(mailing).toMatchObject({ total: 3, sent: 0, failed: 0, post_id: null });
    const mailingId = (mailing as { id: string }).id;
    const state = async () =>
      (await admin.from('news_mailings').select('status, sent, failed').eq('id', mailingId).single()).data;
    await expect
      .poll(state, { timeout: 20_000, interval: 200 })
      .toEqual({ status: 'done', sent: 2, failed: 1 });
    const mail = await smtp.waitFor('bent@example.dk', (m) => m.raw.includes('Standerstrygning'));
    const text = mail.raw;
    expect(text).toContain('Vi stryger standeren lørdag kl. 14 & spiser bagefter.');
    expect(text).toContain('<p>Vi stryger standeren lørdag kl. 14 &#38; spiser bagefter.</p>');
    expect(text).toContain('— Roklubben Øresund');
    await smtp.waitFor('aase@example.dk', (m) => m.raw.includes('Standerstrygning'));
    expect(smtp.mails.filter((m) => m.raw.includes('Standerstrygning'))).toHaveLength(2);
    expect(smtp.mails.some((m) => m.to.includes('ikke.valgt@example.dk'))).toBe(false);
    // A news admin does not see the members' mailing; nor may they ask for one.
    const hidden = await newsAdmin.from('news_mailings').select('id').eq('id', mailingId);
    expect(hidden.data).toEqual([]);
    const refused = await newsAdmin.rpc('send_member_mail', {
      p_community_id: community,
      p_member_ids: chosen,
      p_subject: 'Hej',
      p_body: 'Hej',
    });
    expect(refused.error).toMatchObject({ message: 'not_allowed' });
  });

  it('says what is wrong with the subject, the text or the choice', async () => {
    const ask = (memberIds: string[], subject: string, body: string) =>
      admin.rpc('send_member_mail', {
        p_community_id: community,
        p_member_ids: memberIds,
        p_subject: subject,
        p_body: body,
      });
    expect((await ask([ids.Bent!], '  ', 'Tekst')).error).toMatchObject({ message: 'invalid_subject' });
    expect((await ask([ids.Bent!], 'x'.repeat(201), 'Tekst')).error).toMatchObject({
      message: 'invalid_subject',
    });
    expect((await ask([ids.Bent!], 'Emne', '')).error).toMatchObject({ message: 'invalid_body' });
    expect((await ask([], 'Emne', 'Tekst')).error).toMatchObject({ message: 'no_recipients' });
    expect((await ask([ids.Uden!], 'Emne', 'Tekst')).error).toMatchObject({ message: 'no_recipients' });
    const malformed = await ask(['not-a-uuid'], 'Emne', 'Tekst');
    expect(malformed.status).toBeLessThan(500);
    const left = await admin.from('news_mailings').select('id').eq('community_id', community);
    expect(left.data).toHaveLength(1);
  });
});
