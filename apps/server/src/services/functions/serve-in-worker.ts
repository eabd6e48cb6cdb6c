// The entry of a function's worker thread. The thread was started with an explicit env
// (only what the function may read), so process.env and the Deno.env shim both see that
// and nothing of the server. It loads the function's module once, then answers one
// invocation at a time: the request arrives with a streamed body, the Response goes back
// with its body streamed. The host process's permission model (no file writes, no child
// processes, reads only of the build folder and node_modules) applies to this thread too.
import { syncBuiltinESMExports } from 'node:module';
import workerThreads, { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { headerList, type InvokeMessage, type WorkerBoot, type WorkerMessage } from './worker-protocol';

type FunctionHandler = (req: Request, context: { env: Readonly<Record<string, string>> }) => unknown;

const port = parentPort!;
const boot = workerData as WorkerBoot;
const env: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
);
let served: FunctionHandler | undefined;

function installEdgeGlobals(): void {
  const g = globalThis as { Deno?: unknown; WebSocket?: unknown };
  // supabase-js builds its realtime client on a global WebSocket, which Node 20 lacks.
  if (g.WebSocket === undefined) g.WebSocket = WebSocket;
  g.Deno = {
    env: {
      get: (name: string) => env[name],
      has: (name: string) => env[name] !== undefined,
      toObject: () => ({ ...env }),
    },
    serve(...args: unknown[]) {
      const handler = args.find((a): a is FunctionHandler => typeof a === 'function');
      if (handler) served = handler;
      return { finished: Promise.resolve(), shutdown: async () => undefined };
    },
  };
}

function accessDenied(permission: string, what: string): Error {
  return Object.assign(new Error(`Access to this API has been restricted: ${what}`), {
    code: 'ERR_ACCESS_DENIED',
    permission,
  });
}

/**
 * Node 20's permission model allows workers process-wide once the host may start them, and
 * does not govern signals. So, before a function's code loads, its own Worker is refused (a
 * thread it started would escape the pool's time and memory limits, though not the file-system
 * restrictions) and so is process.kill (which could stop the host or the server).
 */
function refuseProcessControl(): void {
  class RefusedWorker {
    constructor() {
      throw accessDenied('WorkerThreads', 'functions cannot start workers');
    }
  }
  (workerThreads as { Worker: unknown }).Worker = RefusedWorker;
  process.kill = () => {
    throw accessDenied('Signals', 'functions cannot signal processes');
  };
  syncBuiltinESMExports();
}

function post(message: WorkerMessage, transfer: ReadableStream[] = []): void {
  port.postMessage(message, transfer as never);
}

/** A stream of our own to transfer, fed from the function's (which may not be transferable). */
function transferable(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const relay = new TransformStream<Uint8Array, Uint8Array>();
  body.pipeTo(relay.writable).catch(() => undefined);
  return relay.readable;
}

async function answer(handler: FunctionHandler, message: InvokeMessage): Promise<void> {
  const init: RequestInit & { duplex?: 'half' } = { method: message.method, headers: message.headers };
  if (message.body) {
    init.body = message.body;
    init.duplex = 'half';
  }
  let result: unknown;
  try {
    result = await handler(new Request(message.url, init), { env });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return;
  }
  if (!(result instanceof Response)) {
    post({ type: 'failed', message: 'the function did not return a Response' });
    return;
  }
  const body = result.body ? transferable(result.body) : null;
  post(
    {
      type: 'response',
      status: result.status,
      statusText: result.statusText,
      headers: headerList(result.headers),
      body,
    },
    body ? [body] : [],
  );
}

async function start(): Promise<void> {
  installEdgeGlobals();
  refuseProcessControl();
  let handler: FunctionHandler;
  try {
    const mod = (await import(boot.href)) as { default?: unknown };
    const found = typeof mod.default === 'function' ? (mod.default as FunctionHandler) : served;
    if (!found) throw new Error(`${boot.href} has no default-exported handler`);
    handler = found;
  } catch (error) {
    post({
      type: 'boot-error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return;
  }
  port.on('message', (message: InvokeMessage) => {
    if (message.type === 'invoke') void answer(handler, message);
  });
  post({ type: 'ready' });
}

void start();
