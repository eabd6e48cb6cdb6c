import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFileBackend } from '../../src/services/storage/backend/file-backend';
import type { StorageBackend } from '../../src/services/storage/backend/storage-backend';

// An upload racing a delete that prunes the folders it emptied (issue 38: a fuzzed upload
// answered 500 "ENOENT: mkdir …/event-images/%20"): the delete's rmdir could remove a folder
// between the upload's mkdir and its rename, or between two levels of the mkdir (which
// then fails ENOENT or ENOTDIR; a deep chain makes the second window wide enough to hit).
describe('the file backend under concurrent uploads and deletes in one folder', () => {
  let root: string;
  let backend: StorageBackend;
  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'file-backend-races-'));
    backend = createFileBackend(root);
  });
  afterAll(async () => {
    await fsp.rm(root, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const meta = { contentType: 'text/plain', cacheControl: '' };
  const put = (name: string, version: string, text: string) =>
    backend.put({ bucket: 'event-images', name, version }, Readable.from([Buffer.from(text)]), meta);
  const read = async (name: string, version: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await backend.get({ bucket: 'event-images', name, version }))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('keeps an upload whose folder a delete pruned between its mkdir and its rename', async () => {
    // An object's versions share its folder: replacing it writes the new version and then
    // deletes the old one, which prunes the folder when it is empty at that moment.
    const name = 'race/one/poster.png';
    await put(name, 'v1', 'first');
    // The moment the race needs, made to happen: just before the upload of v2 is renamed
    // into the folder, v1 is deleted, which prunes the folder (and its empty parents).
    const rename = fsp.rename.bind(fsp);
    let raced = false;
    vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      if (!raced && String(to).endsWith('@v2')) {
        raced = true;
        await backend.remove([{ bucket: 'event-images', name, version: 'v1' }]);
        await expect(fsp.stat(path.dirname(String(to)))).rejects.toMatchObject({ code: 'ENOENT' });
      }
      return rename(from, to);
    });
    await put(name, 'v2', 'second');
    expect(raced).toBe(true);
    expect(await read(name, 'v2')).toBe('second');
    await expect(read(name, 'v1')).rejects.toThrow();
    await backend.remove([{ bucket: 'event-images', name, version: 'v2' }]);
  });

  it('never fails an upload or a delete, and an uploaded object reads back whole', async () => {
    const folder = ' /a/b/c/d/e/f';
    const failures: unknown[] = [];
    // Four writers replace the same three objects in one folder chain, each writing a new
    // version, reading it back and deleting it, so the objects' folders and the chain empty
    // (and are pruned) again and again while the others upload.
    const writer = async (w: number) => {
      for (let i = 0; i < 150; i++) {
        const loc = { bucket: 'event-images', name: `${folder}/${i % 3}`, version: `${w}-${i}` };
        try {
          await put(loc.name, loc.version, `object ${w} ${i}`);
          expect(await read(loc.name, loc.version)).toBe(`object ${w} ${i}`);
          await backend.remove([loc]);
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect(failures).toEqual([]);
    // Nothing is left behind: the last delete pruned the chain.
    expect(await fsp.readdir(path.join(root, 'event-images'))).toEqual([]);
  }, 120_000);
});
