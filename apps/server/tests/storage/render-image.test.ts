// Image transformations (/render/image/…) through storage-js: thumbnails by width,
// height and resize mode, format and quality, for authenticated, public and signed URLs.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageFixture, type StorageFixture } from './storage-fixture';

describe('storage image transformations', () => {
  let f: StorageFixture;
  let photo: Buffer;
  beforeAll(async () => {
    f = await startStorageFixture();
    photo = await sharp({
      create: { width: 200, height: 100, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    await f.alice.storage
      .from('images')
      .upload(`${f.aliceId}/photo.png`, new Blob([new Uint8Array(photo)], { type: 'image/png' }));
    await f.admin.storage
      .from('pics')
      .upload('gallery/photo.png', new Blob([new Uint8Array(photo)], { type: 'image/png' }));
    await f.admin.storage.from('pics').upload('gallery/readme.txt', 'not an image');
  });
  afterAll(async () => {
    await f.stop();
  });

  it('downloads a cover-resized thumbnail for an authenticated caller', async () => {
    const { data, error } = await f.alice.storage
      .from('images')
      .download(`${f.aliceId}/photo.png`, { transform: { width: 50, height: 50, resize: 'cover' } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({
      width: 50,
      height: 50,
      format: 'png',
    });
    const denied = await f.bob.storage
      .from('images')
      .download(`${f.aliceId}/photo.png`, { transform: { width: 50 } });
    expect(denied.error).not.toBeNull();
  });

  it('keeps the aspect ratio with contain and converts the format on request', async () => {
    const { data } = f.anon.storage.from('pics').getPublicUrl('gallery/photo.png', {
      transform: { width: 40, height: 40, resize: 'contain', format: 'origin' },
    });
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/pics/gallery/photo.png?');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([40, 40]);

    const webp = await fetch(
      `${f.t.url}/storage/v1/render/image/public/pics/gallery/photo.png?width=100&quality=50`,
      {
        headers: { accept: 'image/avif,image/webp,*/*' },
      },
    );
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const webpMeta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', 100, 50]);
  });

  it('says what a render was asked to do in X-Transformations, as storage-api does', async () => {
    const signed = await f.alice.storage.from('images').createSignedUrl(`${f.aliceId}/photo.png`, 60, {
      transform: { width: 200, height: 200, quality: 60 },
    });
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
    const contained = await fetch(
      `${f.t.url}/storage/v1/render/image/public/pics/gallery/photo.png?width=40&resize=contain&format=png`,
    );
    expect(contained.headers.get('x-transformations')).toBe('width:40,resizing_type:fit,format:png');
    const plain = await fetch(`${f.t.url}/storage/v1/render/image/public/pics/gallery/photo.png`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-transformations')).toBeNull();
  });

  it('serves signed transformation URLs and refuses transforms of non-images', async () => {
    const signed = await f.alice.storage.from('images').createSignedUrl(`${f.aliceId}/photo.png`, 60, {
      transform: { width: 20, height: 10, resize: 'fill' },
    });
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toContain('/storage/v1/render/image/sign/images/');
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([20, 10]);

    const text = await fetch(`${f.t.url}/storage/v1/render/image/public/pics/gallery/readme.txt?width=10`);
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ statusCode: '400', code: 'InvalidImage' });
    const bad = await fetch(`${f.t.url}/storage/v1/render/image/public/pics/gallery/photo.png?resize=squash`);
    expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});
