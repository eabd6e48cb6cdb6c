// npm run backup -- [file] [--unencrypted]: one encrypted file with the club's database,
// keys and stored files, from the same DATA_DIR/DATABASE_URL settings as npm start. Works
// while the server runs. The passphrase comes from BACKUP_PASSPHRASE or the prompt.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordBackupOutcome } from '../src/operations/backup-status';
import { createBackup } from '../src/operations/create-backup';
import { promptPassphrase, progress, readConfigOrExit, runCommand } from '../src/operations/operator-cli';
import { formatBytes } from '../src/operations/write-backup-archive';

runCommand(async () => {
  const { values, positionals } = parseArgs({
    options: {
      unencrypted: { type: 'boolean', default: false },
      // Internal: a snapshot file the running server took (scheduled backups).
      snapshot: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (positionals.length > 1) {
    process.stderr.write('Usage: npm run backup -- [file] [--unencrypted]\n');
    return 2;
  }
  const config = readConfigOrExit();
  const passphrase =
    config.operations.backup.passphrase ??
    (values.unencrypted ? undefined : await promptPassphrase('Passphrase for the backup: '));
  const started = Date.now();
  process.stderr.write('Backing up\n');
  const written = await createBackup({
    config,
    target: positionals[0],
    passphrase: values.unencrypted ? undefined : passphrase,
    unencrypted: values.unencrypted,
    snapshotFile: values.snapshot,
    onProgress: progress,
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    recordBackupOutcome(config.operations.backup.dir, {
      failure: { at: new Date().toISOString(), error: message },
    });
    throw error;
  });
  recordBackupOutcome(config.operations.backup.dir, {
    success: {
      at: new Date().toISOString(),
      file: path.basename(written.file),
      bytes: written.bytes,
      sha256: written.sha256,
    },
  });
  process.stdout.write(
    [
      `Backup written: ${written.file}`,
      `  size:    ${formatBytes(written.bytes)} (${written.bytes} bytes)`,
      `  sha256:  ${written.sha256}  (also in ${written.file}.sha256)`,
      `  files:   ${written.objects} stored files${written.missingObjects ? ` (${written.missingObjects} deleted while the backup ran, left out)` : ''}`,
      `  time:    ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  ${passphrase && !values.unencrypted ? 'encrypted with the passphrase (age format); keep the passphrase apart from the file' : 'NOT encrypted: it holds the keys and personal data in the clear'}`,
      '',
    ].join('\n'),
  );
  return 0;
});
