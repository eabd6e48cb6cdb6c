// The process: read the configuration, start the platform, print where it runs, and
// shut down cleanly on SIGTERM/SIGINT.
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './database/data-dir-lock';
import { DataDirPermissionError, makeDataDirPrivate } from './database/private-data-dir';
import { MigrationError } from './database/migrator';
import { devInboxEnabled } from './mail/create-mailer';
import { devInboxUrl } from './services/auth/show-dev-inbox';
import { startPlatform } from './platform';
import { scheduledWorkBanner } from './operations/scheduled-work';
import { trackRequests } from './http/graceful-shutdown';
import { ensureSetupToken, hasFirstRunSetup, watchSetupToken } from './access/setup-token';
import { loadDemoIfEmpty } from '../../../supabase/seed/generate-demo';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: undefined });
  // Files the server creates from now on are its own alone (PGlite sets its own modes; the
  // directory's 0700 covers those).
  process.umask(0o077);
  let platform;
  try {
    makeDataDirPrivate(config.dataDir);
    platform = await startPlatform({ config, logger });
  } catch (error) {
    if (
      error instanceof DataDirLockedError ||
      error instanceof DataDirPermissionError ||
      error instanceof MigrationError
    ) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `Port ${config.port} on ${config.host} is already in use. Set PORT to another port.\n`,
      );
      process.exit(1);
    }
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      process.stderr.write(
        `Cannot use the data directory ${path.resolve(config.dataDir)}: permission denied.\n`,
      );
      process.exit(1);
    }
    throw error;
  }
  const requests = trackRequests(platform.http);
  // Again once the embedded database has written its files (PGlite makes them 0666).
  makeDataDirPrivate(config.dataDir);
  const baseUrl = config.port === 0 ? platform.url : config.publicUrl;
  const lines = [
    '',
    `  Club platform is running on ${baseUrl}`,
    `  Database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${path.resolve(config.dataDir)}`}`,
    `  Keys file: ${platform.keys.file ?? 'in memory'}`,
    ...scheduledWorkBanner(platform.scheduledWork?.pause() ?? null),
    '',
  ];
  if (platform.scheduledWork?.paused()) {
    logger.warn({ pause: platform.scheduledWork.pause() }, 'scheduled work is paused');
  }
  // The inbox's address carries its secret; it is printed here for the operator only,
  // never logged.
  if (devInboxEnabled({ nodeEnv: config.nodeEnv, smtpUrl: config.auth.smtpUrl })) {
    lines.splice(-1, 0, `  Mail inbox: ${devInboxUrl(baseUrl, platform.keys.devInboxToken)}`);
  }
  // A first start on the embedded database gets the demo club and prints its admin login
  // (not on a bare platform, whose database has no club to fill).
  if (config.demoData && !config.databaseUrl && (await hasFirstRunSetup(platform.db))) {
    const demo = await loadDemoIfEmpty(platform.db, {
      cprKey: platform.keys.cprKey,
      members: config.domain.demoMembers,
    });
    if (demo) {
      lines.splice(
        -1,
        0,
        `  Demo data: ${demo.slug}, admin login ${demo.adminEmail} / ${demo.adminPassword}`,
      );
    }
  }
  // No community yet (PostgreSQL, or DEMO_DATA=false): print the one-time setup link.
  const setupToken = await ensureSetupToken(platform.db, config.dataDir);
  const stopWatchingToken = setupToken ? watchSetupToken(platform.db, config.dataDir) : () => undefined;
  if (setupToken) {
    lines.splice(
      -1,
      0,
      '  No community exists yet. Open the one-time setup link to create yours and invite its owner:',
      `    ${config.publicUrl.replace(/\/$/, '')}/da/setup?token=${setupToken}`,
      '  or run: npm run community:create -- --name "Your club" --owner-email you@example.dk',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  // Bounded shutdown (decision 1006): stop accepting, let requests in flight finish within
  // SHUTDOWN_TIMEOUT, cut off the rest, close the services and the database; if that still
  // has not finished a while later, something hangs, and the process exits anyway. A second
  // signal exits at once.
  const deadlineMs = config.operations.shutdownTimeoutMs;
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    stopWatchingToken();
    logger.info({ signal, inFlight: requests.inFlight(), deadlineMs }, 'shutting down');
    setTimeout(() => {
      logger.error({ deadlineMs }, 'shutdown did not finish after the deadline: exiting anyway');
      process.exit(1);
    }, deadlineMs + 15_000);
    requests
      .drain(deadlineMs)
      .then((cutOff) => {
        if (cutOff > 0)
          logger.warn({ requests: cutOff, deadlineMs }, 'shutdown deadline passed: requests cut off');
        return platform.stop();
      })
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
