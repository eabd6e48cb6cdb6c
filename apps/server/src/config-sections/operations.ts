// Settings of the operations part of the platform (backups, restore, metrics), merged into
// config.ts (the only reader of process.env). Document every variable here in .env.example too.
import { Cron } from 'croner';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

function isCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export const operationsEnv = z.object({
  BACKUP_SCHEDULE: optionalString.refine((v) => v === undefined || isCron(v), {
    message: 'must be a cron expression such as "0 3 * * *" (every night at 03:00)',
  }),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_PASSPHRASE: optionalString.refine((v) => v === undefined || v.length >= 12, {
    message: 'must be at least 12 characters long',
  }),
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_S3_PREFIX: z.string().default('backups/'),
  RELEASE_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  NEWS_MAIL_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
  SCHEDULED_WORK: z.enum(['auto', 'resume', 'paused']).default('auto'),
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(600).default(10),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters long',
  }),
});

type OperationsEnv = z.output<typeof operationsEnv>;

export function readOperationsConfig(env: OperationsEnv, dataDir: string) {
  return {
    backup: {
      /** Cron expression for scheduled backups in the running server; undefined = none. */
      schedule: env.BACKUP_SCHEDULE,
      /** Where backups are written (and rotated): DATA_DIR/backups unless set. */
      dir: env.BACKUP_DIR ?? `${dataDir.replace(/\/+$/, '')}/backups`,
      /** How many scheduled backups to keep (older ones are deleted after a good backup). */
      keep: env.BACKUP_KEEP,
      passphrase: env.BACKUP_PASSPHRASE,
      /** Also upload scheduled backups to this S3 bucket (STORAGE_S3_* connection settings). */
      s3Bucket: env.BACKUP_S3_BUCKET,
      s3Prefix: env.BACKUP_S3_PREFIX,
    },
    jobs: {
      /** How often scheduled events and news are checked for a release time that has come. */
      releaseIntervalMs: env.RELEASE_CHECK_SECONDS * 1000,
      /** How often queued news mailings are looked for and sent. */
      newsMailIntervalMs: env.NEWS_MAIL_CHECK_SECONDS * 1000,
      /** How often the project's cron jobs (cron.schedule) are checked for a due run. */
      cronIntervalMs: env.CRON_CHECK_SECONDS * 1000,
    },
    /**
     * Scheduled work at start (decision 1007): auto follows the database (paused after a
     * restore), resume removes that pause first, paused keeps this instance from running any.
     */
    scheduledWork: env.SCHEDULED_WORK,
    /** Bearer token that may read /metrics besides the service-role key. */
    metricsToken: env.METRICS_TOKEN,
    /** How long in-flight requests get to finish after SIGTERM before they are cut off. */
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
  };
}

export type OperationsConfig = ReturnType<typeof readOperationsConfig>;
