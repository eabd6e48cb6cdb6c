// Bucket endpoints through storage-js, with row-level security on storage.buckets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage buckets', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture();
  });
  afterAll(async () => {
    await f.stop();
  });

  it('creates, reads, lists, updates, empties and deletes a bucket', async () => {
    const storage = f.admin.storage;
    const created = await storage.createBucket('avatars', {
      public: true,
      fileSizeLimit: '1.5mb',
      allowedMimeTypes: ['image/*'],
    });
    expect(created).toEqual({ data: { name: 'avatars' }, error: null });

    const got = await storage.getBucket('avatars');
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      id: 'avatars',
      name: 'avatars',
      owner: '',
      public: true,
      file_size_limit: 1_500_000,
      allowed_mime_types: ['image/*'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });

    // app migrations may add buckets of their own; look at this test's ones
    const mine = new Set(['avatars', 'docs', 'images', 'pics']);
    const listed = await storage.listBuckets();
    expect(listed.data!.map((b) => b.id).filter((id) => mine.has(id))).toEqual([
      'avatars',
      'docs',
      'images',
      'pics',
    ]);
    expect(listed.data!.find((b) => b.id === 'avatars')).toMatchObject({ type: 'STANDARD', public: true });
    const searched = await storage.listBuckets({ search: 'vat' });
    expect(searched.data!.map((b) => b.id)).toEqual(['avatars']);
    const allNames = listed.data!.map((b) => b.name);
    const descending = [...allNames].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    const sorted = await storage.listBuckets({ sortColumn: 'name', sortOrder: 'desc' });
    expect(sorted.data!.map((b) => b.name)).toEqual(descending);
    const page = await storage.listBuckets({ sortColumn: 'name', sortOrder: 'desc', limit: 2, offset: 1 });
    expect(page.data!.map((b) => b.name)).toEqual(descending.slice(1, 3));

    const updated = await storage.updateBucket('avatars', {
      public: false,
      fileSizeLimit: 1000,
      allowedMimeTypes: ['image/png'],
    });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await storage.getBucket('avatars')).data).toMatchObject({
      public: false,
      file_size_limit: 1000,
      allowed_mime_types: ['image/png'],
    });

    await storage
      .from('avatars')
      .upload('a.png', Buffer.from('89504e470d0a1a0a0000000000000000', 'hex'), { contentType: 'image/png' });
    const notEmpty = await storage.deleteBucket('avatars');
    expect(notEmpty.error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
    const emptied = await storage.emptyBucket('avatars');
    expect(emptied.error).toBeNull();
    expect(emptied.data!.message).toMatch(/^Empty bucket has been queued/);
    expect((await storage.from('avatars').list('')).data).toEqual([]);
    expect(await storage.deleteBucket('avatars')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
    expect((await storage.getBucket('avatars')).error).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    });
  });

  it('answers a duplicate and unknown buckets with storage errors', async () => {
    const dup = await f.admin.storage.createBucket('docs');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((await f.admin.storage.deleteBucket('ghost')).error).toMatchObject({ statusCode: '404' });
    expect((await f.admin.storage.updateBucket('ghost', { public: true })).error).toMatchObject({
      statusCode: '404',
    });
    expect((await f.admin.storage.emptyBucket('ghost')).error).toMatchObject({ statusCode: '404' });
    const badName = await f.admin.storage.createBucket('bad/name');
    expect(badName.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    const badLimit = await f.admin.storage.createBucket('limits', { public: false, fileSizeLimit: 'huge' });
    expect(badLimit.error).toMatchObject({ statusCode: '400' });
  });

  it('lets row-level security decide who may create and see buckets', async () => {
    const byUser = await f.alice.storage.createBucket('alices');
    expect(byUser.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const anonList = await f.anon.storage.listBuckets();
    expect(anonList.error).toBeNull();
    expect(anonList.data!.filter((b) => ['docs', 'pics', 'images'].includes(b.id))).toEqual([]);
    const userList = await f.alice.storage.listBuckets();
    expect(userList.data!.map((b) => b.id)).toContain('docs');
    const userDelete = await f.alice.storage.deleteBucket('pics');
    expect(userDelete.error).toMatchObject({ statusCode: '404' });
    expect((await f.admin.storage.getBucket('pics')).error).toBeNull();
  });
});
