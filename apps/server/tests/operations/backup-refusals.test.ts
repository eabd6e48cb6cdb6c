// Bad input to backup and restore: a clear message, and the source data, the target and any
// earlier backup left as they were. Wrong passphrase, cut-off or altered files, a backup
// from a newer version, a target that holds data, no passphrase, a full disk.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import { BackupError } from '../../src/operations/backup-error';
import { createBackup } from '../../src/operations/create-backup';
import { restoreBackup } from '../../src/operations/restore-backup';
import { writeBackupArchive } from '../../src/operations/write-backup-archive';
import { freshPostgres, passphrase, repoRoot, startClub, tempDir } from './club-kit';

const fast = 10; // scrypt work factor for these tests (the commands use age's default, 18)
let sourceEnv: Record<string, string>;
let sourceConfig: Config;
let backupFile: string;
const work = tempDir('club-refusals-');
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(work, { recursive: true, force: true })];

async function communities(): Promise<number> {
  const club = await startClub(sourceEnv);
  try {
    const rows = await club.platform.db.query<{ n: string }>(
      'select count(*)::text as n from public.communities',
    );
    return Number(rows.rows[0]!.n);
  } finally {
    await club.stop();
  }
}

function targetConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return (error as BackupError).message;
}

const restoreInto = (dir: string, file: string, phrase: string | undefined = passphrase) =>
  restoreBackup({ config: targetConfig(dir), file, passphrase: phrase, repoRoot });

beforeAll(async () => {
  const database = await freshPostgres();
  if (database) cleanups.push(() => database.drop());
  sourceEnv = { DATA_DIR: path.join(work, 'source'), ...(database ? { DATABASE_URL: database.url } : {}) };
  const club = await startClub(sourceEnv);
  await club.platform.db.query(
    `insert into public.communities (slug, name) values ('refusals', 'Refusals IF')`,
  );
  await club.stop();
  sourceConfig = loadConfig({ NODE_ENV: 'test', ...sourceEnv });
  backupFile = path.join(work, 'club.tar.gz.age');
  await createBackup({ config: sourceConfig, target: backupFile, passphrase, scryptWorkFactor: fast });
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('backup refusals', () => {
  it('will not write an unencrypted backup unless told to', async () => {
    const target = path.join(work, 'plain.tar.gz');
    expect(await refusal(createBackup({ config: sourceConfig, target, passphrase: undefined }))).toMatch(
      /encrypted: set BACKUP_PASSPHRASE .* --unencrypted/,
    );
    expect(fs.existsSync(target)).toBe(false);
  });

  it('stops on a full disk, leaving the earlier backup of that name and no partial file', async () => {
    const disk = path.join(work, 'small-disk');
    fs.mkdirSync(disk);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
    try {
      const target = path.join(disk, 'club.tar.gz.age');
      fs.writeFileSync(target, 'the earlier backup');
      const message = await refusal(
        createBackup({ config: sourceConfig, target, passphrase, scryptWorkFactor: fast }),
      );
      expect(message).toMatch(/disk is full/);
      expect(fs.readFileSync(target, 'utf8')).toBe('the earlier backup');
      expect(fs.readdirSync(disk)).toEqual(['club.tar.gz.age']);
    } finally {
      execFileSync('umount', [disk]);
    }
    expect(await communities()).toBe(1);
  });
});

describe('restore refusals', () => {
  const emptyTarget = () => fs.mkdtempSync(path.join(work, 'target-'));
  const untouched = (dir: string) =>
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith('.'))).toEqual([]);

  it('refuses a wrong passphrase', async () => {
    const dir = emptyTarget();
    expect(await refusal(restoreInto(dir, backupFile, 'not-the-right-passphrase'))).toMatch(
      /passphrase is wrong/,
    );
    untouched(dir);
  });

  it('refuses a cut-off file', async () => {
    const dir = emptyTarget();
    const cut = path.join(work, 'cut.tar.gz.age');
    const bytes = fs.readFileSync(backupFile);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await refusal(restoreInto(dir, cut))).toMatch(/damaged or incomplete/);
    untouched(dir);
  });

  it('refuses an altered file, by its checksum file and by the encryption', async () => {
    const altered = path.join(work, 'altered.tar.gz.age');
    const bytes = Buffer.from(fs.readFileSync(backupFile));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(altered, bytes);
    fs.copyFileSync(`${backupFile}.sha256`, `${altered}.sha256`);
    const dir = emptyTarget();
    expect(await refusal(restoreInto(dir, altered))).toMatch(/does not match its checksum file/);
    fs.rmSync(`${altered}.sha256`);
    expect(await refusal(restoreInto(dir, altered))).toMatch(/damaged or incomplete/);
    untouched(dir);
  });

  it('refuses a backup from a newer version', async () => {
    const database = path.join(work, 'empty.sql');
    fs.writeFileSync(database, '-- nothing\n');
    const manifest = {
      format: 'club-platform-backup' as const,
      createdAt: new Date().toISOString(),
      source: { engine: 'pglite' as const, serverVersion: '18' },
    };
    const newerFormat = path.join(work, 'newer-format.tar.gz.age');
    await writeBackupArchive(
      newerFormat,
      {
        manifest: { ...manifest, formatVersion: 2, migrations: { platform: null, app: null } },
        databaseFile: database,
        keys: Buffer.from('{}'),
        objects: [],
      },
      { passphrase, scryptWorkFactor: fast },
    );
    const newerSchema = path.join(work, 'newer-schema.tar.gz.age');
    await writeBackupArchive(
      newerSchema,
      {
        manifest: { ...manifest, formatVersion: 1, migrations: { platform: null, app: '29991231235959' } },
        databaseFile: database,
        keys: Buffer.from('{}'),
        objects: [],
      },
      { passphrase, scryptWorkFactor: fast },
    );
    const dir = emptyTarget();
    expect(await refusal(restoreInto(dir, newerFormat))).toMatch(
      /newer version of the platform \(backup format 2/,
    );
    expect(await refusal(restoreInto(dir, newerSchema))).toMatch(
      /newer version of the platform .*29991231235959/,
    );
    untouched(dir);
  });

  it('refuses a target that holds data unless told to replace it', async () => {
    const message = await refusal(
      restoreBackup({ config: sourceConfig, file: backupFile, passphrase, repoRoot }),
    );
    expect(message).toMatch(
      sourceConfig.databaseUrl ? /is not empty.*--replace/ : /already holds a database.*--replace/,
    );
    expect(await communities()).toBe(1);
  });

  it('restores into an empty target, and over a full one with replace', async () => {
    const dir = emptyTarget();
    await restoreInto(dir, backupFile);
    expect(fs.existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'keys.json'))).toEqual(
      fs.readFileSync(path.join(sourceEnv.DATA_DIR!, 'keys.json')),
    );
    await restoreBackup({ config: sourceConfig, file: backupFile, passphrase, repoRoot, replace: true });
    expect(await communities()).toBe(1);
  }, 120_000);
});
