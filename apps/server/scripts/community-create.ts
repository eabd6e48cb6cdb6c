// npm run community:create -- --name "Søndervang IF" --owner-email formand@sondervang-if.dk
// Creates a community and invites its first owner by e-mail (docs/decisions/0870). Reads the
// same environment as `npm start` (DATABASE_URL or DATA_DIR, SMTP_URL, PUBLIC_URL …): it
// starts the platform in-process on a private port, calls the operator's functions with the
// service role, and stops. On the embedded database, stop the server first (it holds the
// data directory); on PostgreSQL it may run beside a running server.
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import pino from 'pino';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../src/config';
import { DataDirLockedError } from '../src/database/data-dir-lock';
import { MigrationError } from '../src/database/migrator';
import { devInboxEnabled } from '../src/mail/create-mailer';
import { startPlatform } from '../src/platform';
import { devInboxUrl } from '../src/services/auth/show-dev-inbox';
import {
  checkCommunityName,
  checkEmail,
  GoLiveError,
  goLive,
} from '../../../supabase/functions/_shared/go-live';

const usage = `Usage: npm run community:create -- --name "Søndervang IF" --owner-email formand@sondervang-if.dk
  [--slug soendervang-if] [--language da|en]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        name: { type: 'string' },
        'owner-email': { type: 'string' },
        slug: { type: 'string' },
        language: { type: 'string', default: 'da' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (!args.name || !args['owner-email']) fail(usage);
  if (args.language !== 'da' && args.language !== 'en') fail('--language is da or en');
  let name: string;
  let ownerEmail: string;
  try {
    name = checkCommunityName(args.name);
    ownerEmail = checkEmail(args['owner-email']);
  } catch (error) {
    fail((error as Error).message);
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = pino({ level: 'warn', base: undefined });
  // Links in the mail keep the configured public address; only this run's listener is private.
  let platform;
  try {
    platform = await startPlatform({
      config: { ...config, port: 0, host: '127.0.0.1' },
      logger,
      scheduledJobs: false,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(`${error.message}\nStop the server first, or use the setup link it prints.`);
    }
    if (error instanceof MigrationError) fail(error.message);
    throw error;
  }
  try {
    const admin = createClient(platform.url, platform.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const language = args.language;
    const { community, owner } = await goLive(
      admin,
      {
        name,
        ownerEmail,
        slug: args.slug,
        redirectTo: `${config.siteUrl.replace(/\/$/, '')}/${language}/new-password`,
      },
      (slug, ownerUserId) =>
        admin
          .rpc('create_community', {
            p_name: name,
            p_owner_user_id: ownerUserId,
            p_slug: slug,
            p_default_language: language,
          })
          .single(),
    );
    const lines = [
      `Created ${community.name}: ${config.publicUrl.replace(/\/$/, '')}/${language}/${community.slug}`,
      owner.invited
        ? `Invited ${ownerEmail} as its owner; the invitation mail holds the link to set a password.`
        : `${ownerEmail} already has an account and is now the owner; they can sign in.`,
    ];
    if (owner.invited && devInboxEnabled({ nodeEnv: config.nodeEnv, smtpUrl: config.auth.smtpUrl })) {
      lines.push(
        `No SMTP_URL is set: the mail is in the development inbox, ${devInboxUrl(config.publicUrl, platform.keys.devInboxToken)}`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    if (error instanceof GoLiveError) {
      await platform.stop();
      fail(`${error.message} (${error.code})`);
    }
    throw error;
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `community:create failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
