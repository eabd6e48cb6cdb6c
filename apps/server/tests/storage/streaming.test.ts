// Uploads and downloads stream: a 200 MB object goes through without raising the
// process's memory by more than a few tens of MB, and an aborted upload leaves neither a
// row nor a partial file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, startStorageFixture, type StorageFixture } from './storage-fixture';

const mb = 1024 * 1024;

/** A body of `total` bytes made on the fly, in 256 KiB chunks, never held whole. */
function generatedBody(total: number, onChunk?: (sent: number) => void): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = Buffer.alloc(256 * 1024, 7);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      controller.enqueue(chunk.subarray(0, n));
      onChunk?.(sent);
    },
  });
}

function watchPeakRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

describe('storage streaming', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture({ STORAGE_FILE_SIZE_LIMIT: String(300 * mb) });
  });
  afterAll(async () => {
    await f.stop();
  });

  it('uploads and downloads 200 MB with bounded memory', { timeout: 180_000 }, async () => {
    const size = 200 * mb;
    const objectPath = `${f.aliceId}/large/blob.bin`;
    const baseline = process.memoryUsage().rss;
    const watch = watchPeakRss();
    const { error } = await f.alice.storage
      .from('docs')
      .upload(objectPath, generatedBody(size), { contentType: 'application/octet-stream', duplex: 'half' });
    const uploadPeak = watch.stop();
    expect(error).toBeNull();
    expect(filesUnder(f.fileDir).filter((p) => p.includes('/large/blob.bin/@'))).toHaveLength(1);
    const info = await f.alice.storage.from('docs').info(objectPath);
    expect(info.data!.size).toBe(size);
    expect(uploadPeak - baseline).toBeLessThan(64 * mb);

    const downloadBaseline = process.memoryUsage().rss;
    const downloadWatch = watchPeakRss();
    const res = await fetch(`${f.t.url}/storage/v1/object/authenticated/docs/${objectPath}`, {
      headers: { apikey: f.t.anonKey, authorization: `Bearer ${await f.tokenFor(f.aliceId)}` },
    });
    expect(res.headers.get('content-length')).toBe(String(size));
    let received = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    const downloadPeak = downloadWatch.stop();
    expect(received).toBe(size);
    expect(downloadPeak - downloadBaseline).toBeLessThan(64 * mb);
  });

  it(
    'leaves neither a row nor a partial file when the client aborts an upload',
    { timeout: 60_000 },
    async () => {
      const objectPath = `${f.aliceId}/large/aborted.bin`;
      const controller = new AbortController();
      const body = generatedBody(100 * mb, (sent) => {
        if (sent >= 8 * mb) controller.abort();
      });
      const attempt = await fetch(`${f.t.url}/storage/v1/object/docs/${objectPath}`, {
        method: 'POST',
        headers: {
          apikey: f.t.anonKey,
          authorization: `Bearer ${await f.tokenFor(f.aliceId)}`,
          'content-type': 'application/octet-stream',
        },
        body,
        signal: controller.signal,
        duplex: 'half',
      } as RequestInit).catch((error: unknown) => error);
      expect(attempt).toBeInstanceOf(Error);
      // the server notices the broken connection asynchronously
      const deadline = Date.now() + 10_000;
      let leftovers: string[] = [];
      while (Date.now() < deadline) {
        const tmp = path.join(f.fileDir, '.tmp');
        leftovers = [
          ...filesUnder(f.fileDir).filter((p) => p.includes('aborted')),
          ...(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []),
        ];
        if (leftovers.length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(leftovers).toEqual([]);
      const { rows } = await f.t.db.query('select 1 from storage.objects where name = $1', [objectPath]);
      expect(rows).toHaveLength(0);
    },
  );
});
