// Assembles a running platform from a configuration: database, migrations, keys and the
// HTTP server. main.ts uses it with the real environment; tests use it in-process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';
import { loadKeys, type KeyMaterial } from './access/keys';
import type { Config } from './config';
import type { Database } from './database/database';
import { defaultMigrationSources, migrate, type MigrationSource } from './database/migrator';
import { openDatabase } from './database/open-database';
import { pgcryptoWorks } from './database/pglite-database';
import { fastPathListener } from './http/fast-path';
import { startCronScheduler, type CronScheduler } from './jobs/cron-scheduler';
import { startReleaseTicker } from './jobs/publish-due-releases';
import { startMemberImportTicker } from './jobs/run-member-imports';
import { startGroupWelcomeTicker } from './jobs/send-group-welcomes';
import { startNewsMailTicker } from './jobs/send-news-mailings';
import { createMessaging, devInboxEnabled } from './mail/create-mailer';
import { DevInbox } from './mail/dev-inbox';
import { startDevInboxSmtp, type DevInboxSmtp } from './mail/dev-inbox-smtp';
import { startBackupScheduler, type BackupScheduler } from './operations/backup-scheduler';
import { openScheduledWorkGate, type ScheduledWorkGate } from './operations/scheduled-work';
import { createServer, type PlatformServer } from './server';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface PlatformOptions {
  config: Config;
  logger: Logger;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  db?: Database;
  /** Keys kept in memory (tests) instead of DATA_DIR/keys.json. */
  inMemoryKeys?: boolean;
  migrationSources?: MigrationSource[];
  webDir?: string;
  /** Background jobs such as publishing scheduled releases and backups (default on). */
  scheduledJobs?: boolean;
  /** The environment the configuration came from; scheduled backups run the backup command with it. */
  env?: Record<string, string | undefined>;
}

export interface RunningPlatform {
  url: string;
  port: number;
  db: Database;
  keys: KeyMaterial;
  server: PlatformServer;
  http: http.Server;
  /** The scheduled backups, when BACKUP_SCHEDULE is set. */
  backups: BackupScheduler | undefined;
  /** Runs cron.schedule jobs and net.http_post requests where pg_cron / pg_net are absent. */
  scheduler: CronScheduler | undefined;
  /** Whether scheduled work runs here (paused after a restore, decision 1007); undefined without jobs. */
  scheduledWork: ScheduledWorkGate | undefined;
  /** The SMTP_URL edge functions get: SMTP_URL, or the development inbox's listener (decision 1020). */
  functionsSmtpUrl: string | undefined;
  /** Stops accepting, lets in-flight requests finish, then closes services and the database. */
  stop(): Promise<void>;
}

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const { config, logger } = options;
  const open = () => openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let db = options.db ?? (await open());
  let devInboxSmtp: DevInboxSmtp | undefined;
  try {
    const migrated = await migrate(
      db,
      options.migrationSources ?? defaultMigrationSources(repoRoot, config.migrationsDir),
    );
    if (migrated.applied.length > 0) logger.info({ applied: migrated.applied }, 'migrations applied');
    if (db.engine === 'pglite' && !options.db && !(await pgcryptoWorks(db))) {
      // The migrations just installed pgcrypto into an instance that cannot use it (ADR
      // 0713); opening the files again gives a working one, or fails loudly.
      logger.warn('the embedded database could not use pgcrypto; opening it again');
      await db.close();
      db = await open();
    }
    const keys = await loadKeys({
      dataDir: options.inMemoryKeys ? undefined : config.dataDir,
      algorithm: config.jwtAlgorithm,
      jwtSecret: config.jwtSecret,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      cprKey: config.cprEncryptionKey,
    });
    // Without SMTP_URL the development inbox also listens as an SMTP server on loopback, and
    // edge functions get its address as their SMTP_URL (decision 1020): one mail
    // configuration for the server and the functions.
    // /metrics exists only once the server does; mail taken before that goes uncounted.
    const mailCounter: { count?: (outcome: 'sent' | 'failed') => void } = {};
    if (devInboxEnabled({ nodeEnv: config.nodeEnv, smtpUrl: config.auth.smtpUrl })) {
      devInboxSmtp = await startDevInboxSmtp({
        inbox: new DevInbox(db),
        secret: keys.devInboxToken,
        logger,
        onMail: (outcome) => mailCounter.count?.(outcome),
      });
    }
    const functionsSmtpUrl = config.auth.smtpUrl ?? devInboxSmtp?.url;
    const server = createServer({
      config,
      db,
      keys,
      logger,
      repoRoot,
      functionsSmtpUrl,
      dbSettings: { 'app.cpr_key': keys.cprKey },
      webDir: options.webDir ?? path.join(repoRoot, 'apps/web/dist'),
    });
    mailCounter.count = (outcome) => server.metrics.mail(outcome);
    await server.ready();
    const listener = getRequestListener(server.fetch);
    // The listener handles its own errors (onError renders them); nothing to await here.
    const httpServer = http.createServer(
      fastPathListener(
        server.fastHandlers,
        logger,
        (req, res) => void listener(req, res),
        server.metrics.observeRequest,
      ),
    );
    httpServer.on('upgrade', (req, socket, head) => server.upgrade(req, socket, head));
    httpServer.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    const port = (httpServer.address() as AddressInfo).port;
    const jobs = config.operations.jobs;
    // Scheduled work waits while the database says it is paused (a restored copy, decision
    // 1007); every job asks before each run, so resuming takes effect without a restart.
    const gate =
      options.scheduledJobs === false
        ? undefined
        : await openScheduledWorkGate(db, config.operations.scheduledWork);
    const paused = () => gate?.paused() ?? false;
    const releases =
      options.scheduledJobs === false
        ? undefined
        : startReleaseTicker(db, logger, jobs.releaseIntervalMs, paused);
    // News mail goes through the same transport as the auth mails (SMTP_URL or the dev inbox).
    const newsMailer =
      options.scheduledJobs === false
        ? undefined
        : createMessaging({
            nodeEnv: config.nodeEnv,
            smtpUrl: config.auth.smtpUrl,
            mailFrom: config.auth.mailFrom,
            smsWebhookUrl: undefined,
            db,
            onMail: (outcome) => server.metrics.mail(outcome),
          }).mailer;
    // Unsubscribe links in news mail name the server's public address (its bound port when
    // the configured one is 0, as in tests).
    const mailBase = new URL(config.publicUrl);
    if (mailBase.port === '0') mailBase.port = String(port);
    const newsMail =
      newsMailer &&
      startNewsMailTicker(db, newsMailer, mailBase.toString(), logger, jobs.newsMailIntervalMs, paused);
    // Group welcome mails queued by the database go the same way, on the same schedule.
    const groupWelcomes =
      newsMailer && startGroupWelcomeTicker(db, newsMailer, logger, jobs.newsMailIntervalMs, paused);
    // Member imports queued from the import page are applied here (decision 0932).
    const memberImports =
      options.scheduledJobs === false ? undefined : startMemberImportTicker(db, keys.cprKey, logger);
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    // The project's scheduled jobs (decision 1021). A job that calls an edge function finds
    // the server's own address and the service-role key in these settings.
    const scheduler =
      options.scheduledJobs === false
        ? undefined
        : await startCronScheduler({
            db,
            logger,
            paused,
            tickMs: jobs.cronIntervalMs,
            settings: {
              'app.cpr_key': keys.cprKey,
              'platform.url': `http://${loopbackHost(config.host)}:${port}`,
              'platform.service_role_key': keys.serviceRoleKey,
            },
          });
    const backups =
      options.scheduledJobs === false || !config.operations.backup.schedule
        ? undefined
        : startBackupScheduler({
            config,
            db,
            logger,
            repoRoot,
            env: options.env ?? process.env,
            port,
            paused,
          });
    let stopping: Promise<void> | undefined;
    return {
      url: `http://${host}:${port}`,
      port,
      db,
      keys,
      server,
      http: httpServer,
      backups,
      scheduler,
      scheduledWork: gate,
      functionsSmtpUrl,
      stop() {
        stopping ??= (async () => {
          scheduler?.stop();
          gate?.stop();
          releases?.stop();
          memberImports?.stop();
          newsMail?.stop();
          groupWelcomes?.stop();
          await newsMailer?.close?.();
          await backups?.stop();
          const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
          httpServer.closeIdleConnections();
          const deadline = setTimeout(() => httpServer.closeAllConnections(), 10_000);
          await server.close();
          await devInboxSmtp?.close();
          await closed;
          clearTimeout(deadline);
          await db.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await devInboxSmtp?.close();
    if (!options.db) await db.close().catch(() => undefined);
    throw error;
  }
}

/** Where the server reaches itself: the loopback address of a wildcard listener. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host;
}
