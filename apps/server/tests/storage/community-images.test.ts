// The product's public image buckets (issue 23, decision 0822): everyone reads an image by
// its public URL, but listing a community's folder and copying or moving its objects follow
// membership of that community. Driven with supabase-js's storage client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunityCallers, type Caller, type CommunityCallers } from '../support/community-callers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(24, 1),
]);
const bucket = 'event-images';

let platform: TestPlatform;
let fileDir: string;
let callers: CommunityCallers;
let eventAdminA: Caller;
let memberA: Caller;
let eventAdminB: Caller;
let stranger: Caller; // signed in, member of no community
let posterA: string;

beforeAll(async () => {
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-images-'));
  platform = await startTestPlatform({ STORAGE_FILE_DIR: fileDir });
  callers = await createCommunityCallers(platform);
  eventAdminA = await callers.caller(callers.communityA, 'Erik', { areas: ['event'] });
  memberA = await callers.caller(callers.communityA, 'Mette', { member: true });
  eventAdminB = await callers.caller(callers.communityB, 'Bo', { areas: ['event'] });
  stranger = await callers.caller(callers.communityB, 'Sune');
  await platform.db.query('delete from memberships where user_id = $1', [stranger.userId]);
  posterA = `${callers.communityA}/sommerfest.png`;
  const uploaded = await eventAdminA.client.storage
    .from(bucket)
    .upload(posterA, png, { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
});
afterAll(async () => {
  await platform?.stop();
  fs.rmSync(fileDir, { recursive: true, force: true });
});

const names = async (caller: Caller | null, folder: string) => {
  const client = caller?.client ?? platform.client();
  const listed = await client.storage.from(bucket).list(folder);
  expect(listed.error).toBeNull();
  return (listed.data ?? []).map((o) => o.name);
};

describe('an image of community A', () => {
  it('is read by anyone through its public URL', async () => {
    const url = platform.client().storage.from(bucket).getPublicUrl(posterA).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  });

  it('is listed to the members and admins of A only', async () => {
    expect(await names(eventAdminA, callers.communityA)).toEqual(['sommerfest.png']);
    expect(await names(memberA, callers.communityA)).toEqual(['sommerfest.png']);
    expect(await names(eventAdminB, callers.communityA)).toEqual([]);
    expect(await names(stranger, callers.communityA)).toEqual([]);
    expect(await names(null, callers.communityA)).toEqual([]);
  });

  it('cannot be copied or moved into another community by its admin', async () => {
    const target = `${callers.communityB}/stjaalet.png`;
    const copied = await eventAdminB.client.storage.from(bucket).copy(posterA, target);
    expect(copied.data).toBeNull();
    // Storage's own answer for an object the caller cannot see: HTTP 400, statusCode "404".
    expect(copied.error).toMatchObject({ message: 'Object not found', status: 400, statusCode: '404' });
    const moved = await eventAdminB.client.storage.from(bucket).move(posterA, target);
    expect(moved.error).toMatchObject({ message: 'Object not found', status: 400, statusCode: '404' });
    const rows = await platform.db.query(
      'select name from storage.objects where bucket_id = $1 order by name',
      [bucket],
    );
    expect(rows.rows).toEqual([{ name: posterA }]);
  });

  it('is copied within A by an event admin of A', async () => {
    const copied = await eventAdminA.client.storage
      .from(bucket)
      .copy(posterA, `${callers.communityA}/sommerfest-kopi.png`);
    expect(copied.error).toBeNull();
    expect(await names(memberA, callers.communityA)).toEqual(['sommerfest-kopi.png', 'sommerfest.png']);
  });
});

describe('news images', () => {
  it('are written by news admins of the community only, as PNG or JPEG', async () => {
    const newsAdminA = await callers.caller(callers.communityA, 'Nina', { areas: ['news'] });
    const news = (caller: Caller) => caller.client.storage.from('news-images');
    const own = await news(newsAdminA).upload(`${callers.communityA}/opslag.png`, png, {
      contentType: 'image/png',
    });
    expect(own.error).toBeNull();
    const byEventAdmin = await news(eventAdminA).upload(`${callers.communityA}/andet.png`, png, {
      contentType: 'image/png',
    });
    expect(byEventAdmin.error).not.toBeNull();
    const intoB = await news(newsAdminA).upload(`${callers.communityB}/opslag.png`, png, {
      contentType: 'image/png',
    });
    expect(intoB.error).not.toBeNull();
    const gif = await news(newsAdminA).upload(`${callers.communityA}/animation.gif`, png, {
      contentType: 'image/gif',
    });
    expect(gif.error).not.toBeNull();
    const text = await news(newsAdminA).upload(
      `${callers.communityA}/tekst.png`,
      Buffer.from('ikke et billede'),
      {
        contentType: 'image/png',
      },
    );
    expect(text.error).not.toBeNull();
    const listed = await news(memberA).list(callers.communityA);
    expect((listed.data ?? []).map((o) => o.name)).toEqual(['opslag.png']);
  });
});
