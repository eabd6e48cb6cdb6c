// Starts and keeps the function host: one child process (host-main.ts, compiled by
// compile-function.ts) under Node's permission model, which may read only the build folder and
// node_modules, may start worker threads, and may neither write files nor start processes. So
// a function cannot read DATA_DIR/keys.json or anything else of the server's.
//
// The host starts on the first invocation, not with the server: most servers (and every test
// platform that never calls a function) would otherwise pay for a process and an esbuild run at
// start-up. If it dies, the calls it was running answer the relay error and the next call
// starts a new one. close() stops it; it also leaves by itself when the server's IPC channel
// closes, so it never outlives the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import type { Logger } from 'pino';
import { compileHost } from './compile-function';
import { functionsErrors, type FunctionsFailure } from './functions-errors';
import type { HostCall, HostListening, HostOptions } from './host-protocol';
import { relayToHost, type HostAddress } from './relay-to-host';

const startLimitMs = 30_000;
const pinoLevels: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

export interface FunctionHostOptions extends Omit<HostOptions, 'workerEntry'> {
  buildDir: string;
  /** Folders of npm packages the compiled functions import. */
  packageDirs: string[];
  logger: Logger;
}

export interface FunctionHost {
  invoke(call: HostCall, request: Request, log: Logger): Promise<Response | FunctionsFailure>;
  close(): Promise<void>;
}

interface Running extends HostAddress {
  child: ChildProcess;
}

/** Re-logs the host's pino lines through the server's logger. */
function forwardLogs(child: ChildProcess, logger: Logger): void {
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      const { level, msg, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
      const name = pinoLevels[Number(level)] ?? 'info';
      logger[name](fields, typeof msg === 'string' ? msg : 'function host');
    } catch {
      logger.info({ line }, 'function host output');
    }
  });
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    logger.error({ line }, 'function host error output');
  });
}

export function createFunctionHost(options: FunctionHostOptions): FunctionHost {
  const logger = options.logger.child({ component: 'function-host' });
  let running: Promise<Running> | undefined;
  let closed = false;

  async function start(): Promise<Running> {
    fs.mkdirSync(options.buildDir, { recursive: true });
    const files = await compileHost(options.buildDir);
    const readable = [options.buildDir, ...options.packageDirs].map((dir) => `--allow-fs-read=${dir}/*`);
    const hostOptions: HostOptions = {
      workerEntry: files.worker,
      memoryMb: options.memoryMb,
      idleWorkers: options.idleWorkers,
      idleMs: options.idleMs,
      maxWorkers: options.maxWorkers,
      timeoutMs: options.timeoutMs,
      logLevel: options.logLevel,
    };
    const token = randomBytes(32).toString('base64url');
    const child = spawn(
      process.execPath,
      ['--experimental-permission', ...readable, '--allow-worker', '--no-warnings', files.main],
      {
        cwd: options.buildDir,
        env: { FUNCTION_HOST_TOKEN: token, FUNCTION_HOST_OPTIONS: JSON.stringify(hostOptions) },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    forwardLogs(child, logger);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('the function host did not start in time'));
      }, startLimitMs);
      child.on('message', (message: HostListening) => {
        if (message.type !== 'listening') return;
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the function host exited at start (${signal ?? code})`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    const agent = new http.Agent({ keepAlive: true });
    const host: Running = { child, port, token, agent };
    child.once('exit', (code, signal) => {
      agent.destroy();
      if (!closed) logger.warn({ code, signal }, 'function host stopped; the next call starts another');
    });
    return host;
  }

  function current(): Promise<Running> {
    if (running) return running;
    const starting = start();
    running = starting;
    starting.then(
      (host) => host.child.once('exit', () => running === starting && (running = undefined)),
      () => running === starting && (running = undefined),
    );
    return starting;
  }

  return {
    async invoke(call, request, log) {
      // A call that arrives while the server shuts down does not start another host.
      if (closed) return functionsErrors.workerError();
      let host: Running;
      try {
        host = await current();
      } catch (error) {
        log.error({ err: error }, 'function host failed to start');
        return functionsErrors.bootError();
      }
      return relayToHost(host, call, request, log);
    },
    async close() {
      closed = true;
      const starting = running;
      running = undefined;
      const host = await starting?.catch(() => undefined);
      if (!host || host.child.exitCode !== null || host.child.signalCode !== null) return;
      const exited = new Promise((resolve) => host.child.once('exit', resolve));
      host.child.kill('SIGTERM');
      const timer = setTimeout(() => host.child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The node_modules folders above the repository root's packages, as real paths. */
export function packageFolders(repoRoot: string): string[] {
  const candidates = [path.join(repoRoot, 'node_modules'), path.join(repoRoot, 'apps/server/node_modules')];
  return candidates.filter((dir) => fs.existsSync(dir)).map((dir) => fs.realpathSync(dir));
}
