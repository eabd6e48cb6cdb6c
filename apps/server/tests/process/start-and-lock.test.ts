import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Each test starts real server processes on a fresh embedded database: allow minutes.
const slow = { timeout: 240_000 };
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

describe('the server process', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  it('refuses an invalid configuration with every problem listed and a non-zero exit', slow, async () => {
    const server = spawnServer({ PORT: 'eighty', JWT_SECRET: 'short', DATA_DIR: os.tmpdir() });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration:/);
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it(
    'starts, keeps its keys private, and a second server on the same data directory refuses to start',
    slow,
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-data-'));
      const first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      started.push(first);
      await waitForHealth(first);
      expect(first.output()).toContain('Club platform is running on http://localhost:');
      expect(first.output()).toContain(path.join(dataDir, 'keys.json'));
      expect(fs.statSync(path.join(dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
      // The development inbox's address, with the secret kept in keys.json, is printed for
      // the operator; without the secret the inbox stays shut.
      const { devInboxToken } = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8'));
      const inboxUrl = /Mail inbox: (http:\/\/localhost:\d+\/auth\/v1\/_dev\/inbox\?token=\S+)/.exec(
        first.output(),
      )?.[1];
      expect(inboxUrl).toBe(
        `${first.url.replace('127.0.0.1', 'localhost')}/auth/v1/_dev/inbox?token=${devInboxToken}`,
      );
      const opened = await fetch(inboxUrl!.replace('localhost', '127.0.0.1'));
      expect(opened.status).toBe(200);
      expect(await opened.text()).toContain('<h1>Development inbox</h1>');
      expect((await fetch(`${first.url}/auth/v1/_dev/inbox`)).status).toBe(401);

      const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      started.push(second);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/data directory .* is in use by another server \(process \d+\)/);

      // The first server is unharmed and still serves.
      const health = await fetch(`${first.url}/health`);
      expect(await health.json()).toEqual({
        status: 'ok',
        database: 'pglite',
        backup: { scheduled: false, last_success_at: null, last_failure_at: null },
      });

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    },
  );

  it('explains an unusable data directory', slow, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-file-')), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: file });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/could not start|data directory/i);
  });
});
