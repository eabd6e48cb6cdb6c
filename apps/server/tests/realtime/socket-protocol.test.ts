import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { subscribe, waitFor } from './support/channel-events';

// The wire seen by a raw websocket client: frames, heartbeats, refusals and limits.
interface Raw {
  ws: WebSocket;
  frames: unknown[];
  binary: Buffer[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  next(match: (frame: unknown) => boolean, what: string): Promise<unknown>;
}

async function connect(url: string, query: string): Promise<Raw> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
  const frames: unknown[] = [];
  const binary: Buffer[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) binary.push(data as Buffer);
    else frames.push(JSON.parse(String(data)));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    binary,
    closed,
    send: (frame) =>
      ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame)),
    async next(match, what) {
      await waitFor(() => frames.some(match), what);
      return frames.find(match);
    },
  };
}

function upgradeStatus(url: string, query: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', () => undefined);
  });
}

/** A v2 "user broadcast push" frame (kind 3). */
function userBroadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  payload: Buffer,
  json: boolean,
) {
  const parts = [joinRef, ref, topic, event, ''].map((s) => Buffer.from(s));
  const header = Buffer.from([3, ...parts.map((p) => p.length), json ? 1 : 0]);
  return Buffer.concat([header, ...parts, payload]);
}

describe('realtime socket protocol', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({
      REALTIME_MAX_CHANNELS_PER_SOCKET: '3',
      REALTIME_MAX_EVENTS_PER_SECOND: '20',
      REALTIME_MAX_JOINS_PER_SECOND: '5',
      REALTIME_IDLE_TIMEOUT_MS: '1500',
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('refuses upgrades without a valid apikey or with an unknown version', async () => {
    expect(await upgradeStatus(t.url, 'vsn=1.0.0')).toEqual({
      status: 401,
      body: '{"error":"API key is missing"}',
    });
    expect(await upgradeStatus(t.url, 'apikey=nonsense&vsn=1.0.0')).toEqual({
      status: 401,
      body: '{"error":"The token provided is not a valid JWT"}',
    });
    expect((await upgradeStatus(t.url, `apikey=${t.anonKey}&vsn=9.0.0`)).status).toBe(400);
  });

  it('answers heartbeats and joins in 1.0.0 object frames', async () => {
    const raw = await connect(t.url, `apikey=${t.anonKey}&vsn=1.0.0`);
    raw.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null });
    expect(await raw.next((f) => (f as { ref?: string }).ref === '7', 'heartbeat reply')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '7',
      join_ref: null,
    });
    raw.send({ topic: 'realtime:r1', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' });
    expect(await raw.next((f) => (f as { ref?: string }).ref === '1', 'join reply')).toEqual({
      topic: 'realtime:r1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
      join_ref: '1',
    });
    raw.send({
      topic: 'realtime:nowhere',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'x', payload: {} },
      ref: '2',
      join_ref: '9',
    });
    expect(await raw.next((f) => (f as { ref?: string }).ref === '2', 'unmatched reply')).toMatchObject({
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });
    raw.ws.close();
  });

  it('speaks 2.0.0 arrays and binary broadcasts, echoing postgres_changes with ids', async () => {
    const a = await connect(t.url, `apikey=${t.anonKey}&vsn=2.0.0`);
    const b = await connect(t.url, `apikey=${t.anonKey}&vsn=2.0.0`);
    const binding = { event: '*', schema: 'public', table: 'events', filter: 'id=eq.5' };
    a.send([
      '1',
      '1',
      'realtime:bin',
      'phx_join',
      { config: { broadcast: { self: false }, postgres_changes: [binding] } },
    ]);
    b.send(['1', '1', 'realtime:bin', 'phx_join', { config: {} }]);
    const reply = (await a.next((f) => Array.isArray(f) && f[1] === '1', 'v2 join reply')) as unknown[];
    expect(reply.slice(0, 4)).toEqual(['1', '1', 'realtime:bin', 'phx_reply']);
    const response = (reply[4] as { response: { postgres_changes: Record<string, unknown>[] } }).response;
    expect(response.postgres_changes).toEqual([{ ...binding, id: expect.any(Number) }]);
    await b.next((f) => Array.isArray(f) && f[1] === '1', 'b joined');

    a.send(userBroadcastPush('1', '2', 'realtime:bin', 'bytes', Buffer.from([0, 1, 2, 255]), false));
    await waitFor(() => b.binary.length === 1, 'binary delivery');
    const frame = b.binary[0]!;
    expect(frame[0]).toBe(4);
    const topic = frame.subarray(5, 5 + frame[1]!).toString();
    const event = frame.subarray(5 + frame[1]!, 5 + frame[1]! + frame[2]!).toString();
    expect([topic, event, frame[4]]).toEqual(['realtime:bin', 'bytes', 0]);
    expect([...frame.subarray(5 + frame[1]! + frame[2]! + frame[3]!)]).toEqual([0, 1, 2, 255]);

    a.send(userBroadcastPush('1', '3', 'realtime:bin', 'json', Buffer.from('{"n":1}'), true));
    const json = await b.next((f) => Array.isArray(f) && f[3] === 'broadcast', 'json broadcast');
    expect(json).toEqual([
      null,
      null,
      'realtime:bin',
      'broadcast',
      { type: 'broadcast', event: 'json', payload: { n: 1 } },
    ]);
    a.ws.close();
    b.ws.close();
  });

  it('closes only the socket that sent a malformed frame', async () => {
    const healthy = t.client({ realtime: { heartbeatIntervalMs: 500 } as never });
    const channel = healthy.channel('still-here');
    const got: unknown[] = [];
    channel.on('broadcast', { event: '*' }, (m) => got.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');

    for (const [vsn, garbage] of [
      ['1.0.0', '{not json'],
      ['1.0.0', '[1,2,3]'],
      ['2.0.0', '{"topic":"x"}'],
      ['2.0.0', Buffer.from([3, 200, 0, 0, 0, 0, 1])],
      ['1.0.0', Buffer.from([3, 0, 0, 0, 0, 0, 1])],
    ] as const) {
      const bad = await connect(t.url, `apikey=${t.anonKey}&vsn=${vsn}`);
      bad.send(garbage);
      expect((await bad.closed).code).toBe(1007);
    }

    const senderClient = t.client({ realtime: { heartbeatIntervalMs: 500 } as never });
    const sender = senderClient.channel('still-here');
    expect((await subscribe(sender)).status).toBe('SUBSCRIBED');
    await sender.send({ type: 'broadcast', event: 'alive', payload: {} });
    await waitFor(() => got.length === 1, 'delivery after the bad sockets');
    await healthy.removeAllChannels();
    await senderClient.removeAllChannels();
  });

  it('limits channels per socket and messages per second', async () => {
    const raw = await connect(t.url, `apikey=${t.anonKey}&vsn=1.0.0`);
    for (let i = 1; i <= 4; i++) {
      raw.send({
        topic: `realtime:c${i}`,
        event: 'phx_join',
        payload: { config: {} },
        ref: `j${i}`,
        join_ref: `j${i}`,
      });
    }
    expect(await raw.next((f) => (f as { ref?: string }).ref === 'j4', 'fourth join')).toMatchObject({
      payload: { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } },
    });
    await raw.next((f) => (f as { ref?: string }).ref === 'j3', 'third join');
    for (let i = 0; i < 25; i++) {
      raw.send({
        topic: 'realtime:c1',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'e', payload: { i } },
        ref: `b${i}`,
        join_ref: 'j1',
      });
    }
    expect(await raw.next((f) => (f as { ref?: string }).ref === 'b24', 'limited broadcast')).toMatchObject({
      payload: { status: 'error', response: { reason: 'RateLimitReached: Too many messages per second' } },
    });
    // The socket stays usable.
    raw.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: 'hb', join_ref: null });
    await raw.next((f) => (f as { ref?: string }).ref === 'hb', 'heartbeat after limit');
    raw.ws.close();
  });

  it('limits joins per second on one socket', async () => {
    const raw = await connect(t.url, `apikey=${t.anonKey}&vsn=1.0.0`);
    for (let i = 1; i <= 6; i++) {
      // Joining the same topic again replaces the channel, so only the rate counts here.
      raw.send({
        topic: 'realtime:again',
        event: 'phx_join',
        payload: { config: {} },
        ref: `j${i}`,
        join_ref: `j${i}`,
      });
    }
    expect(await raw.next((f) => (f as { ref?: string }).ref === 'j6', 'sixth join')).toMatchObject({
      payload: {
        status: 'error',
        response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
      },
    });
    expect(
      raw.frames.filter((f) => (f as { payload?: { status?: string } }).payload?.status === 'ok'),
    ).toHaveLength(5);
    raw.ws.close();
  });

  it('closes a socket that stops sending heartbeats, and keeps one that sends them', async () => {
    const silent = await connect(t.url, `apikey=${t.anonKey}&vsn=1.0.0`);
    const beating = await connect(t.url, `apikey=${t.anonKey}&vsn=2.0.0`);
    const timer = setInterval(() => beating.send([null, 'hb', 'phoenix', 'heartbeat', {}]), 400);
    try {
      const started = Date.now();
      expect(await silent.closed).toEqual({ code: 1000, reason: 'idle timeout' });
      expect(Date.now() - started).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 1000));
      expect(beating.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(timer);
      beating.ws.close();
    }
  });

  it('accepts the opaque publishable key as the socket apikey', async () => {
    const c = createClient(t.url, t.platform.keys.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never, heartbeatIntervalMs: 500 } as never,
    });
    const channel = c.channel('with-publishable-key');
    const got: unknown[] = [];
    channel.on('broadcast', { event: '*' }, (m) => got.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await fetch(`${t.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: t.platform.keys.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'with-publishable-key', event: 'hi', payload: {} }] }),
    });
    await waitFor(() => got.length === 1, 'broadcast with the publishable key');
    await c.removeAllChannels();
  });

  it('refuses a join without a topic name', async () => {
    const raw = await connect(t.url, `apikey=${t.anonKey}&vsn=1.0.0`);
    raw.send({ topic: 'realtime:', event: 'phx_join', payload: {}, ref: '1', join_ref: '1' });
    expect(await raw.next((f) => (f as { ref?: string }).ref === '1', 'reply')).toMatchObject({
      payload: { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } },
    });
    raw.ws.close();
  });
});
