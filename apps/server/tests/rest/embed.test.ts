// Embedding through supabase-js: every relationship kind, hints, !inner, spreads,
// embedded filters/order/limit, counts, and the PGRST200/201/108/118/120 refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestClient, type RestPlatform } from './rest-platform';

let t: RestPlatform;
let db: RestClient;
beforeAll(async () => {
  t = await startRestPlatform();
  db = t.client();
});
afterAll(async () => {
  await t.stop();
});

describe('relationships', () => {
  it('embeds many-to-one as an object', async () => {
    const { data, error } = await db
      .from('messages')
      .select('id, users(username, status), channels(slug)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, users: { username: 'supabot', status: 'ONLINE' }, channels: { slug: 'public' } },
      { id: 2, users: { username: 'supabot', status: 'ONLINE' }, channels: { slug: 'random' } },
      { id: 3, users: { username: 'supabot', status: 'ONLINE' }, channels: { slug: 'random' } },
    ]);
  });

  it('embeds one-to-many as an array, empty when nothing matches', async () => {
    const { data } = await db.from('channels').select('slug, messages(id)').order('id');
    expect(data).toEqual([
      { slug: 'public', messages: [{ id: 1 }] },
      { slug: 'random', messages: [{ id: 2 }, { id: 3 }] },
    ]);
  });

  it('embeds one-to-one as an object or null', async () => {
    const { data } = await db
      .from('users')
      .select('username, profiles(bio)')
      .in('username', ['supabot', 'awailas']);
    expect(data).toEqual([
      { username: 'supabot', profiles: { bio: 'I am a bot' } },
      { username: 'awailas', profiles: null },
    ]);
    const back = await db.from('profiles').select('bio, users(status)');
    expect(back.data).toEqual([{ bio: 'I am a bot', users: { status: 'ONLINE' } }]);
  });

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await db.from('actors').select('name, films(title)').order('id');
    expect(data).toEqual([
      { name: 'Ann', films: [{ title: 'Alpha' }] },
      { name: 'Bo', films: [{ title: 'Alpha' }, { title: 'Beta' }] },
      { name: 'Cy', films: [] },
    ]);
  });

  it('embeds through a simple view', async () => {
    const { data, error } = await db
      .from('active_users')
      .select('username, messages(id)')
      .eq('username', 'supabot');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'supabot', messages: [{ id: 1 }, { id: 2 }, { id: 3 }] }]);
  });

  it('embeds computed relationships (functions of the parent row)', async () => {
    const many = await db.from('users').select('username, recent_messages(id)').eq('username', 'supabot');
    expect(many.error).toBeNull();
    expect(many.data).toEqual([{ username: 'supabot', recent_messages: [{ id: 3 }, { id: 2 }] }]);
    const one = await db.from('messages').select('id, author(username)').eq('id', 1);
    expect(one.data).toEqual([{ id: 1, author: { username: 'supabot' } }]);
  });

  it('nests embeds and aliases them', async () => {
    const { data } = await db
      .from('channels')
      .select('slug, posts:messages(id, author:users(username, profile:profiles(bio)))')
      .eq('slug', 'public');
    expect(data).toEqual([
      { slug: 'public', posts: [{ id: 1, author: { username: 'supabot', profile: { bio: 'I am a bot' } } }] },
    ]);
  });
});

describe('hints and ambiguity', () => {
  it('refuses an ambiguous embed with PGRST201 and the candidates', async () => {
    const { error, status } = await db.from('orders').select('*, addresses(*)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'orders with addresses',
          relationship: 'orders_billing_address_id_fkey using orders(billing_address_id) and addresses(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'orders with addresses',
          relationship: 'orders_shipping_address_id_fkey using orders(shipping_address_id) and addresses(id)',
        },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!orders_billing_address_id_fkey', 'addresses!orders_shipping_address_id_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'orders' and 'addresses'",
    });
  });

  it('resolves with a constraint or column hint', async () => {
    const { data } = await db
      .from('orders')
      .select(
        'id, billing:addresses!orders_billing_address_id_fkey(street), shipping:addresses!shipping_address_id(street)',
      )
      .order('id');
    expect(data).toEqual([
      { id: 1, billing: { street: 'Nørregade 1' }, shipping: { street: 'Vestergade 2' } },
      { id: 2, billing: { street: 'Vestergade 2' }, shipping: { street: 'Vestergade 2' } },
      { id: 3, billing: null, shipping: null },
    ]);
  });

  it('embeds a self-reference in both directions, as PostgREST names them', async () => {
    // The key column as the embed's name is the referenced row; the table hinted by the key
    // column is the rows pointing here (decision 1083).
    const { data, error } = await db
      .from('employees')
      .select('name, manager:manager_id(name), reports:employees!manager_id(name)')
      .eq('id', 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Mid', manager: { name: 'Boss' }, reports: [{ name: 'Low' }] }]);
  });

  it('refuses a missing relationship with PGRST200', async () => {
    const { error, status } = await db.from('films').select('*, channels(*)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'films' and 'channels' in the schema 'rest_test', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'films' and 'channels' in the schema cache",
    });
    const hinted = await db.from('messages').select('*, users!nope(*)');
    expect(hinted.error?.details).toBe(
      "Searched for a foreign key relationship between 'messages' and 'users' using the hint 'nope' in the schema 'rest_test', but no matches were found.",
    );
  });
});

describe('join types and embedded modifiers', () => {
  it('drops parents without a match with !inner and embedded filters', async () => {
    const { data } = await db.from('channels').select('slug, messages!inner(id)').eq('messages.id', 3);
    expect(data).toEqual([{ slug: 'random', messages: [{ id: 3 }] }]);
    const left = await db.from('channels').select('slug, messages(id)').eq('messages.id', 3).order('id');
    expect(left.data).toEqual([
      { slug: 'public', messages: [] },
      { slug: 'random', messages: [{ id: 3 }] },
    ]);
  });

  it('filters to-one embeds with !inner', async () => {
    const { data } = await db
      .from('orders')
      .select('id, addresses!billing_address_id!inner(street)')
      .eq('addresses.street', 'Nørregade 1');
    expect(data).toEqual([{ id: 1, addresses: { street: 'Nørregade 1' } }]);
  });

  it('orders and limits embedded rows per parent', async () => {
    const { data } = await db
      .from('films')
      .select('title, actors(name)')
      .order('name', { referencedTable: 'actors', ascending: false })
      .limit(1, { referencedTable: 'actors' })
      .order('id');
    expect(data).toEqual([
      { title: 'Alpha', actors: [{ name: 'Bo' }] },
      { title: 'Beta', actors: [{ name: 'Bo' }] },
      { title: 'Gamma', actors: [] },
    ]);
  });

  it('applies or trees to embeds', async () => {
    const { data } = await db
      .from('channels')
      .select('slug, messages(id)')
      .or('id.eq.1,id.eq.3', { referencedTable: 'messages' })
      .order('id');
    expect(data).toEqual([
      { slug: 'public', messages: [{ id: 1 }] },
      { slug: 'random', messages: [{ id: 3 }] },
    ]);
  });

  it('filters parents by embed existence with is.null', async () => {
    const { data } = await db.from('users').select('username, profiles()').not('profiles', 'is', null);
    expect(data).toEqual([{ username: 'supabot' }]);
    const none = await db.from('films').select('title, actors(id)').is('actors', null);
    expect(none.data).toEqual([{ title: 'Gamma', actors: [] }]);
  });

  it('orders parents by a to-one embed column', async () => {
    const { data } = await t
      .rest('/orders?select=id,addresses!billing_address_id(street)&order=addresses(street).desc.nullslast', {
        headers: { 'Accept-Profile': 'rest_test' },
      })
      .then((r) => r.json().then((d: unknown) => ({ data: d })));
    expect(data).toEqual([
      { id: 2, addresses: { street: 'Vestergade 2' } },
      { id: 1, addresses: { street: 'Nørregade 1' } },
      { id: 3, addresses: null },
    ]);
  });

  it('refuses ordering by a to-many embed with PGRST118', async () => {
    const res = await t.rest('/channels?select=id,messages(id)&order=messages(id)', {
      headers: { 'Accept-Profile': 'rest_test' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST118');
  });

  it('spreads a to-one embed into its parent', async () => {
    const { data } = await db.from('messages').select('id, ...users(username, status)').eq('id', 1);
    expect(data).toEqual([{ id: 1, username: 'supabot', status: 'ONLINE' }]);
  });

  it('counts embedded rows', async () => {
    const { data } = await db.from('channels').select('slug, messages(count)').order('id');
    expect(data).toEqual([
      { slug: 'public', messages: [{ count: 1 }] },
      { slug: 'random', messages: [{ count: 2 }] },
    ]);
  });

  it('refuses a filter on an embed that is not selected with PGRST108', async () => {
    const { error, status } = await db.from('channels').select('slug').eq('messages.id', 1);
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'messages' is included in the 'select' query parameter.",
      message: "'messages' is not an embedded resource in this request",
    });
  });

  it('refuses other operators on an embed name with PGRST120', async () => {
    const res = await t.rest('/channels?select=slug,messages(id)&messages=eq.1', {
      headers: { 'Accept-Profile': 'rest_test' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST120');
  });

  it('refuses aggregates while they are disabled with PGRST123', async () => {
    const { error, status } = await db.from('orders').select('amount.sum()');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST123');
  });
});
