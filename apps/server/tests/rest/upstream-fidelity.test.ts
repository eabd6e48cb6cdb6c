// Differences from PostgREST that supabase-js's own data-service suite found (issue 22), each
// through the real client: unnamed parameters and overloads, embedding resolution, aggregates
// in nested embeds, duplicate aliases, CSV quoting and the texts of errors.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestClient, type RestPlatform } from './rest-platform';

const here = path.dirname(fileURLToPath(import.meta.url));
let t: RestPlatform;
let db: RestClient;
beforeAll(async () => {
  t = await startRestPlatform({ REST_AGGREGATES_ENABLED: 'true' });
  await t.db.exec(await readFile(path.join(here, 'fidelity-fixture.sql'), 'utf8'));
  await t.db.exec(`notify pgrst, 'reload schema'`);
  db = t.client();
});
afterAll(async () => {
  await t.stop();
});

describe('functions', () => {
  it('calls a function with one unnamed parameter with the single value or the raw body', async () => {
    const single = await db.rpc('shout', { '': 'foo' });
    expect({ data: single.data, error: single.error }).toEqual({ data: 'FOO', error: null });
    const raw = await t.rest('/rpc/shout', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'content-profile': 'rest_test' },
      body: 'plain words',
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toBe('PLAIN WORDS');
  });

  it('resolves overloads with defaults as PostgREST does', async () => {
    expect((await db.rpc('with_override')).data).toBe(0);
    expect((await db.rpc('with_override', { pid: 1 })).data).toBe('one');
    expect((await db.rpc('with_override', { cid: 1 })).data).toBe('two');
    const ambiguous = await db.rpc('unnamed_default');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: rest_test.unnamed_default(), rest_test.unnamed_default( => text)',
    });
    expect((await db.rpc('unnamed_default', { '': 'given' })).data).toBe('text');
  });

  it('lists ambiguous candidates in PostgREST order and says "parameter" for one', async () => {
    const res = await db.rpc('unresolvable', { a: 'x' });
    expect(res.error?.message).toBe(
      'Could not choose the best candidate function between: rest_test.unresolvable(a => integer), rest_test.unresolvable(a => text)',
    );
    const missing = await db.rpc('unresolvable', { b: 1 });
    expect(missing.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function rest_test.unresolvable with parameter b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function rest_test.unresolvable(b) in the schema cache',
    });
    const two = await db.rpc('unresolvable', { b: 1, c: 2 });
    expect(two.error?.details).toBe(
      'Searched for the function rest_test.unresolvable with parameters b, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });
});

describe('embedding', () => {
  it('finds a one-to-many embed by the hint naming its foreign-key constraint', async () => {
    const { data, error } = await db
      .from('pals')
      .select('username, first_friend_of:best_friends!best_friends_first_user_fkey(id)')
      .eq('username', 'supabot');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'supabot', first_friend_of: [{ id: 1 }, { id: 2 }] }]);
    const byName = await db
      .from('pals')
      .select('username, third_wheel_of:best_friends_third_wheel_fkey(id)')
      .eq('username', 'awailas');
    expect(byName.error).toBeNull();
    expect(byName.data).toEqual([{ username: 'awailas', third_wheel_of: [{ id: 1 }] }]);
  });

  it('embeds through a column name without counting views over the table as candidates', async () => {
    const { data, error } = await db.from('pal_profiles').select('id, username(username)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, username: { username: 'supabot' } },
      { id: 2, username: { username: 'kiwicopple' } },
    ]);
  });

  it('suggests the embed a misspelt name probably meant, as PostgREST does', async () => {
    const { error } = await db.from('pals').select('username, postz(id)');
    expect(error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'pals' and 'postz' in the schema 'rest_test', but no matches were found.",
      hint: "Perhaps you meant 'posts' instead of 'postz'.",
      message: "Could not find a relationship between 'pals' and 'postz' in the schema cache",
    });
  });

  it('resolves a self-referencing table in both directions', async () => {
    const children = await db.from('collections').select('id, collections(id)').eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ id: 1, collections: [{ id: 2 }, { id: 3 }] });
    const parent = await db
      .from('collections')
      .select('id, parent:parent_id(id, description)')
      .eq('id', 4)
      .single();
    expect(parent.error).toBeNull();
    expect(parent.data).toEqual({ id: 4, parent: { id: 2, description: 'child a' } });
    // A hint on a self-reference names the key column and means the children, as in
    // PostgREST; its constraint name matches neither direction (decision 1083).
    const hinted = await db
      .from('collections')
      .select('id, children:collections!parent_id(id)')
      .eq('id', 2)
      .single();
    expect(hinted.data).toEqual({ id: 2, children: [{ id: 4 }] });
    const byConstraint = await db
      .from('collections')
      .select('id, children:collections!collections_parent_id_fkey(id)')
      .eq('id', 2)
      .single();
    expect(byConstraint.error?.code).toBe('PGRST200');
  });
});

describe('reads', () => {
  it('aggregates inside nested and spread embeds per parent', async () => {
    const nested = await db.from('pals').select('username, posts(rooms(count()))').eq('username', 'supabot');
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual([
      { username: 'supabot', posts: [{ rooms: { count: 1 } }, { rooms: { count: 1 } }] },
    ]);
    const spread = await db
      .from('pals')
      .select('username, posts(id, ...rooms(count()))')
      .eq('username', 'kiwicopple');
    expect(spread.error).toBeNull();
    expect(spread.data).toEqual([{ username: 'kiwicopple', posts: [{ id: 3, count: 1 }] }]);
  });

  it('aggregates beside spread columns in a nested embed, grouping by them', async () => {
    const counted = await db
      .from('pals')
      .select('username, posts(rooms(count(), ...room_details(details)))')
      .eq('username', 'supabot');
    expect(counted.error).toBeNull();
    expect(counted.data).toEqual([
      {
        username: 'supabot',
        posts: [
          { rooms: { count: 1, details: 'open to all' } },
          { rooms: { count: 1, details: 'open to all' } },
        ],
      },
    ]);
    const summed = await db
      .from('pals')
      .select('username, posts(rooms(id.sum(), ...room_details(details_sum:id.sum(), details)))')
      .eq('username', 'kiwicopple');
    expect(summed.error).toBeNull();
    expect(summed.data).toEqual([
      { username: 'kiwicopple', posts: [{ rooms: { sum: 2, details_sum: null, details: null } }] },
    ]);
    const beside = await db.from('posts').select('body.count(), pals(username)');
    expect(beside.error).toBeNull();
    expect(beside.data).toEqual(
      expect.arrayContaining([
        { count: 1, pals: { username: 'kiwicopple' } },
        { count: 2, pals: { username: 'supabot' } },
      ]),
    );
    expect(beside.data).toHaveLength(2);
  });

  it('aggregates inside a to-one spread over the parent groups, as if they were its columns', async () => {
    const perUser = await db
      .from('posts')
      .select('username, ...rooms(id.sum(), rooms:count())')
      .order('username');
    expect(perUser.error).toBeNull();
    expect(perUser.data).toEqual([
      { username: 'kiwicopple', sum: 2, rooms: 1 },
      { username: 'supabot', sum: 2, rooms: 2 },
    ]);
    const bySlug = await db.from('posts').select('...rooms(slug, id.max(), posts:count())');
    expect(bySlug.error).toBeNull();
    expect(bySlug.data).toEqual(
      expect.arrayContaining([
        { slug: 'public', max: 1, posts: 2 },
        { slug: 'random', max: 2, posts: 1 },
      ]),
    );
    expect(bySlug.data).toHaveLength(2);
    const total = await db.from('posts').select('...rooms(count(), first:slug.min())');
    expect({ data: total.data, error: total.error }).toEqual({
      data: [{ count: 3, first: 'public' }],
      error: null,
    });
    // A cast of the result applies at the top as well.
    const cast = await db.from('posts').select('...rooms(id.avg()::int)');
    expect(cast.data).toEqual([{ avg: 1 }]);
  });

  it('refuses a bad aggregate in a spread in PostgREST format, naming no internal alias', async () => {
    const unknown = await db.from('posts').select('username, ...rooms(nope.sum())');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42703');
    expect(JSON.stringify(unknown.error)).not.toMatch(/pgrst_/);
    const badFn = await db.from('posts').select('username, ...rooms(id.median())');
    expect(badFn.status).toBe(400);
    expect(badFn.error?.code).toBe('PGRST100');
  });

  it('refuses two embeds under one key with 42712, as PostgREST does', async () => {
    const { error, status } = await db
      .from('best_friends')
      .select('pals!first_user(username), pals!second_user(username)')
      .limit(1)
      .single();
    expect(status).toBe(400);
    expect(error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "best_friends_pals_1" specified more than once',
    });
    const aliased = await db
      .from('best_friends')
      .select('first:pals!first_user(username), second:pals!second_user(username)')
      .eq('id', 1)
      .single();
    expect(aliased.data).toEqual({ first: { username: 'supabot' }, second: { username: 'kiwicopple' } });
  });

  it('double-quotes a tsvector in CSV', async () => {
    const { data, error } = await db
      .from('pals')
      .select('username, catchphrase')
      .eq('username', 'supabot')
      .csv();
    expect(error).toBeNull();
    expect(data).toBe(`username,catchphrase\nsupabot,"'cat' 'fat'"`);
  });

  it('names an embed as the client wrote it in errors, never by an internal alias', async () => {
    const { error } = await db.from('pals').select('username, posts(nope)');
    expect(error?.code).toBe('42703');
    expect(error?.message).not.toMatch(/pgrst_/);
    expect(error?.message).toContain('posts');
  });
});
