// The way back: a club on PostgreSQL (TEST_DATABASE_URL; on the embedded run, the embedded
// database) backed up with pg_dump while it serves, restored into a fresh embedded data
// directory, started there, with everything carried over.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backupWhileServing,
  expectClubFacts,
  freshPostgres,
  passphrase,
  recordClubFacts,
  runCommand,
  startClub,
  tempDir,
} from './club-kit';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('moving a club from PostgreSQL to the embedded database', () => {
  it('keeps logins, sessions, CPR numbers, images, invoice numbers and realtime', async () => {
    const sourceDir = tempDir('club-source-');
    cleanups.push(() => fs.rmSync(sourceDir, { recursive: true, force: true }));
    const database = await freshPostgres();
    if (database) cleanups.push(() => database.drop());
    const source = await startClub(
      { DATA_DIR: sourceDir, ...(database ? { DATABASE_URL: database.url } : {}) },
      { demo: true },
    );
    cleanups.push(() => source.stop());
    const facts = await recordClubFacts(source);
    const backupFile = path.join(sourceDir, 'club.tar.gz.age');
    await backupWhileServing(source, backupFile, facts);
    await source.stop();

    const targetDir = tempDir('club-target-');
    cleanups.push(() => fs.rmSync(targetDir, { recursive: true, force: true }));
    const restore = await runCommand('restore', [backupFile], {
      DATA_DIR: targetDir,
      BACKUP_PASSPHRASE: passphrase,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(database ? 'from:   postgres backup' : 'from:   pglite backup');

    const target = await startClub({ DATA_DIR: targetDir });
    cleanups.push(() => target.stop());
    expect(target.platform.db.engine).toBe('pglite');
    await expectClubFacts(target, facts);
  }, 300_000);
});
