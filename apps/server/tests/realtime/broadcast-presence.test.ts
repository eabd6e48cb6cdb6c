import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { protocolVersions, sleep, statusesUntil, subscribe, waitFor } from './support/channel-events';

describe.each(protocolVersions)('broadcast and presence over protocol %s', (vsn) => {
  let t: TestPlatform;
  const clients: SupabaseClient[] = [];
  const client = (version: string = vsn) => {
    const c = t.client({ realtime: { vsn: version, heartbeatIntervalMs: 500 } as never });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.removeAllChannels();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('subscribes and delivers a broadcast to the other client but not to the sender', async () => {
    const first = client();
    expect(first.realtime.vsn).toBe(vsn);
    const a = first.channel('room-1');
    const b = client().channel('room-1');
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    a.on('broadcast', { event: 'wave' }, (m) => gotA.push(m));
    b.on('broadcast', { event: 'wave' }, (m) => gotB.push(m));
    expect((await subscribe(a)).status).toBe('SUBSCRIBED');
    expect((await subscribe(b)).status).toBe('SUBSCRIBED');

    expect(await a.send({ type: 'broadcast', event: 'wave', payload: { hello: 'world', n: 1 } })).toBe('ok');
    await waitFor(() => gotB.length === 1, 'broadcast at b');
    expect(gotB[0]).toEqual({ type: 'broadcast', event: 'wave', payload: { hello: 'world', n: 1 } });
    await sleep(100);
    expect(gotA).toEqual([]);
  });

  it('keeps topics apart and filters by event name', async () => {
    const sender = client().channel('room-2');
    const other = client().channel('room-3');
    const listener = client().channel('room-2');
    const otherGot: unknown[] = [];
    const onlyB: unknown[] = [];
    const all: unknown[] = [];
    other.on('broadcast', { event: '*' }, (m) => otherGot.push(m));
    listener
      .on('broadcast', { event: 'b' }, (m) => onlyB.push(m))
      .on('broadcast', { event: '*' }, (m) => all.push(m));
    for (const ch of [sender, other, listener]) expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    await sender.send({ type: 'broadcast', event: 'a', payload: { i: 1 } });
    await sender.send({ type: 'broadcast', event: 'b', payload: { i: 2 } });
    await waitFor(() => all.length === 2, 'both events');
    expect(onlyB).toEqual([{ type: 'broadcast', event: 'b', payload: { i: 2 } }]);
    expect(otherGot).toEqual([]);
  });

  it('echoes to the sender with self and acknowledges with ack', async () => {
    const ch = client().channel('room-self', { config: { broadcast: { self: true, ack: true } } });
    const got: unknown[] = [];
    ch.on('broadcast', { event: 'ping' }, (m) => got.push(m));
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    expect(await ch.send({ type: 'broadcast', event: 'ping', payload: { at: 1 } })).toBe('ok');
    await waitFor(() => got.length === 1, 'self delivery');
    expect(got[0]).toEqual({ type: 'broadcast', event: 'ping', payload: { at: 1 } });
  });

  it('refuses an oversized broadcast with an error reply when acks are on', async () => {
    const ch = client().channel('room-big', { config: { broadcast: { ack: true } } });
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    const big = 'x'.repeat(t.config.realtime.maxPayloadBytes + 10);
    expect(await ch.send({ type: 'broadcast', event: 'big', payload: { big } })).toBe('error');
    expect(await ch.send({ type: 'broadcast', event: 'small', payload: { ok: true } })).toBe('ok');
  });

  it('reports CLOSED after unsubscribe and stops delivery to that channel', async () => {
    const sender = client().channel('room-leave');
    const leaver = client().channel('room-leave');
    const got: unknown[] = [];
    leaver.on('broadcast', { event: '*' }, (m) => got.push(m));
    expect((await subscribe(sender)).status).toBe('SUBSCRIBED');
    const statuses = statusesUntil(leaver, 'CLOSED');
    await waitFor(() => leaver.state === 'joined', 'leaver joined');
    expect(await leaver.unsubscribe()).toBe('ok');
    expect(await statuses).toEqual(['SUBSCRIBED', 'CLOSED']);
    await sender.send({ type: 'broadcast', event: 'after', payload: {} });
    await sleep(150);
    expect(got).toEqual([]);
  });

  it('delivers REST broadcasts (httpSend and the batch endpoint) to subscribers', async () => {
    const listener = client().channel('room-rest');
    const got: unknown[] = [];
    listener.on('broadcast', { event: '*' }, (m) => got.push(m));
    expect((await subscribe(listener)).status).toBe('SUBSCRIBED');

    const sender = client().channel('room-rest');
    await expect(sender.httpSend('from-http', { n: 1 })).resolves.toEqual({ success: true });
    const res = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-rest', event: 'from-batch', payload: { n: 2 } }] }),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    await waitFor(() => got.length === 2, 'two REST broadcasts');
    expect(got).toEqual([
      { type: 'broadcast', event: 'from-http', payload: { n: 1 } },
      { type: 'broadcast', event: 'from-batch', payload: { n: 2 } },
    ]);
  });

  it('answers bad REST broadcasts with 401 and 422', async () => {
    const noKey = await fetch(`${t.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ error: 'API key is missing' });
    for (const body of ['not json', '{}', '{"messages":[{"topic":1}]}', '{"messages":"x"}']) {
      const res = await fetch(`${t.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'Invalid request body' });
    }
  });

  it('tracks presence: state on join, join and leave events, untrack', async () => {
    const alice = client().channel('lobby', { config: { presence: { key: 'alice' } } });
    const bob = client().channel('lobby', { config: { presence: { key: 'bob' } } });
    const joins: string[] = [];
    const leaves: string[] = [];
    bob
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    alice.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(alice)).status).toBe('SUBSCRIBED');
    expect(await alice.track({ name: 'Alice', online_at: 1 })).toBe('ok');

    expect((await subscribe(bob)).status).toBe('SUBSCRIBED');
    await waitFor(() => 'alice' in bob.presenceState(), 'alice in bob state');
    expect(bob.presenceState().alice).toEqual([
      expect.objectContaining({ name: 'Alice', online_at: 1, presence_ref: expect.any(String) }),
    ]);
    expect(joins).toContain('alice');

    expect(await bob.track({ name: 'Bob' })).toBe('ok');
    await waitFor(() => 'bob' in alice.presenceState(), 'bob in alice state');

    expect(await alice.untrack()).toBe('ok');
    await waitFor(() => leaves.includes('alice'), 'alice leave');
    expect(bob.presenceState().alice).toBeUndefined();

    expect(await alice.track({ name: 'Alice again' })).toBe('ok');
    await waitFor(() => bob.presenceState().alice?.length === 1, 'alice back');
    await alice.unsubscribe();
    await waitFor(() => bob.presenceState().alice === undefined, 'alice gone after leaving');
  });

  it('replaces a presence on re-track instead of adding a second one', async () => {
    const carol = client().channel('lobby-2', { config: { presence: { key: 'carol' } } });
    const watcher = client().channel('lobby-2');
    watcher.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(carol)).status).toBe('SUBSCRIBED');
    expect((await subscribe(watcher)).status).toBe('SUBSCRIBED');
    expect(await carol.track({ mood: 'happy' })).toBe('ok');
    await waitFor(() => watcher.presenceState().carol?.[0]?.['mood' as never] === 'happy', 'first track');
    expect(await carol.track({ mood: 'busy' })).toBe('ok');
    await waitFor(() => watcher.presenceState().carol?.[0]?.['mood' as never] === 'busy', 're-track');
    expect(watcher.presenceState().carol).toHaveLength(1);
  });

  // Broadcasts and presence diffs are framed once per protocol version and the same bytes
  // written to every socket: every websocket length form must reach both versions intact.
  it('delivers small, 16-bit and 64-bit length broadcasts to 1.0.0 and 2.0.0 listeners alike', async () => {
    const sender = client().channel('sizes', { config: { broadcast: { ack: true } } });
    const listeners = ['1.0.0', '2.0.0', '1.0.0', '2.0.0'].map((vsn) => {
      const got: { payload: { text: string } }[] = [];
      const channel = client(vsn)
        .channel('sizes')
        .on('broadcast', { event: 'size' }, (m) => got.push(m as never));
      return { channel, got };
    });
    for (const x of [{ channel: sender }, ...listeners]) {
      expect((await subscribe(x.channel)).status).toBe('SUBSCRIBED');
    }
    const texts = ['x', 'å'.repeat(100), 'b'.repeat(1_000), 'ø'.repeat(40_000), 'z'.repeat(150_000)];
    for (const text of texts) {
      expect(await sender.send({ type: 'broadcast', event: 'size', payload: { text } })).toBe('ok');
    }
    await waitFor(
      () => listeners.every((l) => l.got.length === texts.length),
      'every size at every listener',
    );
    for (const l of listeners) expect(l.got.map((m) => m.payload.text)).toEqual(texts);
  });

  it('sends one presence diff to listeners of both versions', async () => {
    const tracker = client().channel('lobby', { config: { presence: { key: 'ada' } } });
    const watchers = ['1.0.0', '2.0.0'].map((vsn) => {
      const joins: string[] = [];
      const channel = client(vsn)
        .channel('lobby', { config: { presence: { key: `w-${vsn}` } } })
        .on('presence', { event: 'join' }, ({ key }) => joins.push(key));
      return { channel, joins };
    });
    for (const w of watchers) expect((await subscribe(w.channel)).status).toBe('SUBSCRIBED');
    expect((await subscribe(tracker)).status).toBe('SUBSCRIBED');
    expect(await tracker.track({ at: 'desk' })).toBe('ok');
    await waitFor(() => watchers.every((w) => w.joins.includes('ada')), 'ada at both watchers');
    for (const w of watchers) {
      expect(w.channel.presenceState().ada).toEqual([expect.objectContaining({ at: 'desk' })]);
    }
  });
});
