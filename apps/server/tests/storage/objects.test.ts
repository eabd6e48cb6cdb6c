// Object endpoints through storage-js: upload, download, info, exists, list, move, copy,
// remove, with row-level security letting one user in and keeping another out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage objects', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture();
  });
  afterAll(async () => {
    await f.stop();
  });

  it('uploads a Blob as multipart and downloads the same bytes with its headers', async () => {
    const path = `${f.aliceId}/notes/hello.txt`;
    const { data, error } = await f.alice.storage
      .from('docs')
      .upload(path, new Blob(['hello storage'], { type: 'text/plain' }), { metadata: { kind: 'note' } });
    expect(error).toBeNull();
    expect(data).toEqual({ path, id: expect.stringMatching(/^[0-9a-f-]{36}$/), fullPath: `docs/${path}` });

    const downloaded = await f.alice.storage.from('docs').download(path);
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data!.text()).toBe('hello storage');
    expect(downloaded.data!.type).toBe('text/plain');

    const res = await fetch(`${f.t.url}/storage/v1/object/docs/${path}`, {
      headers: { apikey: f.t.anonKey, authorization: `Bearer ${await f.tokenFor(f.aliceId)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('content-length')).toBe('13');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);

    const again = await fetch(`${f.t.url}/storage/v1/object/docs/${path}`, {
      headers: {
        apikey: f.t.anonKey,
        authorization: `Bearer ${await f.tokenFor(f.aliceId)}`,
        'if-none-match': res.headers.get('etag')!,
      },
    });
    expect(again.status).toBe(304);
    const ranged = await fetch(`${f.t.url}/storage/v1/object/authenticated/docs/${path}`, {
      headers: {
        apikey: f.t.anonKey,
        authorization: `Bearer ${await f.tokenFor(f.aliceId)}`,
        range: 'bytes=6-12',
      },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 6-12/13');
    expect(await ranged.text()).toBe('storage');
  });

  it('uploads a raw Buffer with content type, cache control and metadata', async () => {
    const path = `${f.aliceId}/raw.json`;
    const { error } = await f.alice.storage.from('docs').upload(path, Buffer.from('{"a":1}'), {
      contentType: 'application/json',
      cacheControl: '60',
      metadata: { x: 'y' },
    });
    expect(error).toBeNull();
    const info = await f.alice.storage.from('docs').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'docs',
      size: 7,
      contentType: 'application/json',
      cacheControl: 'max-age=60',
      metadata: { x: 'y' },
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    expect(info.data!.lastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(info.data).not.toHaveProperty('updatedAt');
  });

  it('refuses a second upload to the same key without upsert, and replaces it with upsert', async () => {
    const path = `${f.aliceId}/twice.txt`;
    const bucket = f.alice.storage.from('docs');
    expect((await bucket.upload(path, 'first')).error).toBeNull();
    const dup = await bucket.upload(path, 'second');
    expect(dup.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    expect(await (await bucket.download(path)).data!.text()).toBe('first');
    expect((await bucket.upload(path, 'third', { upsert: true })).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('third');
    expect((await bucket.update(path, 'fourth')).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('fourth');
    // only the current version's bytes remain
    expect(filesUnder(f.fileDir).filter((p) => p.includes('twice'))).toHaveLength(1);
  });

  it('denies another user, writing nothing', async () => {
    const before = filesUnder(f.fileDir).length;
    const denied = await f.bob.storage.from('docs').upload(`${f.aliceId}/intrusion.txt`, 'nope');
    expect(denied.error).toMatchObject({
      message: 'new row violates row-level security policy',
      statusCode: '403',
    });
    expect(filesUnder(f.fileDir).length).toBe(before);
    const { rows } = await f.t.db.query("select 1 from storage.objects where name like '%intrusion%'");
    expect(rows).toHaveLength(0);

    await f.alice.storage.from('docs').upload(`${f.aliceId}/secret.txt`, 'secret');
    const read = await f.bob.storage.from('docs').download(`${f.aliceId}/secret.txt`);
    expect(read.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const anonRead = await f.anon.storage.from('docs').download(`${f.aliceId}/secret.txt`);
    expect(anonRead.error).toMatchObject({ statusCode: '404' });
    const bobInfo = await f.bob.storage.from('docs').info(`${f.aliceId}/secret.txt`);
    expect(bobInfo.error).toMatchObject({ statusCode: '404' });
  });

  it('answers exists with true and false', async () => {
    await f.alice.storage.from('docs').upload(`${f.aliceId}/here.txt`, 'x');
    expect(await f.alice.storage.from('docs').exists(`${f.aliceId}/here.txt`)).toEqual({
      data: true,
      error: null,
    });
    expect((await f.alice.storage.from('docs').exists(`${f.aliceId}/absent.txt`)).data).toBe(false);
    expect((await f.bob.storage.from('docs').exists(`${f.aliceId}/here.txt`)).data).toBe(false);
  });

  it('lists a folder: files and sub-folders, sorted, limited, searched', async () => {
    const bucket = f.alice.storage.from('docs');
    const base = `${f.aliceId}/list`;
    for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/inner.txt', 'sub/deeper/x.txt', 'Other.md']) {
      expect((await bucket.upload(`${base}/${name}`, name)).error).toBeNull();
    }
    const all = await bucket.list(base);
    expect(all.error).toBeNull();
    expect(all.data!.map((e) => e.name)).toEqual(['Other.md', 'a.txt', 'b.txt', 'c.txt', 'sub']);
    const folder = all.data!.find((e) => e.name === 'sub')!;
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null });
    const file = all.data!.find((e) => e.name === 'a.txt')!;
    expect(file.metadata).toMatchObject({ size: 5, mimetype: 'text/plain;charset=UTF-8' });

    const page = await bucket.list(base, { limit: 2, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data!.map((e) => e.name)).toEqual(['c.txt', 'b.txt']);
    const searched = await bucket.list(base, { search: 'o' });
    expect(searched.data!.map((e) => e.name)).toEqual(['Other.md']);
    const bobs = await f.bob.storage.from('docs').list(base);
    expect(bobs.data).toEqual([]);
  });

  it('moves and copies objects within and between buckets', async () => {
    const bucket = f.alice.storage.from('docs');
    await bucket.upload(`${f.aliceId}/m/from.txt`, 'moving');
    const moved = await bucket.move(`${f.aliceId}/m/from.txt`, `${f.aliceId}/m/to.txt`);
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: 'Successfully moved', Key: `docs/${f.aliceId}/m/to.txt` });
    expect((await bucket.download(`${f.aliceId}/m/from.txt`)).error).toMatchObject({ statusCode: '404' });
    expect(await (await bucket.download(`${f.aliceId}/m/to.txt`)).data!.text()).toBe('moving');

    const copied = await bucket.copy(`${f.aliceId}/m/to.txt`, `${f.aliceId}/m/copy.txt`);
    expect(copied).toEqual({ data: { path: `docs/${f.aliceId}/m/copy.txt` }, error: null });
    expect(await (await bucket.download(`${f.aliceId}/m/copy.txt`)).data!.text()).toBe('moving');
    expect(await (await bucket.download(`${f.aliceId}/m/to.txt`)).data!.text()).toBe('moving');

    const missing = await bucket.move(`${f.aliceId}/m/nothing.txt`, `${f.aliceId}/m/x.txt`);
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const bobMove = await f.bob.storage.from('docs').move(`${f.aliceId}/m/to.txt`, `${f.bobId}/stolen.txt`);
    expect(bobMove.error).toMatchObject({ statusCode: '404' });
    const intoOthers = await bucket.move(`${f.aliceId}/m/to.txt`, `${f.bobId}/gift.txt`);
    expect(intoOthers.error).toMatchObject({ statusCode: '403' });
    expect(await (await bucket.download(`${f.aliceId}/m/to.txt`)).data!.text()).toBe('moving');
  });

  it('removes many objects, answering with the rows it deleted', async () => {
    const bucket = f.alice.storage.from('docs');
    await bucket.upload(`${f.aliceId}/r/1.txt`, '1');
    await bucket.upload(`${f.aliceId}/r/2.txt`, '2');
    const bobTry = await f.bob.storage.from('docs').remove([`${f.aliceId}/r/1.txt`]);
    expect(bobTry).toEqual({ data: [], error: null });
    const removed = await bucket.remove([
      `${f.aliceId}/r/1.txt`,
      `${f.aliceId}/r/2.txt`,
      `${f.aliceId}/r/none.txt`,
    ]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((r) => r.name).sort()).toEqual([`${f.aliceId}/r/1.txt`, `${f.aliceId}/r/2.txt`]);
    expect(removed.data![0]).toMatchObject({ bucket_id: 'docs', owner_id: f.aliceId });
    expect(filesUnder(f.fileDir).filter((p) => p.includes(`${f.aliceId}/r/`))).toEqual([]);
    expect((await bucket.list(`${f.aliceId}/r`)).data).toEqual([]);
  });

  it('serves public buckets without credentials and refuses private ones', async () => {
    const { error } = await f.admin.storage.from('pics').upload('open/cat.txt', 'meow');
    expect(error).toBeNull();
    const { data } = f.anon.storage.from('pics').getPublicUrl('open/cat.txt');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('meow');
    const asDownload = await fetch(
      f.anon.storage.from('pics').getPublicUrl('open/cat.txt', { download: 'kitty.txt' }).data.publicUrl,
    );
    expect(asDownload.headers.get('content-disposition')).toContain('attachment; filename=kitty.txt');

    await f.alice.storage.from('docs').upload(`${f.aliceId}/private.txt`, 'p');
    const priv = await fetch(
      f.anon.storage.from('docs').getPublicUrl(`${f.aliceId}/private.txt`).data.publicUrl,
    );
    expect(priv.status).toBe(400);
    expect(await priv.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
    const anonDownload = await f.anon.storage.from('pics').download('open/cat.txt');
    expect(await anonDownload.data!.text()).toBe('meow');
  });

  it('refuses uploads without a valid token and with a bad key', async () => {
    const res = await fetch(`${f.t.url}/storage/v1/object/docs/x.txt`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'Invalid Compact JWS',
    });
    const garbled = await fetch(`${f.t.url}/storage/v1/object/docs/x.txt`, {
      method: 'POST',
      body: 'x',
      headers: { apikey: f.t.anonKey, authorization: 'Bearer not.a.jwt' },
    });
    expect(await garbled.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    const badKey = await f.alice.storage.from('docs').upload(`${f.aliceId}/bad\u0001key.txt`, 'x');
    expect(badKey.error).toMatchObject({ statusCode: '400' });
    const noBucket = await f.alice.storage.from('nowhere').upload(`${f.aliceId}/a.txt`, 'x');
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('deletes one object by path', async () => {
    await f.alice.storage.from('docs').upload(`${f.aliceId}/single.txt`, 's');
    const token = await f.tokenFor(f.aliceId);
    const headers = { apikey: f.t.anonKey, authorization: `Bearer ${token}` };
    const res = await fetch(`${f.t.url}/storage/v1/object/docs/${f.aliceId}/single.txt`, {
      method: 'DELETE',
      headers,
    });
    expect(await res.json()).toEqual({ message: 'Successfully deleted' });
    const again = await fetch(`${f.t.url}/storage/v1/object/docs/${f.aliceId}/single.txt`, {
      method: 'DELETE',
      headers,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('answers malformed requests with storage errors, never 500', async () => {
    const token = await f.tokenFor(f.aliceId);
    const headers = {
      apikey: f.t.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const cases: [string, string, string | undefined][] = [
      ['POST', '/object/list/docs', '{"limit":"x"}'],
      ['POST', '/object/list/docs', 'not json'],
      ['POST', '/object/move', '{"bucketId":5}'],
      ['POST', '/object/copy', '[]'],
      ['DELETE', '/object/docs', '{"prefixes":"a"}'],
      ['POST', '/object/sign/docs/a.txt', '{"expiresIn":-1}'],
      ['POST', '/object/sign/docs', '{"expiresIn":60,"paths":[]}'],
      ['POST', '/bucket', '{"name":"a/b"}'],
      ['PUT', '/bucket/nothere', '{"file_size_limit":"lots"}'],
      ['GET', '/object/sign/docs/a.txt?token=abc', undefined],
      ['POST', '/object/docs/a.txt', undefined],
      ['GET', '/render/image/authenticated/docs/a.png?width=-4', undefined],
    ];
    for (const [method, p, body] of cases) {
      const res = await fetch(`${f.t.url}/storage/v1${p}`, { method, headers, body });
      expect(res.status, `${method} ${p}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${p}`).toBeLessThan(500);
      const json = (await res.json()) as { statusCode: string };
      expect(typeof json.statusCode, `${method} ${p}`).toBe('string');
    }
    const multipart = await fetch(`${f.t.url}/storage/v1/object/docs/${f.aliceId}/m.txt`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n10\r\n--xyz--\r\n',
    });
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toMatchObject({ statusCode: '400', message: 'No content provided' });
  });

  it('keeps unicode, spaces and percent signs in keys', async () => {
    const bucket = f.alice.storage.from('docs');
    const path = `${f.aliceId}/mappe med æøå/100% rød fil.txt`;
    expect((await bucket.upload(path, 'rødgrød')).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('rødgrød');
    const listed = await bucket.list(`${f.aliceId}/mappe med æøå`);
    expect(listed.data!.map((e) => e.name)).toEqual(['100% rød fil.txt']);
    const signed = await bucket.createSignedUrl(path, 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('rødgrød');
    const tooLong = await bucket.upload(`${f.aliceId}/${'x'.repeat(1100)}`, 'x');
    expect(tooLong.error).toMatchObject({ statusCode: '400' });
  });

  it('lets only one of two racing uploads to the same key win, leaving one set of bytes', async () => {
    const bucket = f.alice.storage.from('docs');
    const path = `${f.aliceId}/race/target.txt`;
    const results = await Promise.all([
      bucket.upload(path, 'one'),
      bucket.upload(path, 'two'),
      bucket.upload(path, 'three'),
    ]);
    const winners = results.filter((r) => r.error === null);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.error !== null)) {
      expect(loser.error).toMatchObject({ statusCode: '409' });
    }
    expect(filesUnder(f.fileDir).filter((p) => p.includes(`${f.aliceId}/race/`))).toHaveLength(1);
    expect(['one', 'two', 'three']).toContain(await (await bucket.download(path)).data!.text());
  });

  it('lists keys a page at a time with listV2, flat or folded at "/"', async () => {
    const bucket = f.alice.storage.from('docs');
    const base = `${f.aliceId}/v2/`;
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'sub/x.txt', 'sub/y.txt'])
      await bucket.upload(`${base}${name}`, name);
    const flat = await bucket.listV2({ prefix: base, limit: 4 });
    expect(flat.error).toBeNull();
    expect(flat.data!.objects.map((o) => o.name)).toEqual(
      ['a.txt', 'b.txt', 'c.txt', 'sub/x.txt'].map((n) => base + n),
    );
    expect(flat.data!.hasNext).toBe(true);
    const next = await bucket.listV2({ prefix: base, limit: 4, cursor: flat.data!.nextCursor });
    expect(next.data!.objects.map((o) => o.name)).toEqual([`${base}sub/y.txt`]);
    expect(next.data!.hasNext).toBe(false);

    const folded = await bucket.listV2({ prefix: base, with_delimiter: true });
    expect(folded.data!.folders).toEqual([{ name: `${base}sub/`, key: `${base}sub` }]);
    expect(folded.data!.objects.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.txt'].map((n) => base + n));
    const bobs = await f.bob.storage.from('docs').listV2({ prefix: base });
    expect(bobs.data!.objects).toEqual([]);
    const badCursor = await bucket.listV2({ prefix: base, cursor: 'not-a-cursor' });
    expect(badCursor.error).toMatchObject({ statusCode: '400' });
  });
});
