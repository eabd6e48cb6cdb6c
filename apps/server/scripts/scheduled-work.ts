// npm run scheduled-work -- status|pause|resume: shows, sets or lifts the pause of scheduled
// work (cron jobs and reminders, release publishing, news and welcome mail, scheduled
// backups) in the database that DATABASE_URL or DATA_DIR names (decision 1007). A restored
// database starts paused. Running servers see a change within seconds. On the embedded
// database stop the server first (it holds the data directory), or start it once with
// SCHEDULED_WORK=resume; on PostgreSQL this may run beside running servers.
import { DataDirLockedError } from '../src/database/data-dir-lock';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openDatabase } from '../src/database/open-database';
import { BackupError } from '../src/operations/backup-error';
import { readConfigOrExit, runCommand } from '../src/operations/operator-cli';
import {
  pauseScheduledWork,
  readScheduledWorkPause,
  resumeScheduledWork,
} from '../src/operations/scheduled-work';
import { repoRoot } from '../src/platform';

runCommand(async () => {
  const action = process.argv[2];
  if (action !== 'status' && action !== 'pause' && action !== 'resume') {
    process.stderr.write('Usage: npm run scheduled-work -- status|pause|resume\n');
    return 2;
  }
  const config = readConfigOrExit();
  let db;
  try {
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `${error.message} Stop the server first, or start it with SCHEDULED_WORK=resume.`,
      );
    }
    throw error;
  }
  try {
    await migrate(db, defaultMigrationSources(repoRoot, config.migrationsDir));
    if (action === 'pause')
      await pauseScheduledWork(db, `paused by an operator on ${new Date().toISOString()}`);
    if (action === 'resume') await resumeScheduledWork(db);
    const pause = await readScheduledWorkPause(db);
    process.stdout.write(
      pause
        ? `Scheduled work is PAUSED: ${pause.reason}.\nResume it with: npm run scheduled-work -- resume\n`
        : 'Scheduled work runs (cron jobs, reminders, mail, scheduled backups).\n',
    );
    return 0;
  } finally {
    await db.close();
  }
});
