// The README's move: a club on the embedded database (demo data, a member with a CPR
// number, an uploaded image, issued invoices) is backed up with `npm run backup` while the
// server serves requests, restored with `npm run restore` into a fresh PostgreSQL database
// (TEST_DATABASE_URL; on the embedded run into a fresh data directory), and started there.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  demoCommunity,
  freshPostgres,
  issueInvoice,
  passphrase,
  randomPng,
  runCommand,
  signInAdmin,
  startClub,
  tempDir,
  watchNewsComments,
  type Club,
} from './club-kit';
import { demoAdminEmail } from '../../../../supabase/seed/generate-demo';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('moving a club from the embedded database to PostgreSQL', () => {
  it('keeps logins, sessions, CPR numbers, images, invoice numbers and realtime', async () => {
    const sourceDir = tempDir('club-source-');
    cleanups.push(() => fs.rmSync(sourceDir, { recursive: true, force: true }));
    const source: Club = await startClub({ DATA_DIR: sourceDir }, { demo: true });
    cleanups.push(() => source.stop());
    expect(source.platform.db.engine).toBe('pglite');

    const { client, session } = await signInAdmin(source);
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
    const lastInvoice = await issueInvoice(client, community);

    // Back up while the server answers reads.
    let serving = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (serving) {
        const res = await fetch(`${source.platform.url}/rest/v1/members?select=id,full_name&limit=20`, {
          headers: { apikey: source.platform.keys.anonKey, authorization: `Bearer ${session.access_token}` },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    })();
    const backupFile = path.join(sourceDir, 'backups', 'move.tar.gz.age');
    const backup = await runCommand('backup', [backupFile], { ...source.env, BACKUP_PASSPHRASE: passphrase });
    serving = false;
    await load;
    expect(backup.stderr).toContain('asking it for a snapshot');
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/sha256: +[0-9a-f]{64}/);
    expect(backup.stdout).toMatch(/size: +[\d.]+ (KiB|MiB)/);
    expect(backup.stdout).toContain('1 stored files');
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(fs.readFileSync(backupFile).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
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

    // A session from before the move still works: same signing keys, same sessions.
    const anon = target.client();
    const user = await anon.auth.getUser(session.access_token);
    expect(user.data.user?.email).toBe(demoAdminEmail);
    const refreshed = await anon.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();

    const signedIn = await signInAdmin(target);
    const revealed = await signedIn.client.rpc('reveal_member_cpr', { p_member_id: memberId });
    expect(revealed.error).toBeNull();
    expect(revealed.data).toBe('150387-1234');

    const download = await signedIn.client.storage.from('event-images').download(imagePath);
    expect(download.error).toBeNull();
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(image)).toBe(true);

    expect(await issueInvoice(signedIn.client, community)).toBe(lastInvoice + 1);

    const watch = await watchNewsComments(signedIn.client, signedIn.session.access_token);
    const post = await target.platform.db.query<{ id: string }>(
      'select id from public.news_posts where community_id = $1 limit 1',
      [community],
    );
    await target.platform.db.query(
      `insert into public.news_comments (community_id, post_id, author_name, body) values ($1, $2, 'Birgit', 'Efter flytningen')`,
      [community, post.rows[0]!.id],
    );
    expect((await watch.event).body).toBe('Efter flytningen');
    await watch.close();
  }, 300_000);
});
