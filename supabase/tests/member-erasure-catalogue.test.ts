// Erasure leaves nothing of the person behind (issue 38, decision 1008): a member who has
// left, with data in every place the member area, import, news and booking keep it, is erased;
// then every text and JSON column of every table in the catalogue (so a table added later is
// covered) and every stored object's name and metadata, in every bucket, is searched for
// the member's name, e-mail, phone and CPR number. Invoices and payments stay (bookkeeping
// law) with the name they are addressed to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from './support/domain-world';

let world: World;
let zenobia: string;
let other: string;

const person = {
  first: 'Zenobia',
  last: 'Quistgaard',
  email: 'zenobia.quist@example.dk',
  phone: '+45 61 72 83 94',
  cpr: '150387-1234',
};
const needles = [
  `${person.first} ${person.last}`,
  person.first,
  person.last,
  person.email,
  person.phone,
  person.phone.replace(/\s/g, ''),
  person.cpr,
  person.cpr.replace('-', ''),
];

beforeAll(async () => {
  world = await createWorld();
  const db = world.db;
  const a = world.communityA;
  zenobia = (
    await db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name, email, phone, birth_date, street, city)
       values ($1, $2, $3, $4, $5, '1987-03-15', 'Quistvej 7', 'Odense') returning id`,
      [a, person.first, person.last, person.email, person.phone],
    )
  ).rows[0]!.id;
  other = world.memberOf.memberA!;
  await world.as('managerA', 'select set_member_cpr($1, $2)', [zenobia, person.cpr]);
  // Her børneattest: the certificate and its document in member-documents/<community>/<member>/.
  const documentPath = `${a}/${zenobia}/boerneattest-${person.last}.pdf`;
  await db.query(
    `insert into storage.objects (bucket_id, name, owner_id, metadata, version)
     values ('member-documents', $1, $2, jsonb_build_object('mimetype', 'application/pdf', 'size', 10,
             'filename', $3::text), gen_random_uuid()::text)`,
    [documentPath, world.users.managerA, `${person.first} ${person.last} børneattest.pdf`],
  );
  await db.query(
    `insert into member_certificates (community_id, member_id, kind, document_path)
     values ($1, $2, 'child_certificate', $3)`,
    [a, zenobia, documentPath],
  );
  // The import that created her, applied: its row held her fields.
  const job = await db.query<{ id: string }>(
    `insert into member_import_jobs (community_id, file_name, total) values ($1, 'members.csv', 1) returning id`,
    [a],
  );
  await db.query(
    `insert into member_import_rows (job_id, line, choice, member_id, fields, status)
     values ($1, 2, 'create', $2, $3, 'created')`,
    [
      job.rows[0]!.id,
      zenobia,
      JSON.stringify({
        first_name: person.first,
        last_name: person.last,
        email: person.email,
        phone: person.phone,
      }),
    ],
  );
  // A comment by her, and one by someone else naming her.
  const post = await db.query<{ id: string }>(
    `insert into news_posts (community_id, title) values ($1, 'Sommerfest') returning id`,
    [a],
  );
  await db.query(
    `insert into news_comments (community_id, post_id, member_id, author_name, body)
     values ($1, $2, $3, $4, 'Jeg kommer! Ring på ' || $5), ($1, $2, $6, 'Mette', 'Hils ' || $7 || ' fra mig')`,
    [
      a,
      post.rows[0]!.id,
      zenobia,
      `${person.first} ${person.last}`,
      person.phone,
      other,
      `${person.first} ${person.last}`,
    ],
  );
  // A booking note by her, and another member's naming her.
  const product = await db.query<{ id: string }>(
    `insert into booking_products (community_id, name) values ($1, 'Bane 1') returning id`,
    [a],
  );
  await db.query(
    `insert into bookings (community_id, product_id, member_id, starts_at, ends_at, note)
     values ($1, $2, $3, now() - interval '30 days', now() - interval '30 days' + interval '1 hour', $4),
            ($1, $2, $5, now() - interval '29 days', now() - interval '29 days' + interval '1 hour', $6)`,
    [
      a,
      product.rows[0]!.id,
      zenobia,
      `Skriv til ${person.email}`,
      other,
      `Spiller med ${person.first.toLowerCase()} ${person.last.toLowerCase()}`,
    ],
  );
  // Bookkeeping: her billing account and an invoice are kept.
  const account = await db.query<{ id: string }>(
    `insert into billing_accounts (community_id, name, member_id) values ($1, $2, $3) returning id`,
    [a, `${person.first} ${person.last}`, zenobia],
  );
  await db.query('insert into invoices (community_id, account_id) values ($1, $2)', [a, account.rows[0]!.id]);
  await world.as('memberAdminA', `update members set status = 'left', left_on = current_date where id = $1`, [
    zenobia,
  ]);
});

afterAll(async () => {
  await world?.close();
});

/** Every text-like column of every table outside the system and auth schemas, from the catalogue. */
async function catalogueColumns() {
  const found = await world.db.query<{ relation: string; column: string }>(
    `select format('%I.%I', n.nspname, c.relname) as relation, format('%I', a.attname) as column
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
      where c.relkind in ('r', 'p')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'auth')
        and n.nspname not like 'pg\\_%'
        and (t.typcategory in ('S', 'U') and t.typname in ('text', 'varchar', 'bpchar', 'json', 'jsonb', 'citext', 'name')
             or t.typcategory = 'A' and t.typelem in ('text'::regtype, 'varchar'::regtype)
             or t.typtype = 'd')
      order by 1, 2`,
  );
  return found.rows;
}

async function placesHolding(values: string[]) {
  const patterns = values.map((v) => `%${v.toLowerCase()}%`);
  const hits: string[] = [];
  for (const { relation, column } of await catalogueColumns()) {
    const found = await world.db.query<{ n: string }>(
      `select count(*)::text as n from ${relation} where lower(${column}::text) like any($1::text[])`,
      [patterns],
    );
    if (Number(found.rows[0]!.n) > 0) hits.push(`${relation}.${column}`);
  }
  return hits;
}

describe('erase_member', () => {
  it('leaves the name, e-mail, phone and CPR number nowhere in the database or the stored objects', async () => {
    const columns = await catalogueColumns();
    expect(columns.map((c) => c.relation)).toEqual(
      expect.arrayContaining([
        'public.members',
        'public.member_import_rows',
        'public.news_comments',
        'storage.objects',
      ]),
    );
    // Before: she is in many places (the test's data reaches them).
    const before = await placesHolding(needles);
    expect(before).toEqual(
      expect.arrayContaining([
        'public.members.first_name',
        'public.member_import_rows.fields',
        'public.news_comments.body',
        'public.bookings.note',
        'storage.objects.name',
        'storage.objects.metadata',
      ]),
    );

    await world.as('managerA', 'select erase_member($1)', [zenobia]);
    // What may still hold her name: the name invoices are addressed to, which the bookkeeping
    // law (bogføringsloven § 10) keeps for five years with the invoices; and the queue of
    // deleted objects whose bytes the storage service removes within seconds (the test of
    // that is apps/server/tests/storage/member-documents.test.ts).
    const kept = ['public.billing_accounts.name', 'storage.removal_queue.name'];
    expect((await placesHolding(needles)).filter((place) => !kept.includes(place))).toEqual([]);

    // Her document is gone from the bucket, and its bytes are queued for the storage backend.
    const documents = await world.db.query(
      `select 1 from storage.objects where bucket_id = 'member-documents' and name like $1`,
      [`${world.communityA}/${zenobia}/%`],
    );
    expect(documents.rows).toHaveLength(0);
    const queued = await world.db.query<{ bucket_id: string }>(
      `select bucket_id from storage.removal_queue where name like $1`,
      [`${world.communityA}/${zenobia}/%`],
    );
    expect(queued.rows).toEqual([{ bucket_id: 'member-documents' }]);
    // What the bookkeeping law keeps: the invoice, under an account that names no one.
    const invoices = await world.db.query(
      'select 1 from invoices i join billing_accounts b on b.id = i.account_id where b.member_id = $1',
      [zenobia],
    );
    expect(invoices.rows).toHaveLength(1);
    // The comments and the other member's booking stay, without her.
    const comments = await world.db.query<{ author_name: string; body: string }>(
      'select author_name, body from news_comments order by author_name',
    );
    expect(comments.rows).toEqual([
      { author_name: 'Mette', body: 'Hils Slettet medlem fra mig' },
      { author_name: 'Slettet medlem', body: 'Jeg kommer! Ring på Slettet medlem' },
    ]);
  });
});
