// A club the backup tests move between engines: a real platform with its keys file in a
// data directory (not in-memory keys), the demo club, the backup/restore commands run as
// the operator runs them (child processes), and the facts the tests compare before and
// after a move (sign-in, CPR, image bytes, invoice numbers, realtime).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import pino from 'pino';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { repoRoot, startPlatform, type RunningPlatform } from '../../src/platform';
import { adminQuery } from '../support/test-database';
import { demoAdminEmail, demoAdminPassword, seedDemo } from '../../../../supabase/seed/generate-demo';

export const passphrase = 'test-passphrase-for-backups';

export interface Club {
  platform: RunningPlatform;
  env: Record<string, string>;
  client(): SupabaseClient;
  stop(): Promise<void>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server; undefined on the embedded run. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `ops_${crypto.randomBytes(6).toString('hex')}`;
  const admin = (sql: string) => adminQuery(base, sql);
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Starts the platform the way main.ts does, keys kept in DATA_DIR/keys.json. */
export async function startClub(
  env: Record<string, string>,
  options: { demo?: boolean } = {},
): Promise<Club> {
  const configEnv = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...env,
  };
  const config = loadConfig(configEnv);
  const platform = await startPlatform({
    config,
    logger: pino({ level: 'silent' }),
    webDir: '/nonexistent',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...configEnv },
  });
  if (options.demo) await seedDemo(platform.db, { members: 20, accounts: 2, cprKey: platform.keys.cprKey });
  const client = () =>
    createClient(platform.url, platform.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  return { platform, env: { ...env, PORT: String(platform.port) }, client, stop: () => platform.stop() };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as a child process (the scripts behind them). */
export function runCommand(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, `apps/server/scripts/${script}.ts`), ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export async function signInAdmin(club: Club) {
  const client = club.client();
  const { data, error } = await client.auth.signInWithPassword({
    email: demoAdminEmail,
    password: demoAdminPassword,
  });
  if (error) throw error;
  return { client, session: data.session! };
}

export async function demoCommunity(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.from('communities').select('id').eq('slug', 'sondervang-if').single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** Issues a new invoice the way the billing screens do; returns its number. */
export async function issueInvoice(client: SupabaseClient, community: string): Promise<number> {
  const account = await client
    .from('billing_accounts')
    .select('id')
    .eq('community_id', community)
    .limit(1)
    .single();
  if (account.error) throw account.error;
  const invoice = await client
    .from('invoices')
    .insert({ community_id: community, account_id: (account.data as { id: string }).id })
    .select('id')
    .single();
  if (invoice.error) throw invoice.error;
  const id = (invoice.data as { id: string }).id;
  const line = await client
    .from('invoice_lines')
    .insert({ community_id: community, invoice_id: id, description: 'Kontingent', unit_price_ore: 25000 });
  if (line.error) throw line.error;
  const issued = await client
    .from('invoices')
    .update({ status: 'issued' })
    .eq('id', id)
    .select('number')
    .single();
  if (issued.error) throw issued.error;
  return Number((issued.data as { number: number }).number);
}

/** A small image with real PNG bytes (random pixels, so the bytes are this test's own). */
export async function randomPng(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp(crypto.randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
    .png()
    .toBuffer();
}

/** Resolves with the first postgres_changes insert on news_comments the client sees. */
export async function watchNewsComments(client: SupabaseClient, accessToken: string) {
  await client.realtime.setAuth(accessToken);
  let resolveEvent: (row: Record<string, unknown>) => void = () => undefined;
  const event = new Promise<Record<string, unknown>>((resolve) => (resolveEvent = resolve));
  const channel = client
    .channel('backup-test')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'news_comments' }, (payload) =>
      resolveEvent(payload.new),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return { event, close: () => client.removeChannel(channel) };
}

/** What a move must carry over, recorded on the source club. */
export interface ClubFacts {
  session: Session;
  community: string;
  memberId: string;
  image: Buffer;
  imagePath: string;
  lastInvoice: number;
}

/** Adds a member with a CPR number, uploads an image and issues an invoice, as the demo admin. */
export async function recordClubFacts(club: Club): Promise<ClubFacts> {
  const { client, session } = await signInAdmin(club);
  const community = await demoCommunity(client);
  const member = await client
    .from('members')
    .insert({ community_id: community, first_name: 'Birgit', last_name: 'Backupsen' })
    .select('id')
    .single();
  expect(member.error).toBeNull();
  const memberId = (member.data as { id: string }).id;
  const cpr = await client.rpc('set_member_cpr', { p_member_id: memberId, p_cpr: '150387-1234' });
  expect(cpr.error).toBeNull();
  const image = await randomPng();
  const imagePath = `${community}/backup-test.png`;
  const upload = await client.storage
    .from('event-images')
    .upload(imagePath, image, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  return {
    session,
    community,
    memberId,
    image,
    imagePath,
    lastInvoice: await issueInvoice(client, community),
  };
}

/** Runs `npm run backup` while the club's server answers reads; every read must succeed. */
export async function backupWhileServing(club: Club, file: string, facts: ClubFacts): Promise<CommandResult> {
  let serving = true;
  const statuses: number[] = [];
  const load = (async () => {
    while (serving) {
      const res = await fetch(`${club.platform.url}/rest/v1/members?select=id,full_name&limit=20`, {
        headers: {
          apikey: club.platform.keys.anonKey,
          authorization: `Bearer ${facts.session.access_token}`,
        },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  })();
  const backup = await runCommand('backup', [file], { ...club.env, BACKUP_PASSPHRASE: passphrase });
  serving = false;
  await load;
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/sha256: +[0-9a-f]{64}/);
  expect(backup.stdout).toMatch(/size: +[\d.]+ (KiB|MiB)/);
  expect(backup.stdout).toContain('1 stored files');
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set([200]));
  expect(fs.readFileSync(file).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
  return backup;
}

/** Checks on the restored club that everything recorded on the source carried over. */
export async function expectClubFacts(target: Club, facts: ClubFacts): Promise<void> {
  // A session from before the move still works: same signing keys, same sessions.
  const anon = target.client();
  const user = await anon.auth.getUser(facts.session.access_token);
  expect(user.data.user?.email).toBe(demoAdminEmail);
  const refreshed = await anon.auth.refreshSession({ refresh_token: facts.session.refresh_token });
  expect(refreshed.error).toBeNull();

  // The same password signs in; the CPR key still decrypts; the image is byte-identical.
  const signedIn = await signInAdmin(target);
  const revealed = await signedIn.client.rpc('reveal_member_cpr', {
    p_member_id: facts.memberId,
    p_reason: 'Checking the move to PostgreSQL',
  });
  expect(revealed.error).toBeNull();
  expect(revealed.data).toBe('150387-1234');
  const download = await signedIn.client.storage.from('event-images').download(facts.imagePath);
  expect(download.error).toBeNull();
  expect(Buffer.from(await download.data!.arrayBuffer()).equals(facts.image)).toBe(true);

  // Invoice numbers continue without a gap.
  expect(await issueInvoice(signedIn.client, facts.community)).toBe(facts.lastInvoice + 1);

  // Realtime: a change on a published table reaches a subscriber.
  const watch = await watchNewsComments(signedIn.client, signedIn.session.access_token);
  const post = await target.platform.db.query<{ id: string }>(
    'select id from public.news_posts where community_id = $1 limit 1',
    [facts.community],
  );
  await target.platform.db.query(
    `insert into public.news_comments (community_id, post_id, author_name, body) values ($1, $2, 'Birgit', 'Efter flytningen')`,
    [facts.community, post.rows[0]!.id],
  );
  expect((await watch.event).body).toBe('Efter flytningen');
  await watch.close();
}

export { demoAdminPassword, repoRoot };
