import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

// SIGTERM stops accepting, lets requests in flight finish within SHUTDOWN_TIMEOUT, cuts off
// what still hangs and exits (issue 38: a server was alive, not listening, 35 minutes after
// SIGTERM). Before, the function host was stopped at once and a request in flight got 500.
describe('shutdown on SIGTERM', () => {
  const servers: ServerProcess[] = [];
  afterAll(() => {
    for (const s of servers) s.child.kill('SIGKILL');
  });

  it(
    'finishes the request in flight, cuts off the hanging one at the deadline and exits',
    { timeout: 240_000 },
    async () => {
      // The functions call this server: /slow is answered when the test releases it, /hang at
      // once; both tell the test that their request is in flight at the platform.
      const arrived = new Map<string, () => void>();
      const arrival = (name: string) => new Promise<void>((resolve) => arrived.set(name, resolve));
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const control = http.createServer((req, res) => {
        const name = req.url!.slice(1);
        arrived.get(name)?.();
        if (name === 'slow') void released.then(() => res.end('release'));
        else res.end('ok');
      });
      await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
      const controlUrl = `http://127.0.0.1:${(control.address() as { port: number }).port}`;

      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-shutdown-'));
      const server = spawnServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        FUNCTIONS_DIR: path.join(import.meta.dirname, 'fixtures/shutdown'),
        SHUTDOWN_TIMEOUT: '2',
        LOG_LEVEL: 'info',
      });
      servers.push(server);
      await waitForHealth(server);
      const { anonKey } = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as {
        anonKey: string;
      };
      const call = (name: string) =>
        fetch(`${server.url}/functions/v1/${name}`, {
          method: 'POST',
          headers: {
            apikey: anonKey,
            authorization: `Bearer ${anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ url: `${controlUrl}/${name}` }),
        }).then(
          async (res) => ({ status: res.status, text: await res.text() }),
          (error: unknown) => ({ status: 0, text: String(error) }),
        );
      const slowArrived = arrival('slow');
      const hangArrived = arrival('hang');
      const slow = call('slow');
      const hang = call('hang');
      await Promise.all([slowArrived, hangArrived]);

      server.child.kill('SIGTERM');
      await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('"msg":"shutting down"');
      expect(server.output()).toContain('"inFlight":2');
      // No longer accepting: a new connection is refused while the two are still in flight.
      await expect(fetch(`${server.url}/health`)).rejects.toThrow();
      release();
      expect(await slow).toEqual({ status: 200, text: 'finished after release' });
      // The hanging request is cut off at the deadline, and the process exits by itself.
      expect((await hang).status).toBe(0);
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(
        /"requests":1,"deadlineMs":2000,"msg":"shutdown deadline passed: requests cut off"/,
      );
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      control.close();
    },
  );
});
