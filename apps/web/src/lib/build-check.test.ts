import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkBuild,
  isChunkLoadError,
  isNewBuildAvailable,
  reloadAfterChunkError,
  reloadGuardMs,
  resetBuildCheck,
} from './build-check';

// A real HTTP server standing in for /builds/latest.json, whose id the test changes.
let buildId = 'build-1';
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/builds/latest.json') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: buildId, timestamp: 1 }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetchFromServer: typeof fetch = (input, init) => fetch(`${base}${String(input)}`, init);

describe('new-build check', () => {
  beforeEach(() => {
    resetBuildCheck();
    buildId = 'build-1';
  });

  it('notices a new build id after the one the page started with', async () => {
    expect(await checkBuild(fetchFromServer)).toBe(false);
    expect(await checkBuild(fetchFromServer)).toBe(false);
    buildId = 'build-2';
    expect(await checkBuild(fetchFromServer)).toBe(true);
    expect(isNewBuildAvailable()).toBe(true);
  });

  it('keeps quiet when the server cannot be reached', async () => {
    await checkBuild(fetchFromServer);
    const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    expect(await checkBuild(unreachable)).toBe(false);
  });
});

describe('chunk load recovery', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reloads once, then not again within 10,000 ms', () => {
    let reloads = 0;
    const reload = () => void (reloads += 1);
    expect(reloadAfterChunkError(100_000, reload)).toBe(true);
    expect(reloadAfterChunkError(100_000 + reloadGuardMs - 1, reload)).toBe(false);
    expect(reloadAfterChunkError(100_000 + reloadGuardMs, reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
