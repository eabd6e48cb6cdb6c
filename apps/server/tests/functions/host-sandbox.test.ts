// Functions run in a host process under Node's permission model: a function cannot read the
// server's files (DATA_DIR/keys.json above all) or any other file outside the build folder and
// node_modules, cannot write files, start processes or threads, or signal processes. Each
// attempt fails inside the function with ERR_ACCESS_DENIED and the server keeps serving. A host
// that dies answers its in-flight calls with the relay error and is replaced on the next call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const keysSecret = 'not-for-functions-signing-key';

/** The TCP ports a process listens on (Linux /proc), to find the host's port from outside. */
function listeningPorts(pid: number): number[] {
  const sockets = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) sockets.add(inode);
    } catch {
      // the descriptor closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols[3] === '0A' && sockets.has(cols[9] ?? ''))
      ports.push(parseInt(cols[1]?.split(':')[1] ?? '', 16));
  }
  return ports;
}

interface ProbeAnswer {
  ok: boolean;
  code?: string | null;
  permission?: string | null;
  message?: string;
  result?: unknown;
}

describe('the function host sandbox', () => {
  let t: TestPlatform;
  let dataDir: string;
  let outsideDir: string;
  const probe = async (body: Record<string, unknown>): Promise<ProbeAnswer> => {
    const { data, error } = await t.client().functions.invoke('probe', { body });
    expect(error).toBeNull();
    return data as ProbeAnswer;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-sandbox-data-'));
    outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-sandbox-outside-'));
    // The test platform keeps its keys in memory; this stands in for the file a server keeps.
    fs.writeFileSync(path.join(dataDir, 'keys.json'), JSON.stringify({ privateKey: keysSecret }));
    fs.writeFileSync(path.join(outsideDir, 'note.txt'), 'outside the sandbox');
    t = await startTestPlatform({
      DATA_DIR: dataDir,
      FUNCTIONS_DIR: fixtures,
      FUNCTIONS_TIMEOUT_MS: '3000',
      FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
      STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-sandbox-storage'),
    });
  });
  afterAll(async () => {
    await t.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outsideDir, { recursive: true, force: true });
  });

  it('refuses to read DATA_DIR/keys.json, synchronously and asynchronously', async () => {
    const keys = path.join(dataDir, 'keys.json');
    for (const attempt of ['read', 'read-async']) {
      const answer = await probe({ try: attempt, path: keys });
      expect(answer, attempt).toMatchObject({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
        permission: 'FileSystemRead',
      });
      expect(JSON.stringify(answer)).not.toContain(keysSecret);
    }
  });

  it('refuses to read files outside the build folder and node_modules', async () => {
    for (const file of [
      path.join(outsideDir, 'note.txt'),
      '/etc/passwd',
      path.join(fixtures, 'functions.env'),
      path.join(fixtures, 'probe', 'index.ts'),
    ]) {
      expect(await probe({ try: 'read', path: file }), file).toMatchObject({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
        permission: 'FileSystemRead',
      });
    }
    // What the host may read: its compiled modules and the npm packages they import.
    const pkg = await probe({
      try: 'read',
      path: path.resolve(fixtures, '../../../../../node_modules/ws/package.json'),
    });
    expect(pkg.ok).toBe(true);
    expect(JSON.parse(pkg.result as string)).toMatchObject({ name: 'ws' });
  });

  it('runs a function importing a workspace package, which the server bundles into it', async () => {
    const claim = {
      [crypto.randomUUID()]: {
        community_id: crypto.randomUUID(),
        name: 'Roklubben',
        role: 'admin',
        areas: [],
        membership_manager: true,
      },
    };
    const valid = await t.client().functions.invoke('uses-schemas', { body: claim });
    expect(valid.error).toBeNull();
    expect(valid.data).toEqual({ valid: true });
    const invalid = await t.client().functions.invoke('uses-schemas', { body: { x: { role: 'owner' } } });
    expect(invalid.data).toEqual({ valid: false });
  });

  it('refuses to write files, even into the folder it may read', async () => {
    const targets = [
      path.join(outsideDir, 'written.txt'),
      path.join(dataDir, 'functions-build', 'planted.mjs'),
      path.join(dataDir, 'keys.json'),
    ];
    for (const file of targets) {
      expect(await probe({ try: 'write', path: file }), file).toMatchObject({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
        permission: 'FileSystemWrite',
      });
    }
    expect(fs.existsSync(targets[0]!)).toBe(false);
    expect(fs.existsSync(targets[1]!)).toBe(false);
    expect(JSON.parse(fs.readFileSync(targets[2]!, 'utf8'))).toEqual({ privateKey: keysSecret });
  });

  it('refuses to start processes', async () => {
    for (const attempt of ['spawn', 'spawn-async']) {
      expect(await probe({ try: attempt }), attempt).toMatchObject({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
        permission: 'ChildProcess',
      });
    }
  });

  it('refuses a worker of its own and signals to processes', async () => {
    // A worker started with an execArgv lacking --experimental-permission would run without the
    // permission model in Node 20, so function code may start none at all.
    for (const execArgv of [undefined, []]) {
      expect(await probe({ try: 'worker', execArgv }), JSON.stringify(execArgv)).toMatchObject({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
        permission: 'WorkerThreads',
      });
    }
    expect(await probe({ try: 'kill', pid: process.pid })).toMatchObject({
      ok: false,
      code: 'ERR_ACCESS_DENIED',
      permission: 'Signals',
    });
  });

  it('runs in a worker thread of a process other than the server, which inherits the restrictions', async () => {
    const keys = path.join(dataDir, 'keys.json');
    const answer = await probe({ try: 'whoami', path: keys });
    expect(answer.ok).toBe(true);
    const who = answer.result as { isMainThread: boolean; pid: number; mayRead: boolean };
    expect(who.isMainThread).toBe(false);
    expect(who.pid).not.toBe(process.pid);
    expect(who.mayRead).toBe(false);
  });

  it('answers nothing but the server, which holds its token', async () => {
    const who = await probe({ try: 'whoami' });
    const ports = listeningPorts((who.result as { pid: number }).pid);
    expect(ports).toHaveLength(1);
    const hostUrl = `http://127.0.0.1:${ports[0]}/`;
    const call = Buffer.from(
      JSON.stringify({ name: 'probe', module: '/nonexistent.mjs', url: 'http://x/', env: {} }),
    ).toString('base64url');
    for (const headers of <Record<string, string>[]>[
      {},
      { 'x-function-host-call': call },
      { 'x-function-host-token': 'guessed', 'x-function-host-call': call },
      { 'x-function-host-token': '', 'x-function-host-call': call },
    ]) {
      const res = await fetch(hostUrl, { method: 'POST', headers, body: '{"try":"whoami"}' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toBe('');
    }
  });

  it('keeps serving after every refused attempt', async () => {
    const health = await fetch(`${t.url}/health`);
    expect(health.status).toBe(200);
    const echo = await t.client().functions.invoke('echo', { body: 'still serving' });
    expect(echo.error).toBeNull();
    expect((echo.data as { body: string }).body).toBe('still serving');
  });

  it('answers in-flight calls with the relay error when the host dies, and starts a new host', async () => {
    const before = await probe({ try: 'whoami' });
    const hostPid = (before.result as { pid: number }).pid;
    const inFlight = t.client().functions.invoke('slow');
    // Long enough for the call to reach the host on a busy machine, well short of its 3 s limit.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    process.kill(hostPid, 'SIGKILL');
    const { data, error } = await inFlight;
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });

    const after = await probe({ try: 'whoami' });
    expect((after.result as { pid: number }).pid).not.toBe(hostPid);
    expect(await probe({ try: 'read', path: path.join(dataDir, 'keys.json') })).toMatchObject({
      code: 'ERR_ACCESS_DENIED',
    });
  });

  it('stops the host with the server', async () => {
    const t2 = await startTestPlatform({
      DATA_DIR: dataDir,
      FUNCTIONS_DIR: fixtures,
      FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
      STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-sandbox-storage'),
    });
    const { data } = await t2.client().functions.invoke('probe', { body: { try: 'whoami' } });
    const hostPid = ((data as ProbeAnswer).result as { pid: number }).pid;
    expect(() => process.kill(hostPid, 0)).not.toThrow();
    await t2.stop();
    expect(() => process.kill(hostPid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
