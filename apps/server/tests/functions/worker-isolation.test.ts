// Functions run in worker threads: they see only the variables passed to them, a function
// that never yields or exhausts its heap is stopped without stopping the server, and
// requests and responses (status, headers, streamed and binary bodies) cross intact.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const secretName = 'CLUB_SERVER_ONLY_SECRET';

describe('function isolation', () => {
  let t: TestPlatform;
  let auth: Record<string, string>;
  beforeAll(async () => {
    process.env[secretName] = 'the server keeps this to itself';
    t = await startTestPlatform({
      FUNCTIONS_DIR: fixtures,
      FUNCTIONS_TIMEOUT_MS: '2000',
      FUNCTIONS_MEMORY_MB: '64',
      FUNCTIONS_MAX_WORKERS: '2',
      FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
      STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-isolation-storage'),
    });
    auth = { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` };
  });
  afterAll(async () => {
    delete process.env[secretName];
    await t.stop();
  });

  it('gives a function only the variables passed to it, not the server environment', async () => {
    expect(process.env[secretName]).toBeDefined();
    const { data, error } = await t.client().functions.invoke('reads-secrets', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toEqual({
      processEnvNames: [
        'EXTRA',
        'GREETING',
        'SMTP_URL',
        'SUPABASE_ANON_KEY',
        'SUPABASE_SERVICE_ROLE_KEY',
        'SUPABASE_URL',
      ],
      serverSecret: null,
      denoServerSecret: null,
      greeting: 'hej med dig',
    });
  });

  it('stops a function that never yields at the time limit while other requests are served', async () => {
    const started = Date.now();
    const spinning = t.client().functions.invoke('spins');
    // The server's own event loop stays free: a health check and another function answer meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`${t.url}/health`);
    expect(health.status).toBe(200);
    const echo = await t.client().functions.invoke('echo', { body: { during: 'spin' } });
    expect(echo.error).toBeNull();
    expect((echo.data as { body: string }).body).toBe('{"during":"spin"}');
    const spinDone = Date.now();
    const { data, error } = await spinning;
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(546);
    expect(res.headers.get('x-relay-error')).toBe('true');
    expect(await res.json()).toMatchObject({ code: 'WORKER_LIMIT' });
    expect(spinDone).toBeLessThan(Date.now());
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('runs at most FUNCTIONS_MAX_WORKERS invocations at once; the next waits for a free worker', async () => {
    const started = Date.now();
    // Two streaming answers of 20 chunks, 50 ms apart: once each has sent its first chunk,
    // both workers are busy for at least another 0.9 s.
    const streams = await Promise.all(
      [0, 1].map(() => fetch(`${t.url}/functions/v1/stream?chunks=20`, { headers: auth })),
    );
    const readers = streams.map((res) => res.body!.getReader());
    for (const reader of readers) expect((await reader.read()).done).toBe(false);
    const queued = t.client().functions.invoke('echo', { body: 'queued' });
    const texts = await Promise.all(
      readers.map(async (reader) => {
        let text = '';
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          text += new TextDecoder().decode(chunk.value);
        }
        return text;
      }),
    );
    const { data, error } = await queued;
    const answeredAfter = Date.now() - started;
    expect(error).toBeNull();
    expect((data as { body: string }).body).toBe('queued');
    expect(answeredAfter).toBeGreaterThanOrEqual(1000);
    for (const text of texts) expect(text).toContain('chunk 19 at');
  });

  it('stops a function that exceeds its memory limit', async () => {
    const { error } = await t.client().functions.invoke('hungry');
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(546);
    expect(await res.json()).toEqual({
      code: 'WORKER_LIMIT',
      message: 'Function exceeded its memory limit (please check logs)',
    });
    const after = await t.client().functions.invoke('echo', { body: 'still here' });
    expect((after.data as { body: string }).body).toBe('still here');
  });

  it('streams a response with its status and headers, chunk by chunk', async () => {
    const res = await fetch(`${t.url}/functions/v1/stream?chunks=5`, { headers: auth });
    expect(res.status).toBe(207);
    expect(res.headers.get('x-stream')).toBe('yes');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let firstArrivedAt = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstArrivedAt === 0) firstArrivedAt = Date.now();
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.trim().split('\n');
    expect(lines.map((l) => l.split(' at ')[0])).toEqual([
      'chunk 0',
      'chunk 1',
      'chunk 2',
      'chunk 3',
      'chunk 4',
    ]);
    const lastMadeAt = Number(lines[4]!.split(' at ')[1]);
    expect(firstArrivedAt).toBeLessThan(lastMadeAt);
  });

  it('round-trips binary and JSON bodies and null-body statuses', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const res = await fetch(`${t.url}/functions/v1/stream`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(res.status).toBe(202);
    const back = Buffer.from(await res.arrayBuffer());
    expect(back.equals(bytes)).toBe(true);
    expect(res.headers.get('x-digest')).toBe(createHash('sha256').update(bytes).digest('hex'));

    const viaClient = await t
      .client()
      .functions.invoke('stream', { body: new Blob([bytes.subarray(0, 1000)]) });
    expect(viaClient.error).toBeNull();
    expect(Buffer.from(await (viaClient.data as Blob).arrayBuffer()).equals(bytes.subarray(0, 1000))).toBe(
      true,
    );

    const json = await t.client().functions.invoke('echo', { body: { å: 'ø', n: [1, 2] } });
    expect((json.data as { body: string }).body).toBe('{"å":"ø","n":[1,2]}');

    const deleted = await fetch(`${t.url}/functions/v1/stream`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('x-deleted')).toBe('yes');
    expect(await deleted.text()).toBe('');
  });

  it('reuses a warm worker for the next call and boots another for a call made while it is busy', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await t.client().functions.invoke('warm');
      counts.push((data as { calls: number }).calls);
    }
    expect(counts).toEqual([1, 2, 3]);
    // A call made while that worker is still answering needs a second worker, which starts
    // with fresh module state; the held answer is read to its end afterwards.
    const held = await fetch(`${t.url}/functions/v1/warm?hold`, { headers: auth });
    const reader = held.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('calls 4\n');
    const meanwhile = await t.client().functions.invoke('warm');
    expect((meanwhile.data as { calls: number }).calls).toBe(1);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('done\n');
  });
});
