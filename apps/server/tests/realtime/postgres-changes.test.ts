import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import type { TestPlatform } from '../support/test-platform';
import { protocolVersions, sleep, subscribe, waitFor } from './support/channel-events';
import { changesSuite, type Change } from './support/changes-suite';

const schema = `
  create table public.rt_open (id int primary key, label text, n numeric, flags int[], doc jsonb, at timestamptz);
  create table public.rt_notes (
    id bigint generated always as identity primary key,
    owner uuid not null,
    body text
  );
  alter table public.rt_notes enable row level security;
  create policy rt_notes_own on public.rt_notes for select to authenticated using (owner = auth.uid());
  create table public.rt_later (id int primary key, v text);
  alter publication supabase_realtime add table public.rt_open, public.rt_notes;
`;

describe.each(protocolVersions)('postgres_changes over protocol %s', (vsn) => {
  const suite = changesSuite(vsn, schema, 'delete from public.rt_open; delete from public.rt_notes;');
  const { client, collect } = suite;
  let t: TestPlatform;
  const userA = crypto.randomUUID();
  const userB = crypto.randomUUID();

  const tokenFor = (sub: string, seconds = 3600) =>
    signJwt(t.platform.keys, { sub, role: 'authenticated', aud: 'authenticated' }, seconds);

  beforeAll(() => {
    t = suite.platform();
  });

  it('delivers inserts, updates and deletes with the documented payload shape', async () => {
    const c = await client();
    const { channel, got } = collect(c, 'open-all', { event: '*', schema: 'public', table: 'rt_open' });
    const system: unknown[] = [];
    channel.on('system', {}, (m) => system.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await waitFor(() => system.length > 0, 'system message');
    expect(system[0]).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    });

    await t.db.query(
      `insert into public.rt_open values (1, 'one', 12.5, '{1,2}', '{"a":1}', '2026-01-02T03:04:05Z')`,
    );
    await t.db.query(`update public.rt_open set label = 'uno' where id = 1`);
    await t.db.query(`delete from public.rt_open where id = 1`);
    await waitFor(() => got.length === 3, 'three changes');

    const [ins, upd, del] = got as [Change, Change, Change];
    expect(ins).toMatchObject({
      schema: 'public',
      table: 'rt_open',
      eventType: 'INSERT',
      new: { id: 1, label: 'one', n: 12.5, flags: [1, 2], doc: { a: 1 } },
      old: {},
      errors: null,
    });
    expect(ins.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(String((ins.new as Record<string, unknown>).at)).toMatch(/^2026-01-02T03:04:05/);
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id: 1, label: 'uno' }, old: { id: 1 } });
    expect(Object.keys(upd.old)).toEqual(['id']);
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: 1 } });
  });

  it('sends the whole old row with replica identity full', async () => {
    await t.db.exec('alter table public.rt_open replica identity full');
    try {
      const c = await client();
      const { channel, got } = collect(c, 'open-full', {
        event: 'UPDATE',
        schema: 'public',
        table: 'rt_open',
      });
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      await t.db.query(`insert into public.rt_open (id, label) values (2, 'before')`);
      await t.db.query(`update public.rt_open set label = 'after' where id = 2`);
      await waitFor(() => got.length === 1, 'update');
      expect(got[0]).toMatchObject({
        eventType: 'UPDATE',
        new: { label: 'after' },
        old: { id: 2, label: 'before' },
      });
    } finally {
      await t.db.exec('alter table public.rt_open replica identity default');
    }
  });

  it('applies eq, neq, lt, gte and in filters and per-event bindings', async () => {
    const c = await client();
    const seen: Record<string, number[]> = { eq: [], neq: [], lt: [], gte: [], in: [], insertOnly: [] };
    const push = (k: string) => (p: Change) =>
      seen[k]!.push(Number((p.new as { id?: number }).id ?? (p.old as { id?: number }).id));
    const channel = c
      .channel('filters')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'id=eq.2' },
        push('eq'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'label=neq.skip' },
        push('neq'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'n=lt.10' },
        push('lt'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'id=gte.3' },
        push('gte'),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'label=in.(a,"b,c")' },
        push('in'),
      )
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_open' }, push('insertOnly'));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await t.db.query(
      `insert into public.rt_open (id, label, n) values (1, 'a', 5), (2, 'skip', 50), (3, 'b,c', 9), (4, 'd', 10)`,
    );
    await t.db.query(`update public.rt_open set label = 'x' where id = 1`);
    await waitFor(() => seen.insertOnly!.length === 4, 'all inserts');
    await sleep(100);
    expect(seen).toEqual({
      eq: [2],
      neq: [1, 3, 4],
      lt: [1, 3],
      gte: [3, 4],
      in: [1, 3],
      insertOnly: [1, 2, 3, 4],
    });
  });

  it('shows a subscriber only the rows RLS lets it select', async () => {
    const a = await client(await tokenFor(userA));
    const b = await client(await tokenFor(userB));
    const anon = await client();
    const filter = { event: '*', schema: 'public', table: 'rt_notes' };
    const fromA = collect(a, 'notes', filter);
    const fromB = collect(b, 'notes', filter);
    const fromAnon = collect(anon, 'notes', filter);
    for (const x of [fromA, fromB, fromAnon]) expect((await subscribe(x.channel)).status).toBe('SUBSCRIBED');

    await t.db.query('insert into public.rt_notes (owner, body) values ($1, $2), ($3, $4)', [
      userA,
      'for a',
      userB,
      'for b',
    ]);
    await waitFor(() => fromA.got.length === 1 && fromB.got.length === 1, 'one insert each');
    await sleep(150);
    expect(fromA.got.map((c) => (c.new as { body: string }).body)).toEqual(['for a']);
    expect(fromB.got.map((c) => (c.new as { body: string }).body)).toEqual(['for b']);
    expect(fromAnon.got).toEqual([]);

    // An update that moves the row away from A is no longer A's to see.
    await t.db.query('update public.rt_notes set owner = $1 where body = $2', [userB, 'for a']);
    await waitFor(() => fromB.got.length === 2, 'b sees the moved row');
    await sleep(150);
    expect(fromA.got).toHaveLength(1);

    // Deletes carry only the primary key on RLS tables.
    await t.db.query('delete from public.rt_notes where body = $1', ['for b']);
    await waitFor(() => fromB.got.length === 3, 'delete at b');
    expect(fromB.got[2]).toMatchObject({ eventType: 'DELETE', new: {} });
    expect(Object.keys(fromB.got[2]!.old)).toEqual(['id']);
  });

  it('keeps delivering to other subscribers when the policy fails for one of them', async () => {
    await t.db.exec(`
      create table if not exists public.rt_fragile (id int primary key, v text);
      alter table public.rt_fragile enable row level security;
      create policy rt_fragile_read on public.rt_fragile for select to authenticated
        using (case when auth.uid() = '${userB}' then (1 / (id - id)) = 1 else true end);
      do $$ begin
        if not exists (select 1 from pg_publication_tables where tablename = 'rt_fragile') then
          alter publication supabase_realtime add table public.rt_fragile;
        end if;
      end $$;
    `);
    const filter = { event: 'INSERT', schema: 'public', table: 'rt_fragile' };
    const fromB = collect(await client(await tokenFor(userB)), 'fragile', filter);
    const fromA = collect(await client(await tokenFor(userA)), 'fragile', filter);
    for (const x of [fromB, fromA]) expect((await subscribe(x.channel)).status).toBe('SUBSCRIBED');
    await t.db.query(`insert into public.rt_fragile values (1, 'seen by a')`);
    await waitFor(() => fromA.got.length === 1, 'a gets the row');
    await sleep(150);
    expect(fromB.got).toEqual([]);
    await t.db.exec('delete from public.rt_fragile');
  });

  it('delivers changes larger than the NOTIFY limit', async () => {
    const c = await client();
    const { channel, got } = collect(c, 'big', { event: 'INSERT', schema: 'public', table: 'rt_open' });
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    const label = 'ø'.repeat(20_000);
    await t.db.query('insert into public.rt_open (id, label) values (10, $1)', [label]);
    await waitFor(() => got.length === 1, 'large insert');
    expect((got[0]!.new as { label: string }).label).toBe(label);
  });

  it('follows the publication: tables produce changes only while published', async () => {
    const c = await client();
    const { channel, got } = collect(c, 'later', { event: 'INSERT', schema: 'public', table: 'rt_later' });
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await t.db.query(`insert into public.rt_later values (1, 'unpublished')`);
    await sleep(200);
    expect(got).toEqual([]);
    const triggers = () =>
      t.db.query<{ n: string }>(
        `select count(*)::text as n from pg_trigger where tgrelid = 'public.rt_later'::regclass and tgname = 'realtime_capture'`,
      );
    expect((await triggers()).rows[0]!.n).toBe('0');

    await t.db.exec('alter publication supabase_realtime add table public.rt_later');
    expect((await triggers()).rows[0]!.n).toBe('1');
    await t.db.query(`insert into public.rt_later values (2, 'published')`);
    await waitFor(() => got.length === 1, 'published insert');
    expect(got[0]!.new).toEqual({ id: 2, v: 'published' });

    await t.db.exec('alter publication supabase_realtime drop table public.rt_later');
    expect((await triggers()).rows[0]!.n).toBe('0');
    await t.db.query(`insert into public.rt_later values (3, 'gone again')`);
    await sleep(200);
    expect(got).toHaveLength(1);
  });

  it('captures nothing for a published table until someone subscribes to it', async () => {
    await t.db.exec(`
      create table public.rt_quiet (id int primary key);
      alter publication supabase_realtime add table public.rt_quiet;
    `);
    const notices: string[] = [];
    const unlisten = await t.db.listen('realtime_changes', (raw) => {
      if (raw.includes('"rt_quiet"')) notices.push(raw);
    });
    try {
      await t.db.query('insert into public.rt_quiet values (1)');
      await sleep(150);
      expect(notices).toEqual([]);

      const c = await client();
      const { channel, got } = collect(c, 'quiet', { event: 'INSERT', schema: 'public', table: 'rt_quiet' });
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      await t.db.query('insert into public.rt_quiet values (2)');
      await waitFor(() => got.length === 1 && notices.length === 1, 'captured while watched');

      await c.removeAllChannels();
      await sleep(200);
      await t.db.query('insert into public.rt_quiet values (3)');
      await sleep(150);
      expect(notices).toHaveLength(1);
    } finally {
      await unlisten();
      await t.db.exec(
        'alter publication supabase_realtime drop table public.rt_quiet; drop table public.rt_quiet;',
      );
    }
  });

  it("gives every table in the publication the capture trigger, the app migrations' tables too", async () => {
    const missing = await t.db.query<{ table: string }>(`
      select format('%I.%I', pt.schemaname, pt.tablename) as table
      from pg_publication_tables pt
      where pt.pubname = 'supabase_realtime'
        and not exists (select 1 from pg_trigger tg
                        where tg.tgrelid = format('%I.%I', pt.schemaname, pt.tablename)::regclass
                          and tg.tgname = 'realtime_capture')`);
    expect(missing.rows).toEqual([]);
    const published = await t.db.query(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime'`,
    );
    expect(published.rows.length).toBeGreaterThanOrEqual(2);
  });

  it('reports a subscription on a missing column as a system error but stays subscribed', async () => {
    const c = await client();
    const system: { status: string; message: string }[] = [];
    const channel = c
      .channel('bad-filter')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter: 'nope=eq.1' },
        () => undefined,
      )
      .on('system', {}, (m: { status: string; message: string }) => system.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await waitFor(() => system.some((m) => m.status === 'error'), 'system error');
    expect(system.find((m) => m.status === 'error')!.message).toMatch(
      /^Unable to subscribe to changes with given parameters/,
    );
  });

  it.each(['id=approx.1', 'label=is.maybe'])(
    'refuses a join whose filter cannot be parsed: %s',
    async (filter) => {
      const c = await client();
      const channel = c
        .channel('unparsable')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'rt_open', filter },
          () => undefined,
        );
      const outcome = await subscribe(channel);
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toMatch(/Unable to subscribe to changes with given parameters/);
    },
  );
});
