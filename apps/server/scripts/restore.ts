// npm run restore -- <file> [--replace] [--run-scheduled-work]: brings a backup back into an empty embedded data
// directory (DATA_DIR) or an empty PostgreSQL database (DATABASE_URL), with the keys file
// and the stored files (to the file store or S3, STORAGE_BACKEND). The server must be stopped.
// The restored copy starts with its scheduled work paused (a restore is often a test) unless
// --run-scheduled-work is given; `npm run scheduled-work -- resume` lifts the pause later.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { repoRoot } from '../src/platform';
import { promptPassphrase, progress, readConfigOrExit, runCommand } from '../src/operations/operator-cli';
import { restoreBackup } from '../src/operations/restore-backup';
import { ageMagic } from '../src/operations/backup-format';
import fs from 'node:fs';

function isEncrypted(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(ageMagic.length);
    fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    return head.equals(ageMagic);
  } catch {
    return false;
  }
}

runCommand(async () => {
  const { values, positionals } = parseArgs({
    options: {
      replace: { type: 'boolean', default: false },
      'run-scheduled-work': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    process.stderr.write('Usage: npm run restore -- <backup file> [--replace] [--run-scheduled-work]\n');
    return 2;
  }
  const config = readConfigOrExit();
  const file = path.resolve(positionals[0]!);
  const passphrase =
    config.operations.backup.passphrase ??
    (isEncrypted(file) ? await promptPassphrase('Passphrase of the backup: ') : undefined);
  const started = Date.now();
  process.stderr.write('Restoring\n');
  const result = await restoreBackup({
    config,
    file,
    passphrase,
    replace: values.replace,
    runScheduledWork: values['run-scheduled-work'],
    repoRoot,
    onProgress: progress,
  });
  process.stdout.write(
    [
      `Restored ${file}`,
      `  into:   ${result.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${path.resolve(config.dataDir)}`}`,
      `  from:   ${result.manifest.source.engine} backup of ${result.manifest.createdAt}`,
      `  files:  ${result.objects} stored files (${config.storage.backend === 's3' ? 'S3' : 'file store'})`,
      `  keys:   ${path.resolve(config.dataDir, 'keys.json')}`,
      `  time:   ${((Date.now() - started) / 1000).toFixed(1)} s`,
      result.scheduledWorkPaused
        ? '  scheduled work: PAUSED (cron jobs, reminders, mail, backups) until you run: npm run scheduled-work -- resume'
        : '  scheduled work: runs when the server starts (--run-scheduled-work)',
      'Start the server with the same settings: npm start',
      '',
    ].join('\n'),
  );
  return 0;
});
