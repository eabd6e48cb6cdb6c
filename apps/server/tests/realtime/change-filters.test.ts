import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../support/test-platform';
import { protocolVersions, sleep, subscribe, waitFor } from './support/channel-events';
import { changesSuite, type Change } from './support/changes-suite';

// The filter operators newer realtime servers accept beyond eq/neq/lt/lte/gt/gte/in, and the
// `select` column list of a subscription.
const schema = `
  create table public.rt_open (id int primary key, label text, n numeric, flags int[], doc jsonb, at timestamptz);
  alter publication supabase_realtime add table public.rt_open;
`;

describe.each(protocolVersions)('postgres_changes filters and column lists over protocol %s', (vsn) => {
  const suite = changesSuite(vsn, schema, 'delete from public.rt_open');
  const { client, collect } = suite;
  let t: TestPlatform;
  beforeAll(() => {
    t = suite.platform();
  });

  it('applies like, ilike, match, is, isdistinct, not. and several conditions at once', async () => {
    const c = await client();
    const filters: Record<string, string> = {
      like: 'label=like.b%',
      ilike: 'label=ilike.A%',
      match: 'label=match.^[ab]$',
      isNull: 'label=is.null',
      notIsNull: 'label=not.is.null',
      isDistinct: 'n=isdistinct.5',
      notIn: 'id=not.in.(1,2)',
      both: 'id=gt.1,label=neq.Bd',
      quotedComma: 'label=eq."b,c"',
    };
    const seen: Record<string, number[]> = Object.fromEntries(Object.keys(filters).map((k) => [k, []]));
    let channel = c.channel('more-filters');
    for (const [name, filter] of Object.entries(filters)) {
      channel = channel.on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', filter },
        (p: Change) => seen[name]!.push(Number((p.new as { id: number }).id)),
      );
    }
    const all: number[] = [];
    channel = channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'rt_open' },
      (p: Change) => all.push(Number((p.new as { id: number }).id)),
    );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await t.db.query(
      `insert into public.rt_open (id, label, n) values (1, 'a', 5), (2, null, 50), (3, 'b,c', 9), (4, 'Bd', null), (5, 'b', 7)`,
    );
    await waitFor(() => all.length === 5, 'all inserts');
    await sleep(100);
    expect(seen).toEqual({
      like: [3, 5],
      ilike: [1],
      match: [1, 5],
      isNull: [2],
      notIsNull: [1, 3, 4, 5],
      isDistinct: [2, 3, 4, 5],
      notIn: [3, 4, 5],
      both: [3, 5],
      quotedComma: [3],
    });
  });

  it('carries only the selected columns when a subscription lists them, and refuses unknown ones', async () => {
    const c = await client();
    const narrow = collect(c, 'selected', {
      event: '*',
      schema: 'public',
      table: 'rt_open',
      select: ['id', 'label'],
    } as never);
    const whole = collect(c, 'unselected', { event: '*', schema: 'public', table: 'rt_open' });
    for (const x of [narrow, whole]) expect((await subscribe(x.channel)).status).toBe('SUBSCRIBED');
    await t.db.query(`insert into public.rt_open (id, label, n, doc) values (7, 'seven', 7.5, '{"a":1}')`);
    await t.db.query(`update public.rt_open set n = 8 where id = 7`);
    await waitFor(() => narrow.got.length === 2 && whole.got.length === 2, 'insert and update at both');
    expect(narrow.got[0]!.new).toEqual({ id: 7, label: 'seven' });
    expect(narrow.got[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id: 7, label: 'seven' },
      old: { id: 7 },
    });
    expect(Object.keys(whole.got[0]!.new).sort()).toEqual(['at', 'doc', 'flags', 'id', 'label', 'n']);

    const system: { status: string; message: string }[] = [];
    const unknown = c
      .channel('selected-unknown')
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'rt_open', select: ['id', 'nope'] } as never,
        () => undefined,
      )
      .on('system', {}, (m: { status: string; message: string }) => system.push(m));
    expect((await subscribe(unknown)).status).toBe('SUBSCRIBED');
    await waitFor(() => system.some((m) => m.status === 'error'), 'system error');
    expect(system.find((m) => m.status === 'error')!.message).toMatch(/column "nope" does not exist/);
  });
});
