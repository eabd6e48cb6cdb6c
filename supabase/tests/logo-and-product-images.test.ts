// Who may upload, replace and remove the community's logo (community-logos, "<community>/logo/…",
// owners only) and a bookable product's image (product-images, booking admins only), driven
// through supabase-js's storage client against the running platform, as the settings screen and
// the product editor do. PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCommunityCallers,
  type Caller,
  type CommunityCallers,
} from '../../apps/server/tests/support/community-callers';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(24, 1),
]);
const otherPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40, 2),
]);

let platform: TestPlatform;
let fileDir: string;
let callers: CommunityCallers;
let ownerA: Caller;
let allAreasAdminA: Caller; // every admin area, but not an owner
let bookingAdminA: Caller;
let eventAdminA: Caller;
let ownerB: Caller;
let bookingAdminB: Caller;

beforeAll(async () => {
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-product-images-'));
  platform = await startTestPlatform({ STORAGE_FILE_DIR: fileDir });
  callers = await createCommunityCallers(platform);
  ownerA = await callers.caller(callers.communityA, 'Olga', { role: 'owner' });
  allAreasAdminA = await callers.caller(callers.communityA, 'Anders', {
    areas: ['analytics', 'billing', 'booking', 'event', 'group', 'knowledge_base', 'member', 'news'],
  });
  bookingAdminA = await callers.caller(callers.communityA, 'Birthe', { areas: ['booking'] });
  eventAdminA = await callers.caller(callers.communityA, 'Erik', { areas: ['event'] });
  ownerB = await callers.caller(callers.communityB, 'Ove', { role: 'owner' });
  bookingAdminB = await callers.caller(callers.communityB, 'Bent', { areas: ['booking'] });
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(fileDir, { recursive: true, force: true });
});

const objects = async (bucket: string) =>
  (
    await platform.db.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 order by name',
      [bucket],
    )
  ).rows.map((r) => r.name);

const stored = async (bucket: string, name: string) => {
  const url = platform.client().storage.from(bucket).getPublicUrl(name).data.publicUrl;
  const res = await fetch(url);
  return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status;
};

describe('the community logo', () => {
  const logos = (caller: Caller) => caller.client.storage.from('community-logos');

  it('is uploaded, replaced and removed by an owner, and saved on the community', async () => {
    const logo = `${callers.communityA}/logo/alpha.png`;
    expect((await logos(ownerA).upload(logo, png, { contentType: 'image/png' })).error).toBeNull();
    const saved = await ownerA.client
      .from('communities')
      .update({ logo_path: logo })
      .eq('id', callers.communityA)
      .select('logo_path');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([{ logo_path: logo }]);
    const replaced = await logos(ownerA).update(logo, otherPng, { contentType: 'image/png' });
    expect(replaced.error).toBeNull();
    expect(await stored('community-logos', logo)).toEqual(otherPng);
    const removed = await logos(ownerA).remove([logo]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect(await objects('community-logos')).toEqual([]);
  });

  it('cannot be written by an admin who is not an owner, nor by the owner of another community', async () => {
    const logo = `${callers.communityA}/logo/ejer.png`;
    expect((await logos(ownerA).upload(logo, png, { contentType: 'image/png' })).error).toBeNull();

    for (const caller of [allAreasAdminA, ownerB]) {
      const upload = await logos(caller).upload(`${callers.communityA}/logo/andet.png`, png, {
        contentType: 'image/png',
      });
      expect(upload.error).not.toBeNull();
      const replace = await logos(caller).update(logo, otherPng, { contentType: 'image/png' });
      expect(replace.error).not.toBeNull();
      const remove = await logos(caller).remove([logo]);
      expect(remove.data ?? []).toEqual([]);
      const communityRow = await caller.client
        .from('communities')
        .update({ logo_path: `${callers.communityA}/logo/andet.png` })
        .eq('id', callers.communityA)
        .select('id');
      expect(communityRow.data ?? []).toEqual([]);
    }
    expect(await objects('community-logos')).toEqual([logo]);
    expect(await stored('community-logos', logo)).toEqual(png);
    const row = await platform.db.query('select logo_path from communities where id = $1', [
      callers.communityA,
    ]);
    expect(row.rows).toEqual([{ logo_path: `${callers.communityA}/logo/alpha.png` }]);
  });

  it('refuses a file that is not a PNG or JPEG image', async () => {
    const gif = await logos(ownerA).upload(`${callers.communityA}/logo/animation.gif`, png, {
      contentType: 'image/gif',
    });
    expect(gif.error).not.toBeNull();
    const text = await logos(ownerA).upload(
      `${callers.communityA}/logo/tekst.png`,
      Buffer.from('ikke et billede'),
      {
        contentType: 'image/png',
      },
    );
    expect(text.error).not.toBeNull();
    expect(await objects('community-logos')).toEqual([`${callers.communityA}/logo/ejer.png`]);
  });
});

describe('a bookable product image', () => {
  const images = (caller: Caller) => caller.client.storage.from('product-images');

  it('is uploaded, replaced and removed by a booking admin of the community only', async () => {
    const image = `${callers.communityA}/hal-1.png`;
    expect((await images(bookingAdminA).upload(image, png, { contentType: 'image/png' })).error).toBeNull();

    for (const caller of [eventAdminA, ownerB, bookingAdminB]) {
      const upload = await images(caller).upload(`${callers.communityA}/andet.png`, png, {
        contentType: 'image/png',
      });
      expect(upload.error).not.toBeNull();
      const replace = await images(caller).update(image, otherPng, { contentType: 'image/png' });
      expect(replace.error).not.toBeNull();
      const remove = await images(caller).remove([image]);
      expect(remove.data ?? []).toEqual([]);
    }
    expect(await objects('product-images')).toEqual([image]);
    expect(await stored('product-images', image)).toEqual(png);

    const replaced = await images(bookingAdminA).update(image, otherPng, { contentType: 'image/png' });
    expect(replaced.error).toBeNull();
    expect(await stored('product-images', image)).toEqual(otherPng);
    const gif = await images(bookingAdminA).upload(`${callers.communityA}/hal.gif`, png, {
      contentType: 'image/gif',
    });
    expect(gif.error).not.toBeNull();
    const removed = await images(bookingAdminA).remove([image]);
    expect(removed.data).toHaveLength(1);
    expect(await objects('product-images')).toEqual([]);
  });
});
