// An upload writes its row in one statement as the uploader after the bytes are stored:
// the bucket's limits are read even when the uploader cannot see the bucket row, row-level
// security decides the insert and the upsert, and every refusal removes the bytes it had
// already received (including the temporary file).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage upload statement', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture();
    // Users may no longer read any bucket row; storage-api checks limits as its own role.
    await f.t.db.exec(`
      drop policy "buckets visible" on storage.buckets;
      insert into storage.buckets (id, name, file_size_limit, allowed_mime_types)
        values ('small', 'small', 10, array['text/*']);
      create policy "small own folder" on storage.objects for insert to authenticated
        with check (bucket_id = 'small' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
  });
  afterAll(async () => {
    await f.stop();
  });

  async function nothingStored(bucket: string, name: string) {
    const { rows } = await f.t.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      bucket,
      name,
    ]);
    expect(rows).toHaveLength(0);
    expect(filesUnder(f.fileDir).filter((p) => p.startsWith(`${bucket}/${name}/@`))).toEqual([]);
    const tmp = path.join(f.fileDir, '.tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  }

  it('uploads into a bucket whose row the uploader cannot read', async () => {
    const { data: visible } = await f.alice.storage.listBuckets();
    expect(visible).toEqual([]);
    const name = `${f.aliceId}/hidden-bucket.txt`;
    const { data, error } = await f.alice.storage.from('docs').upload(name, 'hello');
    expect(error).toBeNull();
    expect(data?.path).toBe(name);
    const { rows } = await f.t.db.query<{ owner_id: string; size: string }>(
      `select owner_id, metadata->>'size' as size from storage.objects where bucket_id = 'docs' and name = $1`,
      [name],
    );
    expect(rows).toEqual([{ owner_id: f.aliceId, size: '5' }]);
    expect(filesUnder(f.fileDir).filter((p) => p.startsWith(`docs/${name}/@`))).toHaveLength(1);
  });

  it('enforces the bucket limits it cannot see, before row-level security', async () => {
    const tooBig = `${f.aliceId}/big.txt`;
    const big = await f.alice.storage.from('small').upload(tooBig, 'more than ten bytes');
    expect(big.error).toMatchObject({ statusCode: '413' });
    await nothingStored('small', tooBig);

    const wrongType = `${f.aliceId}/data.json`;
    const typed = await f.alice.storage
      .from('small')
      .upload(wrongType, '{}', { contentType: 'application/json' });
    expect(typed.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/json is not supported',
    });
    await nothingStored('small', wrongType);

    // Bob's folder rule refuses him Alice's folder, but the type is checked first.
    const bobTyped = await f.bob.storage
      .from('small')
      .upload(wrongType, '{}', { contentType: 'application/json' });
    expect(bobTyped.error).toMatchObject({ statusCode: '415' });

    // Alice may insert into 'small' but has no SELECT policy there: an upload needs INSERT only.
    const fits = await f.alice.storage.from('small').upload(`${f.aliceId}/ok.txt`, 'tiny', {
      contentType: 'text/plain',
    });
    expect(fits.error).toBeNull();
  });

  it('refuses a missing bucket and a denied insert, keeping nothing', async () => {
    const missing = await f.alice.storage.from('no-such-bucket').upload(`${f.aliceId}/x.txt`, 'bytes');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    await nothingStored('no-such-bucket', `${f.aliceId}/x.txt`);

    const intrusion = `${f.aliceId}/from-bob.txt`;
    const denied = await f.bob.storage.from('docs').upload(intrusion, 'not yours');
    expect(denied.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    await nothingStored('docs', intrusion);
  });

  it('upserts as the caller: the owner replaces the bytes, another user is refused and changes nothing', async () => {
    const name = `${f.aliceId}/replace.txt`;
    expect((await f.alice.storage.from('docs').upload(name, 'first')).error).toBeNull();
    const second = await f.alice.storage.from('docs').upload(name, 'second!', { upsert: true });
    expect(second.error).toBeNull();
    const files = filesUnder(f.fileDir).filter((p) => p.startsWith(`docs/${name}/@`));
    expect(files).toHaveLength(1);
    const stolen = await f.bob.storage.from('docs').upload(name, 'bob was here', { upsert: true });
    expect(stolen.error).toMatchObject({ statusCode: '403' });
    expect(filesUnder(f.fileDir).filter((p) => p.startsWith(`docs/${name}/@`))).toEqual(files);
    const { data } = await f.alice.storage.from('docs').download(name);
    expect(await data?.text()).toBe('second!');
    const duplicate = await f.alice.storage.from('docs').upload(name, 'again');
    expect(duplicate.error).toMatchObject({ statusCode: '409' });
    expect(filesUnder(f.fileDir).filter((p) => p.startsWith(`docs/${name}/@`))).toEqual(files);
  });
});
