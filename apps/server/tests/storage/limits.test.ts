// Bucket limits: file_size_limit and allowed_mime_types, the global limit, and the
// per-bucket content check that refuses a text file declared as an image (decision 0841),
// on for the product's image buckets and off elsewhere as upstream. Refused uploads leave
// neither a row nor bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, pngBytes, startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage upload limits', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture({ STORAGE_FILE_SIZE_LIMIT: '5000' });
  });
  afterAll(async () => {
    await f.stop();
  });

  async function nothingStored(name: string) {
    const { rows } = await f.t.db.query('select 1 from storage.objects where name = $1', [name]);
    expect(rows).toHaveLength(0);
    expect(filesUnder(f.fileDir).filter((p) => p.includes(`/${name}/@`))).toEqual([]);
  }

  it('accepts a real PNG within the limits', async () => {
    const path = `${f.aliceId}/dot.png`;
    const { error } = await f.alice.storage
      .from('images')
      .upload(path, new Blob([pngBytes], { type: 'image/png' }));
    expect(error).toBeNull();
    expect((await f.alice.storage.from('images').info(path)).data).toMatchObject({
      contentType: 'image/png',
      size: pngBytes.length,
    });
  });

  it('refuses a mime type the bucket does not allow', async () => {
    const path = `${f.aliceId}/doc.txt`;
    const { error } = await f.alice.storage
      .from('images')
      .upload(path, new Blob(['text'], { type: 'text/plain' }));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    await nothingStored(path);
  });

  it('refuses a text file declared as a PNG (mismatching content type)', async () => {
    const path = `${f.aliceId}/fake.png`;
    const multipart = await f.alice.storage
      .from('images')
      .upload(path, new Blob(['just some text'], { type: 'image/png' }));
    expect(multipart.error).toMatchObject({
      statusCode: '415',
      message: 'The file content does not match the mime type image/png',
    });
    await nothingStored(path);
    const raw = await f.alice.storage
      .from('images')
      .upload(path, Buffer.from('GIF89a but not a jpeg'), { contentType: 'image/jpeg' });
    expect(raw.error).toMatchObject({ statusCode: '415' });
    await nothingStored(path);
  });

  it('checks content only in buckets that ask for it, as upstream trusts the declared type', async () => {
    const path = `${f.aliceId}/not-really.png`;
    const { error } = await f.alice.storage
      .from('docs')
      .upload(path, new Blob(['just some text'], { type: 'image/png' }));
    expect(error).toBeNull();
    expect((await f.alice.storage.from('docs').info(path)).data).toMatchObject({ contentType: 'image/png' });
    const created = await f.admin.storage.createBucket(`open-${Date.now()}`);
    expect(created.error).toBeNull();
    const { rows } = await f.t.db.query<{ id: string; content_check: boolean }>(
      `select b.id, exists (select 1 from public.storage_content_checks c where c.bucket_id = b.id) as content_check
         from storage.buckets b
        where b.id in ('event-images', 'group-covers', 'product-images', 'community-logos', $1) order by b.id`,
      [created.data!.name],
    );
    expect(rows).toEqual([
      { id: 'community-logos', content_check: true },
      { id: 'event-images', content_check: true },
      { id: 'group-covers', content_check: true },
      { id: created.data!.name, content_check: false },
      { id: 'product-images', content_check: true },
    ]);
  });

  it('refuses an object over the bucket limit, by declared length and by counted bytes', async () => {
    const path = `${f.aliceId}/big.png`;
    const big = Buffer.concat([pngBytes, Buffer.alloc(3000)]);
    const raw = await f.alice.storage.from('images').upload(path, big, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    await nothingStored(path);
    const multipart = await f.alice.storage
      .from('images')
      .upload(path, new Blob([big], { type: 'image/png' }));
    expect(multipart.error).toMatchObject({ statusCode: '413' });
    await nothingStored(path);
  });

  it('applies the global limit to buckets without their own', async () => {
    const path = `${f.aliceId}/large.bin`;
    const res = await f.alice.storage.from('docs').upload(path, new Blob([Buffer.alloc(6000)]));
    expect(res.error).toMatchObject({ statusCode: '413' });
    await nothingStored(path);
    const ok = await f.alice.storage
      .from('docs')
      .upload(`${f.aliceId}/fits.bin`, new Blob([Buffer.alloc(4000)]));
    expect(ok.error).toBeNull();
  });

  it('accepts empty folder placeholders whatever the bucket allows, but no bytes in them', async () => {
    const path = `${f.aliceId}/folder/.emptyFolderPlaceholder`;
    const empty = await f.alice.storage
      .from('images')
      .upload(path, Buffer.alloc(0), { contentType: 'text/plain' });
    expect(empty.error).toBeNull();
    const other = `${f.aliceId}/other/.emptyFolderPlaceholder`;
    const full = await f.alice.storage
      .from('images')
      .upload(other, Buffer.from('bytes'), { contentType: 'text/plain' });
    expect(full.error).toMatchObject({ statusCode: '413' });
    await nothingStored(other);
  });
});
