// The real server process starts on a database with no club schema (MIGRATIONS_DIR an empty
// folder), with the demo data left at its default: no demo club to load, no setup link to print.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

describe('the server process on a bare platform', () => {
  let server: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bare-'));
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-no-migrations-'));
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(emptyDir, { recursive: true, force: true });
  });

  it('starts and prints neither a demo login nor a setup link', { timeout: 200_000 }, async () => {
    server = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      MIGRATIONS_DIR: emptyDir,
      DEMO_DATA: 'true',
    });
    await waitForHealth(server);
    expect(server.output()).not.toMatch(/Demo data|setup link|could not start/);
    const settings = await fetch(`${server.url}/auth/v1/settings`, {
      headers: {
        apikey: (JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string })
          .anonKey,
      },
    });
    expect(settings.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
