// Signed download and upload URLs through storage-js: granted only for objects the caller
// can reach, verified on use; forged, tampered and expired tokens are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import { startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage signed URLs', () => {
  let f: StorageFixture;
  beforeAll(async () => {
    f = await startStorageFixture();
    await f.alice.storage.from('docs').upload(`${f.aliceId}/signed.txt`, 'signed bytes');
    await f.alice.storage.from('docs').upload(`${f.aliceId}/other.txt`, 'other bytes');
  });
  afterAll(async () => {
    await f.stop();
  });

  it('signs one object and serves it to anyone holding the URL', async () => {
    const { data, error } = await f.alice.storage.from('docs').createSignedUrl(`${f.aliceId}/signed.txt`, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(`^${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/signed.txt\\?token=`),
    );
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    expect(new Date(res.headers.get('expires')!).getTime()).toBeGreaterThan(Date.now());

    const asDownload = await f.alice.storage
      .from('docs')
      .createSignedUrl(`${f.aliceId}/signed.txt`, 60, { download: true });
    const dl = await fetch(asDownload.data!.signedUrl);
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename=signed.txt;');
  });

  it('refuses to sign what the caller cannot see', async () => {
    const bobs = await f.bob.storage.from('docs').createSignedUrl(`${f.aliceId}/signed.txt`, 60);
    expect(bobs.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const bad = await f.alice.storage.from('docs').createSignedUrl(`${f.aliceId}/signed.txt`, 0);
    expect(bad.error).toMatchObject({ statusCode: '400' });
  });

  it('signs many objects, with an error for those out of reach', async () => {
    const { data, error } = await f.alice.storage
      .from('docs')
      .createSignedUrls(
        [`${f.aliceId}/signed.txt`, `${f.aliceId}/other.txt`, `${f.aliceId}/missing.txt`],
        60,
      );
    expect(error).toBeNull();
    expect(data!.map((d) => d.error)).toEqual([
      null,
      null,
      'Either the object does not exist or you do not have access to it',
    ]);
    expect(data![2]!.signedUrl).toBeNull();
    expect(await (await fetch(data![1]!.signedUrl!)).text()).toBe('other bytes');
  });

  it('refuses a forged token, a token for another path and a token of the wrong scope', async () => {
    const { data } = await f.alice.storage.from('docs').createSignedUrl(`${f.aliceId}/signed.txt`, 60);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, url: `docs/${f.aliceId}/other.txt` }),
    ).toString('base64url');
    const forged = await fetch(
      `${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/other.txt?token=${header}.${forgedPayload}.${signature}`,
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const reused = await fetch(
      `${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/other.txt?token=${token}`,
    );
    expect(await reused.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const garbage = await fetch(`${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/signed.txt?token=abc`);
    expect(await garbage.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const upload = await f.alice.storage.from('docs').createSignedUploadUrl(`${f.aliceId}/new.txt`);
    const wrongScope = await fetch(
      `${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/new.txt?token=${upload.data!.token}`,
    );
    expect(await wrongScope.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });

  it('refuses an expired signed URL', async () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await signJwt(
      f.t.platform.keys,
      { url: `docs/${f.aliceId}/signed.txt`, scope: 'download', iat: past - 60, exp: past },
      60,
    );
    const res = await fetch(
      `${f.t.url}/storage/v1/object/sign/docs/${f.aliceId}/signed.txt?token=${expired}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'ExpiredToken',
      error: 'ExpiredToken',
      message: 'The provided token has expired.',
    });

    const { data } = await f.alice.storage.from('docs').createSignedUrl(`${f.aliceId}/signed.txt`, 1);
    await new Promise((r) => setTimeout(r, 1100));
    const late = await fetch(data!.signedUrl);
    expect(await late.json()).toMatchObject({ code: 'ExpiredToken' });
  });

  it('uploads through a signed upload URL once, and again only with upsert', async () => {
    const path = `${f.aliceId}/via-url.txt`;
    const signed = await f.alice.storage.from('docs').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain(`/storage/v1/object/upload/sign/docs/${path}?token=`);
    const up = await f.anon.storage
      .from('docs')
      .uploadToSignedUrl(path, signed.data!.token, new Blob(['via url']));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `docs/${path}` });
    expect(await (await f.alice.storage.from('docs').download(path)).data!.text()).toBe('via url');
    const { rows } = await f.t.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where name = $1',
      [path],
    );
    expect(rows[0]!.owner_id).toBe(f.aliceId);

    const second = await f.anon.storage
      .from('docs')
      .uploadToSignedUrl(path, signed.data!.token, new Blob(['again']));
    expect(second.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });

    const upsertable = await f.alice.storage.from('docs').createSignedUploadUrl(path, { upsert: true });
    const third = await f.anon.storage
      .from('docs')
      .uploadToSignedUrl(path, upsertable.data!.token, new Blob(['replaced']));
    expect(third.error).toBeNull();
    expect(await (await f.alice.storage.from('docs').download(path)).data!.text()).toBe('replaced');
  });

  it('refuses a signed upload URL for a folder the caller may not write', async () => {
    const denied = await f.bob.storage.from('docs').createSignedUploadUrl(`${f.aliceId}/bob-was-here.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
    const { rows } = await f.t.db.query("select 1 from storage.objects where name like '%bob-was-here%'");
    expect(rows).toHaveLength(0);
  });
});
