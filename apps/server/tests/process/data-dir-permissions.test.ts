// The data directory is private to the server's user whatever existed before (decision
// 1002): a directory made 0755 beforehand, world-readable files in it, and the database
// files PGlite writes 0666 all end 0700/0600; a directory owned by another user stops the
// start with what to do. Real server processes on a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

const slow = { timeout: 240_000 };

/** Every entry under dir (not following links) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want) found.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

describe('the data directory', () => {
  const started: ServerProcess[] = [];
  afterAll(() => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  it(
    'becomes private to the server: directories 0700, files 0600, made beforehand or not',
    slow,
    async () => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-perm-')), 'data');
      fs.mkdirSync(dataDir, { mode: 0o755 });
      fs.chmodSync(dataDir, 0o755);
      fs.mkdirSync(path.join(dataDir, 'storage', 'event-images'), { recursive: true, mode: 0o755 });
      fs.writeFileSync(path.join(dataDir, 'storage', 'event-images', '@v1'), 'bytes', { mode: 0o644 });
      fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'operator', { mode: 0o666 });
      fs.chmodSync(path.join(dataDir, 'notes.txt'), 0o666);
      expect(openToOthers(dataDir).length).toBeGreaterThan(0);

      const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      started.push(server);
      await waitForHealth(server);
      expect(fs.readdirSync(path.join(dataDir, 'pgdata')).length).toBeGreaterThan(0);
      expect(openToOthers(dataDir)).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it('refuses to start, saying why, when the directory belongs to another user', slow, async () => {
    // As root, a directory given to another user; as anyone else, / (root's).
    const me = process.getuid!();
    let dataDir = '/';
    if (me === 0) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-perm-other-'));
      fs.chownSync(dataDir, 4242, 4242);
    }
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/cannot be made private to this server/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });
});
