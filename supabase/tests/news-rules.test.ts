// The news area's database rules (issue #18): status and release timing, links, the author
// default, comments on and off, hiding and deleting comments, the list summary, and sending a
// post to its audience (the recipients and the counts the mail job keeps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

async function insertPost(
  actor: 'newsAdminA' | 'eventAdminA' | 'memberA' | 'adminB',
  fields: Record<string, unknown>,
): Promise<string> {
  const row: Record<string, unknown> = {
    community_id: world.communityA,
    title: 'Generalforsamling',
    content: doc('Kom og vær med'),
    ...fields,
  };
  const columns = Object.keys(row);
  const rows = await world.as<{ id: string }>(
    actor,
    `insert into news_posts (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     returning id`,
    columns.map((c) => row[c]),
  );
  return rows[0]!.id;
}

describe('posts', () => {
  it('defaults the author to the writer and names them from their member row or account', async () => {
    const id = await insertPost('newsAdminA', { status: 'published' });
    const [post] = await world.db
      .query<{ author_id: string; author_name: string; published: boolean }>(
        'select author_id, author_name, published_at is not null as published from news_posts where id = $1',
        [id],
      )
      .then((r) => r.rows);
    expect(post).toEqual({
      author_id: world.users.newsAdminA,
      author_name: 'news.admin.a@example.dk',
      published: true,
    });
    // The byline follows the author: a typed name is not kept (the author is picked instead).
    const named = await insertPost('newsAdminA', { author_name: 'Bestyrelsen' });
    const [row] = (
      await world.db.query<{ author_name: string }>('select author_name from news_posts where id = $1', [
        named,
      ])
    ).rows;
    expect(row!.author_name).toBe('news.admin.a@example.dk');
  });

  it("picks the author among the community's administrators and members, checked by the database", async () => {
    const found = await world.as<{ user_id: string; name: string; is_admin: boolean }>(
      'newsAdminA',
      'select user_id, name, is_admin from news_author_candidates($1, $2)',
      [world.communityA, 'mette'],
    );
    expect(found).toEqual([{ user_id: world.users.memberA, name: 'Mette Jensen', is_admin: false }]);
    const admins = await world.as<{ user_id: string; is_admin: boolean }>(
      'newsAdminA',
      'select user_id, is_admin from news_author_candidates($1, $2, 50)',
      [world.communityA, 'ADMIN.A@'],
    );
    expect(admins.map((a) => a.user_id)).toContain(world.users.eventAdminA);
    expect(admins.every((a) => a.is_admin)).toBe(true);
    expect(
      await world.as('newsAdminA', 'select * from news_author_candidates($1, $2)', [
        world.communityA,
        'admin.b',
      ]),
    ).toEqual([]);
    expect(
      await failureOf(world.as('memberA', 'select * from news_author_candidates($1)', [world.communityA])),
    ).toBe('not_allowed');
    expect(
      await failureOf(world.as('newsAdminA', 'select * from news_author_candidates($1)', [world.communityB])),
    ).toBe('not_allowed');

    const id = await insertPost('newsAdminA', { author_id: world.users.memberA, author_name: 'Nogen andre' });
    const [post] = (
      await world.db.query<{ author_id: string; author_name: string }>(
        'select author_id, author_name from news_posts where id = $1',
        [id],
      )
    ).rows;
    expect(post).toEqual({ author_id: world.users.memberA, author_name: 'Mette Jensen' });
    expect(await failureOf(insertPost('newsAdminA', { author_id: world.users.adminB }))).toBe(
      'author_not_in_community',
    );
    expect(
      await failureOf(
        world.as('newsAdminA', 'update news_posts set author_id = $2 where id = $1', [
          id,
          world.users.adminB,
        ]),
      ),
    ).toBe('author_not_in_community');
    await world.as('newsAdminA', 'update news_posts set author_id = $2 where id = $1', [
      id,
      world.users.eventAdminA,
    ]);
    const [moved] = (
      await world.db.query<{ author_name: string }>('select author_name from news_posts where id = $1', [id])
    ).rows;
    expect(moved!.author_name).toBe('event.admin.a@example.dk');
  });

  it('refuses an empty title, a past release for publishing later and other communities', async () => {
    expect(await failureOf(insertPost('newsAdminA', { title: '   ' }))).toBe('title_required');
    expect(await failureOf(insertPost('newsAdminA', { status: 'scheduled' }))).toBe('release_required');
    expect(
      await failureOf(
        insertPost('newsAdminA', {
          status: 'scheduled',
          release_at: new Date(Date.now() - 60_000).toISOString(),
        }),
      ),
    ).toBe('release_in_past');
    expect(await failureOf(insertPost('newsAdminA', { status: 'cancelled' }))).toBe('23514');
    expect(await failureOf(insertPost('adminB', {}))).toBe('42501');
    expect(await failureOf(insertPost('memberA', {}))).toBe('42501');
    expect(await failureOf(insertPost('eventAdminA', {}))).toBe('42501');
  });

  it('releases a scheduled post at its time: members see it then, the ticker stores it', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const id = await insertPost('newsAdminA', { status: 'scheduled', release_at: soon, title: 'Snart ude' });
    const seen = () => world.as<{ id: string }>('memberA', 'select id from news_posts where id = $1', [id]);
    expect(await seen()).toEqual([]);
    // Moving the release further is fine; into the past is not.
    expect(
      await failureOf(
        world.as('newsAdminA', `update news_posts set release_at = now() - interval '1 hour' where id = $1`, [
          id,
        ]),
      ),
    ).toBe('release_in_past');
    // Editing another field of a scheduled post keeps its time.
    await world.as('newsAdminA', `update news_posts set title = 'Snart ude!' where id = $1`, [id]);
    await world.db.query(`update news_posts set release_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    expect(await seen()).toEqual([{ id }]);
    const [n] = await world.as<{ n: number }>('service', 'select publish_due_releases() as n');
    expect(n!.n).toBeGreaterThanOrEqual(1);
    const [stored] = (
      await world.db.query<{ status: string; published: boolean }>(
        'select status::text, published_at is not null as published from news_posts where id = $1',
        [id],
      )
    ).rows;
    expect(stored).toEqual({ status: 'published', published: true });
    const [summary] = await world.as<{ effective_status: string }>(
      'newsAdminA',
      'select effective_status::text from news_post_summaries where id = $1',
      [id],
    );
    expect(summary!.effective_status).toBe('published');
  });

  it('takes http(s) links only and never a literal internal address', async () => {
    for (const [url, code] of [
      ['javascript:alert(1)', 'invalid_link'],
      ['ftp://example.com/x', 'invalid_link'],
      ['http://127.0.0.1:8080/', 'link_internal_address'],
      ['http://10.0.0.5/intra', 'link_internal_address'],
      ['http://169.254.169.254/latest/meta-data', 'link_internal_address'],
      ['https://[::1]/', 'link_internal_address'],
      ['http://192.168.1.1', 'link_internal_address'],
    ] as const) {
      expect({ url, code: await failureOf(insertPost('newsAdminA', { link_url: url })) }).toEqual({
        url,
        code,
      });
    }
    const ok = await insertPost('newsAdminA', { link_url: ' https://www.dgi.dk/foreningsledelse ' });
    const [row] = (
      await world.db.query<{ link_url: string }>('select link_url from news_posts where id = $1', [ok])
    ).rows;
    expect(row!.link_url).toBe('https://www.dgi.dk/foreningsledelse');
    const empty = await insertPost('newsAdminA', { link_url: '' });
    const [none] = (
      await world.db.query<{ link_url: string | null }>('select link_url from news_posts where id = $1', [
        empty,
      ])
    ).rows;
    expect(none!.link_url).toBeNull();
  });
});

describe('comments', () => {
  let post: string;
  const comment = (actor: 'memberA' | 'newsAdminA' | 'adminB' | 'anon', body: string) =>
    world
      .as<{ id: string }>(actor, 'select comment_on_post($1, $2) as id', [post, body])
      .then((r) => r[0]!.id);

  beforeAll(async () => {
    post = await insertPost('newsAdminA', { status: 'published', title: 'Kommentarer' });
  });

  it('lets members comment, refuses others, and shuts when comments are turned off', async () => {
    const id = await comment('memberA', '  Glæder mig!  ');
    const [row] = (
      await world.db.query<{ body: string; author_name: string }>(
        'select body, author_name from news_comments where id = $1',
        [id],
      )
    ).rows;
    expect(row).toEqual({ body: 'Glæder mig!', author_name: 'Mette Jensen' });
    expect(await failureOf(comment('memberA', '   '))).toBe('invalid_comment');
    expect(await failureOf(comment('adminB', 'Hej'))).toBe('post_not_found');
    expect(await failureOf(comment('anon', 'Hej'))).toBe('42501');
    await world.as('newsAdminA', 'update news_posts set allow_comments = false where id = $1', [post]);
    expect(await failureOf(comment('memberA', 'En til'))).toBe('comments_closed');
    const [count] = (
      await world.db.query<{ n: number }>('select count(*)::int as n from news_comments where post_id = $1', [
        post,
      ])
    ).rows;
    expect(count!.n).toBe(1);
    await world.as('newsAdminA', 'update news_posts set allow_comments = true where id = $1', [post]);
  });

  it('hides a comment from members (news admins only) and lets admins delete it', async () => {
    const id = await comment('memberA', 'Upassende');
    const visible = () =>
      world.as<{ id: string }>('memberA', 'select id from news_comments where id = $1', [id]);
    expect(await visible()).toEqual([{ id }]);
    const hide = (actor: 'newsAdminA' | 'memberA' | 'adminB', hidden: boolean) =>
      world.as<{ hidden: boolean }>(
        actor,
        'select (set_news_comment_hidden($1, $2)).hidden_at is not null as hidden',
        [id, hidden],
      );
    expect(await failureOf(hide('memberA', true))).toBe('comment_not_found');
    expect(await failureOf(hide('adminB', true))).toBe('comment_not_found');
    expect(await hide('newsAdminA', true)).toEqual([{ hidden: true }]);
    expect(await visible()).toEqual([]);
    const [summary] = await world.as<{ comment_count: number; hidden_comment_count: number }>(
      'newsAdminA',
      'select comment_count, hidden_comment_count from news_post_summaries where id = $1',
      [post],
    );
    expect(summary).toEqual({ comment_count: 2, hidden_comment_count: 1 });
    expect(await hide('newsAdminA', false)).toEqual([{ hidden: false }]);
    expect(await visible()).toEqual([{ id }]);
    expect(
      await world.as('memberA', 'delete from news_comments where id = $1 and author_id <> $2 returning id', [
        id,
        world.users.memberA,
      ]),
    ).toEqual([]);
    expect(
      await world.as('newsAdminA', 'delete from news_comments where id = $1 returning id', [id]),
    ).toEqual([{ id }]);
  });
});

describe('sending a post by e-mail', () => {
  it('fixes the audience (members who have not left, one per address) and counts outcomes', async () => {
    const draft = await insertPost('newsAdminA', { title: 'Kladde' });
    const send = (actor: 'newsAdminA' | 'memberA' | 'adminB', id: string) =>
      world.as<{ id: string; total: number; status: string }>(
        actor,
        'select (m).id, (m).total, (m).status::text from (select send_news_post($1) as m) x',
        [id],
      );
    expect(await failureOf(send('newsAdminA', draft))).toBe('post_not_published');
    const hidden = await insertPost('newsAdminA', { status: 'published', visibility: 'hidden' });
    expect(await failureOf(send('newsAdminA', hidden))).toBe('post_hidden');
    const post = await insertPost('newsAdminA', { status: 'published', title: 'Til alle' });
    expect(await failureOf(send('memberA', post))).toBe('post_not_found');
    expect(await failureOf(send('adminB', post))).toBe('post_not_found');

    const left = await addMember(world.db, world.communityA, 'Lars');
    await world.db.query(`update members set status = 'left', left_on = current_date where id = $1`, [left]);
    const expected = (
      await world.db.query<{ n: number }>(
        `select count(distinct lower(email))::int as n from members
         where community_id = $1 and status <> 'left' and email is not null`,
        [world.communityA],
      )
    ).rows[0]!.n;
    const [mailing] = await send('newsAdminA', post);
    expect(mailing).toMatchObject({ total: expected, status: 'queued' });
    expect(expected).toBeGreaterThan(1);
    expect(await failureOf(send('newsAdminA', post))).toBe('mailing_in_progress');
    expect(
      await failureOf(world.as('newsAdminA', 'select * from app_private.claim_news_mail_batch(10)')),
    ).toBe('not_allowed');

    const batch = await world.db.query<{ mailing_id: string; email: string; title: string }>(
      'select mailing_id, email, title from app_private.claim_news_mail_batch(1000) where mailing_id = $1',
      [mailing!.id],
    );
    expect(batch.rows).toHaveLength(expected);
    expect(batch.rows.every((r) => r.title === 'Til alle')).toBe(true);
    const again = await world.db.query(
      'select 1 from app_private.claim_news_mail_batch(1000) where mailing_id = $1',
      [mailing!.id],
    );
    expect(again.rows).toEqual([]);
    for (const [i, r] of batch.rows.entries()) {
      await world.db.query('select app_private.record_news_mail($1, $2, $3, $4)', [
        r.mailing_id,
        r.email,
        i > 0,
        i > 0 ? null : 'refused',
      ]);
    }
    const [done] = await world.as<{ status: string; sent: number; failed: number }>(
      'newsAdminA',
      'select status::text, sent, failed from news_mailings where id = $1',
      [mailing!.id],
    );
    expect(done).toEqual({ status: 'done', sent: expected - 1, failed: 1 });
    expect(await world.as('memberA', 'select id from news_mailings where id = $1', [mailing!.id])).toEqual(
      [],
    );
  });

  it('waits with a scheduled post until its release', async () => {
    const id = await insertPost('newsAdminA', {
      status: 'scheduled',
      release_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const [mailing] = await world.as<{ id: string }>('newsAdminA', 'select (send_news_post($1)).id', [id]);
    const claim = () =>
      world.db.query('select 1 from app_private.claim_news_mail_batch(1000) where mailing_id = $1', [
        mailing!.id,
      ]);
    expect((await claim()).rows).toEqual([]);
    await world.db.query(`update news_posts set release_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    expect((await claim()).rows.length).toBeGreaterThan(0);
  });
});
