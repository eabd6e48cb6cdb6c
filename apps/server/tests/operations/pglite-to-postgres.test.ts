// The README's move: a club on the embedded database (demo data, a member with a CPR
// number, an uploaded image, issued invoices) is backed up with `npm run backup` while the
// server serves requests, restored with `npm run restore` into a fresh PostgreSQL database
// (TEST_DATABASE_URL; on the embedded run into a fresh data directory), and started there.
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

describe('moving a club from the embedded database to PostgreSQL', () => {
  it('keeps logins, sessions, CPR numbers, images, invoice numbers and realtime', async () => {
    const sourceDir = tempDir('club-source-');
    cleanups.push(() => fs.rmSync(sourceDir, { recursive: true, force: true }));
    const source = await startClub({ DATA_DIR: sourceDir }, { demo: true });
    cleanups.push(() => source.stop());
    expect(source.platform.db.engine).toBe('pglite');
    const facts = await recordClubFacts(source);

    const backupFile = path.join(sourceDir, 'backups', 'move.tar.gz.age');
    const backup = await backupWhileServing(source, backupFile, facts);
    expect(backup.stderr).toContain('asking it for a snapshot');
    await source.stop();

    const targetDir = tempDir('club-target-');
    cleanups.push(() => fs.rmSync(targetDir, { recursive: true, force: true }));
    const database = await freshPostgres();
    if (database) cleanups.push(() => database.drop());
    const targetEnv = { DATA_DIR: targetDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    const restore = await runCommand('restore', [backupFile], {
      ...targetEnv,
      BACKUP_PASSPHRASE: passphrase,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('1 stored files');

    const target = await startClub(targetEnv);
    cleanups.push(() => target.stop());
    expect(target.platform.db.engine).toBe(database ? 'postgres' : 'pglite');
    await expectClubFacts(target, facts);
  }, 300_000);
});
