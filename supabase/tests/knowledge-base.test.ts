// Knowledge base behaviour beyond the RLS matrix: publication stamps, slugs, categories
// outliving their articles, and search that respects visibility and escapes wildcards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let category: string;

const insertArticle = (
  slug: string,
  title: string,
  visibility: string,
  status: string,
  body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tekst' }] }] },
) =>
  world.as<{ id: string; published_at: string | null; updated_by: string | null }>(
    'knowledge_baseAdminA',
    `insert into kb_articles (community_id, category_id, slug, title, body, visibility, status)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, published_at::text, updated_by`,
    [world.communityA, category, slug, title, body, visibility, status],
  );

beforeAll(async () => {
  world = await createWorld();
  const rows = await world.as<{ id: string }>(
    'knowledge_baseAdminA',
    `insert into kb_categories (community_id, name) values ($1, 'Booking') returning id`,
    [world.communityA],
  );
  category = rows[0]!.id;
});
afterAll(async () => {
  await world?.close();
});

describe('knowledge base', () => {
  it('stamps the first publication and keeps it through unpublishing', async () => {
    const [draft] = await insertArticle('hal', 'Book hallen', 'members', 'draft');
    expect(draft!.published_at).toBeNull();
    expect(draft!.updated_by).toBe(world.users.knowledge_baseAdminA);
    const [published] = await world.as<{ published_at: string | null }>(
      'knowledge_baseAdminA',
      `update kb_articles set status = 'published' where id = $1 returning published_at::text`,
      [draft!.id],
    );
    expect(published!.published_at).not.toBeNull();
    const [again] = await world.as<{ published_at: string | null }>(
      'knowledge_baseAdminA',
      `update kb_articles set status = 'draft' where id = $1 returning published_at::text`,
      [draft!.id],
    );
    expect(again!.published_at).toBe(published!.published_at);
  });

  it('keeps slugs unique in a community and well formed', async () => {
    await insertArticle('baner', 'Baner', 'public', 'published');
    expect(await failureOf(insertArticle('baner', 'Baner igen', 'public', 'draft'))).toBe('23505');
    expect(await failureOf(insertArticle('Store Bogstaver', 'Forkert', 'public', 'draft'))).toBe('23514');
  });

  it('refuses moving an article to another community', async () => {
    const [row] = await insertArticle('flyt', 'Flyt mig', 'public', 'draft');
    expect(
      await failureOf(
        world.as('knowledge_baseAdminA', 'update kb_articles set community_id = $1 where id = $2', [
          world.communityB,
          row!.id,
        ]),
      ),
    ).toBe('read_only_field');
  });

  it('searches by visibility and treats % and _ as plain characters', async () => {
    await insertArticle('hjaelp-100', 'Rabat på 100% kontingent', 'members', 'published');
    await insertArticle('internt', 'Intern vejledning om rabat', 'admins', 'published');
    await insertArticle('kladde-rabat', 'Rabat kladde', 'members', 'draft');
    const search = (actor: 'memberA' | 'anon' | 'knowledge_baseAdminA' | 'eventAdminA', text: string) =>
      world
        .as<{ slug: string }>(actor, `select slug from search_kb_articles($1, $2)`, [world.communityA, text])
        .then((rows) => rows.map((r) => r.slug));
    expect(await search('memberA', 'rabat')).toEqual(['hjaelp-100']);
    expect(await search('eventAdminA', 'rabat')).toEqual(['internt', 'hjaelp-100']);
    expect(await search('knowledge_baseAdminA', 'rabat')).toEqual(['internt', 'kladde-rabat', 'hjaelp-100']);
    expect(await search('anon', 'rabat')).toEqual([]);
    expect(await search('memberA', '100%')).toEqual(['hjaelp-100']);
    expect(await search('memberA', '%')).toEqual(['hjaelp-100']);
    expect(await search('memberA', '_')).toEqual([]);
    expect(await search('memberA', '  ')).toEqual([]);
  });

  it('finds words of the body, in any case and with Danish letters, through search_text and its index', async () => {
    const paragraph = (text: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    await insertArticle(
      'baadebro',
      'Sæsonstart',
      'members',
      'published',
      paragraph('Nøglen til bådebroen hænger i klubhusets køkken. Spørg træneren.'),
    );
    await insertArticle('kladde-baad', 'Kladde', 'members', 'draft', paragraph('Bådebroen males i maj.'));
    const search = (actor: 'memberA' | 'knowledge_baseAdminA' | 'adminB', text: string) =>
      world
        .as<{ slug: string; title_match: boolean }>(
          actor,
          `select slug, title_match from search_kb_articles($1, $2)`,
          [world.communityA, text],
        )
        .then((rows) => rows.map((r) => `${r.slug}${r.title_match ? ' (titel)' : ''}`));
    expect(await search('memberA', 'BÅDEBROEN')).toEqual(['baadebro']);
    expect(await search('knowledge_baseAdminA', 'bådebro')).toEqual(['kladde-baad', 'baadebro']);
    expect(await search('memberA', 'sæsonstart')).toEqual(['baadebro (titel)']);
    expect(await search('memberA', 'KØKKEN. spørg')).toEqual(['baadebro']);
    expect(await search('adminB', 'bådebro')).toEqual([]);

    // The list screen filters the column itself, one `like` per word, under the same policies.
    const column = await world.as<{ slug: string; search_text: string }>(
      'memberA',
      `select slug, search_text from kb_articles
        where community_id = $1 and search_text like '%nøglen%' and search_text like '%træneren%'`,
      [world.communityA],
    );
    expect(column).toEqual([
      {
        slug: 'baadebro',
        search_text: 'sæsonstart  nøglen til bådebroen hænger i klubhusets køkken. spørg træneren.',
      },
    ]);
    const index = await world.db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'kb_articles_search_text_idx'`,
    );
    expect(index.rows[0]!.indexdef).toMatch(/USING gin \(search_text extensions\.gin_trgm_ops\)/);
  });

  it('leaves articles uncategorised when their category is deleted', async () => {
    const [row] = await insertArticle('bliver', 'Bliver tilbage', 'public', 'published');
    await world.as('knowledge_baseAdminA', 'delete from kb_categories where id = $1', [category]);
    const after = await world.db.query<{ category_id: string | null }>(
      'select category_id from kb_articles where id = $1',
      [row!.id],
    );
    expect(after.rows[0]!.category_id).toBeNull();
  });
});
