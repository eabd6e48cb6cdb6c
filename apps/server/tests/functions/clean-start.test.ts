// The production start (node --import tsx src/main.ts, a process of its own) compiles
// TypeScript functions and runs them in its function host, which hands them none of the
// process environment and none of the server's files.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const fixtures = path.join(here, 'fixtures');

describe('functions after a clean start of the server process', () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-clean-start-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        CPR_ENCRYPTION_KEY: 'clean-start-cpr-key-0123456789',
        FUNCTIONS_DIR: fixtures,
        FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
        FUNCTIONS_PUBLIC: 'reads-secrets,stream,probe',
        CLUB_SERVER_ONLY_SECRET: 'only the server process has this',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
  }, 180_000);
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a TypeScript function that sees only its own variables', async () => {
    const res = await fetch(`${url}/functions/v1/reads-secrets`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      processEnvNames: [
        'EXTRA',
        'GREETING',
        'SUPABASE_ANON_KEY',
        'SUPABASE_SERVICE_ROLE_KEY',
        'SUPABASE_URL',
      ],
      serverSecret: null,
      denoServerSecret: null,
      greeting: 'hej med dig',
    });
  });

  it('keeps DATA_DIR/keys.json, which the server reads, out of reach of functions', async () => {
    const keys = path.join(dataDir, 'keys.json');
    expect(fs.existsSync(keys)).toBe(true);
    const res = await fetch(`${url}/functions/v1/probe`, {
      method: 'POST',
      body: JSON.stringify({ try: 'read', path: keys }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ ok: false, code: 'ERR_ACCESS_DENIED', permission: 'FileSystemRead' });
    expect(JSON.stringify(answer)).not.toContain(fs.readFileSync(keys, 'utf8').slice(0, 40));
  });

  it('streams a function response from the worker', async () => {
    const res = await fetch(`${url}/functions/v1/stream?chunks=2`);
    expect(res.status).toBe(207);
    expect(
      (await res.text())
        .trim()
        .split('\n')
        .map((l) => l.split(' at ')[0]),
    ).toEqual(['chunk 0', 'chunk 1']);
  });

  it('leaves no function host behind when the server process is killed outright', async () => {
    const res = await fetch(`${url}/functions/v1/probe`, {
      method: 'POST',
      body: JSON.stringify({ try: 'whoami' }),
    });
    const hostPid = ((await res.json()) as { result: { pid: number } }).result.pid;
    expect(hostPid).not.toBe(child.pid);
    expect(() => process.kill(hostPid, 0)).not.toThrow();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const deadline = Date.now() + 10_000;
    let alive = true;
    while (alive && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        process.kill(hostPid, 0);
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  });
});
