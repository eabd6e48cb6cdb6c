// The demo's knowledge base: a few categories with articles of each visibility and state,
// as a Danish club's help pages would hold them.
import type { Queryable } from '../../apps/server/src/database/database';

const categories: [name: string, description: string][] = [
  ['Medlemskab', 'Indmeldelse, kontingent og udmeldelse'],
  ['Booking', 'Baner, hal og klubhus'],
  ['Frivillig', 'For trænere, holdledere og hjælpere'],
];

// [category index, slug, title, visibility, status, body]
const articles: [number, string, string, string, string, string][] = [
  [
    0,
    'indmeldelse',
    'Sådan melder du dig ind',
    'public',
    'published',
    '<p>Vælg et hold under Hold, og tilmeld dig i appen. Kontingentet opkræves for hele sæsonen.</p>',
  ],
  [
    0,
    'kontingent',
    'Kontingent og betaling',
    'public',
    'published',
    '<p>Kontingent betales med MobilePay eller Betalingsservice. Holdkontingent opkræves pr. periode.</p>',
  ],
  [
    0,
    'udmeldelse',
    'Udmeldelse',
    'members',
    'published',
    '<p>Skriv til kassereren senest en måned før sæsonstart. Indbetalt kontingent refunderes ikke.</p>',
  ],
  [
    1,
    'book-kunstgraesbane',
    'Book kunstgræsbanen',
    'members',
    'published',
    '<p>Banen bookes i appen i hele timer. Husk at slukke lyset efter brug.</p>',
  ],
  [
    1,
    'noegler-til-klubhuset',
    'Nøgler til klubhuset',
    'members',
    'draft',
    '<p>Nøgler udleveres af materialeforvalteren mod kvittering.</p>',
  ],
  [
    2,
    'boerneattest',
    'Børneattest for trænere',
    'admins',
    'published',
    '<p>Alle, der træner børn under 15 år, skal have en godkendt børneattest, før de starter.</p>',
  ],
  [
    2,
    'foerstehjaelp',
    'Førstehjælpskursus',
    'admins',
    'archived',
    '<p>Klubben betaler kurset hos DGI. Kurset fornyes hvert andet år.</p>',
  ],
];

export async function seedKnowledgeBase(tx: Queryable, community: string, authorId: string): Promise<void> {
  const ids: string[] = [];
  for (const [i, [name, description]] of categories.entries()) {
    const row = await tx.query<{ id: string }>(
      `insert into public.kb_categories (community_id, name, description, sort_order) values ($1, $2, $3, $4) returning id`,
      [community, name, description, i],
    );
    ids.push(row.rows[0]!.id);
  }
  for (const [i, [category, slug, title, visibility, status, body]] of articles.entries()) {
    await tx.query(
      `insert into public.kb_articles (community_id, category_id, slug, title, body, visibility, status, sort_order, author_id)
       values ($1, $2, $3, $4, app_private.html_to_rich_text($5), $6, $7, $8, $9)`,
      [community, ids[category], slug, title, body, visibility, status, i, authorId],
    );
  }
}
