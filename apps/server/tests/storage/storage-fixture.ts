// A platform for storage tests: a fresh database, bytes in a temporary folder (or an S3
// server), two signed-in users and buckets whose policies let each user reach only their
// own folder, as an app migration would write them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../src/access/jwt';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

export interface StorageFixture {
  t: TestPlatform;
  admin: SupabaseClient;
  anon: SupabaseClient;
  alice: SupabaseClient;
  bob: SupabaseClient;
  aliceId: string;
  bobId: string;
  fileDir: string;
  tokenFor(sub: string): Promise<string>;
  stop(): Promise<void>;
}

export const policiesSql = `
  insert into storage.buckets (id, name, public) values ('docs', 'docs', false), ('pics', 'pics', true);
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('images', 'images', false, 2000, array['image/png', 'image/jpeg']);
  insert into public.storage_content_checks (bucket_id) values ('images');
  create policy "own folder read" on storage.objects for select to authenticated
    using (bucket_id in ('docs', 'images') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder write" on storage.objects for insert to authenticated
    with check (bucket_id in ('docs', 'images') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder update" on storage.objects for update to authenticated
    using (bucket_id in ('docs', 'images') and (storage.foldername(name))[1] = auth.uid()::text)
    with check (bucket_id in ('docs', 'images') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "own folder delete" on storage.objects for delete to authenticated
    using (bucket_id in ('docs', 'images') and owner_id = auth.uid()::text);
  create policy "public pics read" on storage.objects for select to anon, authenticated
    using (bucket_id = 'pics');
  create policy "buckets visible" on storage.buckets for select to authenticated using (true);
`;

export async function startStorageFixture(env: Record<string, string> = {}): Promise<StorageFixture> {
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
  const t = await startTestPlatform({ STORAGE_FILE_DIR: fileDir, ...env });
  await t.db.exec(policiesSql);
  const tokenFor = (sub: string) =>
    signJwt(
      t.platform.keys,
      { sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.test` },
      3600,
    );
  const aliceId = crypto.randomUUID();
  const bobId = crypto.randomUUID();
  const aliceToken = await tokenFor(aliceId);
  const bobToken = await tokenFor(bobId);
  return {
    t,
    admin: t.adminClient(),
    anon: t.client(),
    alice: t.client({ accessToken: async () => aliceToken }),
    bob: t.client({ accessToken: async () => bobToken }),
    aliceId,
    bobId,
    fileDir,
    tokenFor,
    async stop() {
      await t.stop();
      fs.rmSync(fileDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every file the backend holds under its root, excluding the temp folder, as decoded
 * relative paths ("<bucket>/<key>/@<version>").
 */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile())
    .map((f) => f.split(path.sep).map(decodeURIComponent).join('/'));
}

export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
