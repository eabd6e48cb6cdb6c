// Backups and S3, against a real S3-compatible server (s3rver): a restore with
// STORAGE_BACKEND=s3 puts the stored files into the bucket, and the server started on it
// serves them byte for byte; scheduled backups upload to BACKUP_S3_BUCKET and delete the
// rotated ones there.
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { uploadBackupToS3 } from '../../src/operations/backup-s3';
import { createBackup } from '../../src/operations/create-backup';
import { restoreBackup } from '../../src/operations/restore-backup';
import { freshPostgres, passphrase, randomPng, repoRoot, startClub, tempDir } from './club-kit';

const work = tempDir('club-s3-');
let s3server: S3rver;
let s3: S3Client;
let s3Env: Record<string, string>;
let backupFile: string;
let image: Buffer;
let imagePath: string;
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(work, { recursive: true, force: true })];

async function bytesOf(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function keysIn(bucket: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

beforeAll(async () => {
  s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'club-files' }, { name: 'club-backups' }],
  });
  const { port } = await s3server.run();
  cleanups.push(() => s3server.close());
  const endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  cleanups.push(() => s3.destroy());
  s3Env = {
    STORAGE_S3_BUCKET: 'club-files',
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
    STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };

  const database = await freshPostgres();
  if (database) cleanups.push(() => database.drop());
  const sourceEnv = {
    DATA_DIR: path.join(work, 'source'),
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const source = await startClub(sourceEnv);
  const community = await source.platform.db.query<{ id: string }>(
    `insert into public.communities (slug, name) values ('s3-club', 'S3 IF') returning id`,
  );
  image = await randomPng();
  imagePath = `${community.rows[0]!.id}/cover.png`;
  const uploaded = await fetch(`${source.platform.url}/storage/v1/object/event-images/${imagePath}`, {
    method: 'POST',
    headers: {
      apikey: source.platform.keys.serviceRoleKey,
      authorization: `Bearer ${source.platform.keys.serviceRoleKey}`,
      'content-type': 'image/png',
    },
    body: new Uint8Array(image),
  });
  expect(uploaded.status).toBe(200);
  await source.stop();
  backupFile = path.join(work, 'club.tar.gz.age');
  await createBackup({
    config: loadConfig({ NODE_ENV: 'test', ...sourceEnv }),
    target: backupFile,
    passphrase,
    scryptWorkFactor: 10,
  });
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('backups and S3', () => {
  it('restores stored files into S3 when STORAGE_BACKEND=s3', async () => {
    const targetEnv = { DATA_DIR: path.join(work, 'target'), STORAGE_BACKEND: 's3', ...s3Env };
    const result = await restoreBackup({
      config: loadConfig({ NODE_ENV: 'test', ...targetEnv }),
      file: backupFile,
      passphrase,
      repoRoot,
    });
    expect(result.objects).toBe(1);
    const keys = await keysIn('club-files');
    expect(keys).toHaveLength(1);
    expect(keys[0]!.startsWith(`event-images/${imagePath}/`)).toBe(true);
    expect((await bytesOf('club-files', keys[0]!)).equals(image)).toBe(true);

    const target = await startClub(targetEnv);
    try {
      const served = await fetch(`${target.platform.url}/storage/v1/object/public/event-images/${imagePath}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    } finally {
      await target.stop();
    }
  }, 120_000);

  it('uploads a scheduled backup to BACKUP_S3_BUCKET and deletes the rotated ones there', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(work, 'source'),
      BACKUP_S3_BUCKET: 'club-backups',
      ...s3Env,
    });
    await uploadBackupToS3(config, backupFile, []);
    expect(await keysIn('club-backups')).toEqual([
      'backups/club.tar.gz.age',
      'backups/club.tar.gz.age.sha256',
    ]);
    expect(
      (await bytesOf('club-backups', 'backups/club.tar.gz.age')).equals(fs.readFileSync(backupFile)),
    ).toBe(true);

    const newer = path.join(work, 'newer.tar.gz.age');
    fs.copyFileSync(backupFile, newer);
    fs.copyFileSync(`${backupFile}.sha256`, `${newer}.sha256`);
    await uploadBackupToS3(config, newer, ['club.tar.gz.age']);
    expect(await keysIn('club-backups')).toEqual([
      'backups/newer.tar.gz.age',
      'backups/newer.tar.gz.age.sha256',
    ]);
  });
});
