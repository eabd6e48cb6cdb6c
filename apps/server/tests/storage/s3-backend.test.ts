// The same storage-js flows with bytes in S3, against a real S3-compatible server (s3rver)
// started here: uploads small and multipart, downloads and ranges, replace, move, copy,
// remove, and refused uploads that leave nothing in the bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage on the S3 backend', () => {
  let f: StorageFixture;
  let s3server: S3rver;
  let s3: S3Client;
  let s3Dir: string;
  const bucket = 'club-storage';

  async function s3Keys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  }

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await s3server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    f = await startStorageFixture({
      STORAGE_BACKEND: 's3',
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_FILE_SIZE_LIMIT: String(40 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await f?.stop();
    s3.destroy();
    await s3server?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('uploads, reads, replaces and ranges objects kept in S3', async () => {
    const docs = f.alice.storage.from('docs');
    const path1 = `${f.aliceId}/s3/hello.txt`;
    expect((await docs.upload(path1, new Blob(['hello s3'], { type: 'text/plain' }))).error).toBeNull();
    expect(await (await docs.download(path1)).data!.text()).toBe('hello s3');
    expect(fs.readdirSync(f.fileDir)).toEqual([]);
    const keysAfterFirst = (await s3Keys()).filter((k) => k.includes('hello.txt'));
    expect(keysAfterFirst).toHaveLength(1);
    expect(keysAfterFirst[0]).toMatch(new RegExp(`^docs/${f.aliceId}/s3/hello.txt/[0-9a-f-]{36}$`));

    expect((await docs.upload(path1, 'replaced', { upsert: true })).error).toBeNull();
    expect(await (await docs.download(path1)).data!.text()).toBe('replaced');
    const keysAfterReplace = (await s3Keys()).filter((k) => k.includes('hello.txt'));
    expect(keysAfterReplace).toHaveLength(1);
    expect(keysAfterReplace[0]).not.toBe(keysAfterFirst[0]);

    const res = await fetch(`${f.t.url}/storage/v1/object/authenticated/docs/${path1}`, {
      headers: {
        apikey: f.t.anonKey,
        authorization: `Bearer ${await f.tokenFor(f.aliceId)}`,
        range: 'bytes=2-4',
      },
    });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('pla');
  });

  it('streams a large upload as a multipart upload and reads it back intact', async () => {
    const size = 20 * 1024 * 1024 + 123;
    const big = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) big[i] = i % 251;
    const bigPath = `${f.aliceId}/s3/big.bin`;
    const up = await f.alice.storage
      .from('docs')
      .upload(bigPath, big, { contentType: 'application/octet-stream' });
    expect(up.error).toBeNull();
    const down = await f.alice.storage.from('docs').download(bigPath);
    const bytes = Buffer.from(await down.data!.arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes.equals(big)).toBe(true);
    const info = await f.alice.storage.from('docs').info(bigPath);
    expect(info.data!.size).toBe(size);
  });

  it('moves, copies and removes objects in S3', async () => {
    const docs = f.alice.storage.from('docs');
    await docs.upload(`${f.aliceId}/s3/a.txt`, 'A');
    expect((await docs.move(`${f.aliceId}/s3/a.txt`, `${f.aliceId}/s3/b.txt`)).error).toBeNull();
    expect((await docs.copy(`${f.aliceId}/s3/b.txt`, `${f.aliceId}/s3/c.txt`)).error).toBeNull();
    expect(await (await docs.download(`${f.aliceId}/s3/c.txt`)).data!.text()).toBe('A');
    const keys = await s3Keys();
    expect(keys.some((k) => k.includes('/s3/a.txt/'))).toBe(false);
    expect(keys.filter((k) => k.includes('/s3/b.txt/') || k.includes('/s3/c.txt/'))).toHaveLength(2);
    const removed = await docs.remove([`${f.aliceId}/s3/b.txt`, `${f.aliceId}/s3/c.txt`]);
    expect(removed.data).toHaveLength(2);
    expect((await s3Keys()).filter((k) => k.includes('/s3/b.txt/') || k.includes('/s3/c.txt/'))).toEqual([]);
  });

  it('leaves nothing in S3 when an upload is refused', async () => {
    const before = await s3Keys();
    const fake = await f.alice.storage
      .from('images')
      .upload(`${f.aliceId}/fake.png`, Buffer.from('not an image at all'), {
        contentType: 'image/png',
      });
    expect(fake.error).toMatchObject({ statusCode: '415' });
    const tooBig = await f.alice.storage
      .from('images')
      .upload(
        `${f.aliceId}/big.png`,
        new Blob([Buffer.concat([pngBytes, Buffer.alloc(5000)])], { type: 'image/png' }),
      );
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const denied = await f.bob.storage.from('docs').upload(`${f.aliceId}/s3/nope.txt`, 'nope');
    expect(denied.error).toMatchObject({ statusCode: '403' });
    expect(await s3Keys()).toEqual(before);
  });
});
