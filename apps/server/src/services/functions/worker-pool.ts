// The worker threads that run functions, inside the function host process (host-main.ts).
// Each invocation has a thread of its own for as long as it runs, so a function that never
// yields (while (true) {}) or exhausts its heap takes down only its thread: the wall-clock
// limit terminates it (worker.terminate()) and resourceLimits bound its heap. A thread that
// answered normally goes back to a small idle pool for the same compiled module and
// environment, so warm calls skip the boot.
//
// Threads run the compiled serve-in-worker entry (compile-function.ts), which imports the
// function's compiled module; no TypeScript loader runs in the host.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { functionsErrors, type FunctionsFailure } from './functions-errors';
import type { FunctionEntry } from './load-function';
import { headerList, type InvokeMessage, type WorkerBoot, type WorkerMessage } from './worker-protocol';

/** A booting module gets this long before it counts as a boot failure (separate from the run limit). */
const bootLimitMs = 30_000;
const nullBodyStatuses = new Set([101, 204, 205, 304]);

type Death = 'timeout' | 'memory' | 'crash';

interface Thread {
  key: string;
  worker: Worker;
  death: Death | undefined;
  exited: boolean;
  waiter: { resolve(m: WorkerMessage): void; reject(e: ThreadDied): void } | undefined;
  onDeath: ((death: Death) => void) | undefined;
  idleTimer: NodeJS.Timeout | undefined;
}

class ThreadDied extends Error {
  constructor(readonly death: Death) {
    super(`function worker stopped (${death})`);
  }
}

export interface WorkerPoolOptions {
  memoryMb: number;
  idleWorkers: number;
  /** An idle thread is stopped after this long without work. */
  idleMs: number;
  /** Invocations running at once; more wait (up to the boot limit) for one to end. */
  maxWorkers: number;
  timeoutMs: number;
  logger: Logger;
  /** The compiled serve-in-worker module a thread runs. */
  workerEntry: string;
}

export interface WorkerPool {
  /** Runs one invocation: the function's Response, or the runtime's failure. */
  invoke(
    fn: FunctionEntry,
    env: Readonly<Record<string, string>>,
    request: Request,
    log: Logger,
  ): Promise<Response | FunctionsFailure>;
  close(): Promise<void>;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const idle = new Map<string, Thread[]>();
  const live = new Set<Thread>();
  let running = 0;
  const slotWaiters: (() => void)[] = [];

  /** Waits for a free invocation slot; false when none came free within the boot limit. */
  async function takeSlot(): Promise<boolean> {
    const deadline = Date.now() + bootLimitMs;
    while (running >= options.maxWorkers) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          slotWaiters.splice(slotWaiters.indexOf(wake), 1);
          resolve();
        }, left);
        slotWaiters.push(wake);
      });
    }
    running += 1;
    return true;
  }

  function freeSlot(): void {
    running -= 1;
    slotWaiters.shift()?.();
  }

  function nextMessage(thread: Thread): Promise<WorkerMessage> {
    if (thread.exited) return Promise.reject(new ThreadDied(thread.death ?? 'crash'));
    return new Promise((resolve, reject) => {
      thread.waiter = { resolve, reject };
    });
  }

  /** Takes a thread out of the idle pool, so nothing hands it out again. */
  function unpool(thread: Thread): void {
    clearTimeout(thread.idleTimer);
    const list = idle.get(thread.key);
    if (!list?.includes(thread)) return;
    const rest = list.filter((t) => t !== thread);
    if (rest.length > 0) idle.set(thread.key, rest);
    else idle.delete(thread.key);
  }

  /**
   * Stops a thread. It leaves the idle pool at once: termination finishes later (its 'exit'),
   * and a thread handed out in between would take a request and die under it.
   */
  function kill(thread: Thread, death: Death): void {
    thread.death ??= death;
    unpool(thread);
    void thread.worker.terminate();
  }

  function spawn(key: string, fn: FunctionEntry, env: Readonly<Record<string, string>>): Thread {
    const boot: WorkerBoot = { href: pathToFileURL(fn.file).href };
    const worker = new Worker(options.workerEntry, {
      env: { ...env },
      // No execArgv of its own: in Node 20 a worker started with an execArgv that lacks
      // --experimental-permission runs without the permission model. Inheriting the host's
      // keeps its restrictions.
      workerData: boot,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    const thread: Thread = {
      key,
      worker,
      death: undefined,
      exited: false,
      waiter: undefined,
      onDeath: undefined,
      idleTimer: undefined,
    };
    live.add(thread);
    worker.on('message', (message: WorkerMessage) => {
      const waiter = thread.waiter;
      thread.waiter = undefined;
      waiter?.resolve(message);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      thread.death ??= error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      options.logger.warn({ err: error, function: fn.name }, 'function worker failed');
    });
    worker.on('exit', () => {
      thread.exited = true;
      thread.death ??= 'crash';
      live.delete(thread);
      unpool(thread);
      thread.waiter?.reject(new ThreadDied(thread.death));
      thread.waiter = undefined;
      thread.onDeath?.(thread.death);
    });
    return thread;
  }

  /** A booted thread for this key, idle or new; or the failure of booting one. */
  async function acquire(
    key: string,
    fn: FunctionEntry,
    env: Readonly<Record<string, string>>,
    log: Logger,
  ): Promise<Thread | FunctionsFailure> {
    const ready = idle.get(key)?.pop();
    // One told to stop (or failed) but not yet gone: its 'exit' takes it out; boot another.
    if (ready?.death !== undefined) return acquire(key, fn, env, log);
    if (ready) {
      clearTimeout(ready.idleTimer);
      ready.worker.ref();
      return ready;
    }
    // Threads of an older version of this function are not wanted any more.
    for (const [otherKey, threads] of idle) {
      if (otherKey !== key && otherKey.startsWith(`${fn.name}\0`)) for (const t of threads) kill(t, 'crash');
    }
    const thread = spawn(key, fn, env);
    const timer = setTimeout(() => kill(thread, 'timeout'), bootLimitMs);
    try {
      const first = await nextMessage(thread);
      if (first.type === 'ready') return thread;
      log.error(
        { function: fn.name, error: 'message' in first ? first.message : first.type },
        'function failed to boot',
      );
      kill(thread, 'crash');
      return functionsErrors.bootError();
    } catch (error) {
      if (error instanceof ThreadDied && error.death === 'memory') return functionsErrors.memoryLimit();
      log.error({ err: error, function: fn.name }, 'function failed to boot');
      return functionsErrors.bootError();
    } finally {
      clearTimeout(timer);
    }
  }

  function release(thread: Thread): void {
    thread.onDeath = undefined;
    if (thread.exited) return;
    const list = idle.get(thread.key) ?? [];
    if (list.length >= options.idleWorkers) {
      kill(thread, 'crash');
      return;
    }
    list.push(thread);
    idle.set(thread.key, list);
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => kill(thread, 'crash'), options.idleMs);
    thread.idleTimer.unref();
  }

  /** The function's response body as the client reads it; its end frees the thread. */
  function relayBody(
    source: ReadableStream<Uint8Array>,
    thread: Thread,
    finish: (ok: boolean) => void,
  ): ReadableStream<Uint8Array> {
    const reader = source.getReader();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        thread.onDeath = (death) => {
          finish(false);
          controller.error(new ThreadDied(death));
        };
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            finish(true);
          } else controller.enqueue(value);
        } catch (error) {
          finish(false);
          controller.error(error);
        }
      },
      cancel(reason) {
        finish(false);
        reader.cancel(reason).catch(() => undefined);
      },
    });
  }

  return {
    async invoke(fn, env, request, log) {
      const key = `${fn.name}\0${fn.file}\0${JSON.stringify(env)}`;
      if (!(await takeSlot())) {
        log.warn({ function: fn.name }, 'no function worker became free in time');
        return functionsErrors.timeout();
      }
      const thread = await acquire(key, fn, env, log);
      if (!('worker' in thread)) {
        freeSlot();
        return thread;
      }

      let settled = false;
      const timer = setTimeout(() => {
        log.warn({ function: fn.name }, 'function timed out');
        kill(thread, 'timeout');
      }, options.timeoutMs);
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        freeSlot();
        if (ok) release(thread);
        else kill(thread, 'crash');
      };

      let body: ReadableStream<Uint8Array> | null = null;
      if (request.body) {
        const relay = new TransformStream<Uint8Array, Uint8Array>();
        request.body.pipeTo(relay.writable).catch(() => undefined);
        body = relay.readable;
      }
      const message: InvokeMessage = {
        type: 'invoke',
        method: request.method,
        url: request.url,
        headers: headerList(request.headers),
        body,
      };
      let answer: WorkerMessage;
      try {
        const pending = nextMessage(thread);
        thread.worker.postMessage(message, body ? [body as never] : []);
        answer = await pending;
      } catch (error) {
        finish(false);
        const death = error instanceof ThreadDied ? error.death : 'crash';
        if (death === 'timeout') return functionsErrors.timeout();
        if (death === 'memory') return functionsErrors.memoryLimit();
        log.error({ err: error, function: fn.name }, 'function worker stopped');
        return functionsErrors.workerError();
      }
      if (answer.type !== 'response') {
        log.error(
          { function: fn.name, error: 'message' in answer ? answer.message : answer.type },
          'function failed',
        );
        finish(true);
        return functionsErrors.workerError();
      }
      const init = { status: answer.status, statusText: answer.statusText, headers: answer.headers };
      if (!answer.body || nullBodyStatuses.has(answer.status)) {
        answer.body?.cancel().catch(() => undefined);
        finish(true);
        return new Response(null, init);
      }
      return new Response(relayBody(answer.body, thread, finish), init);
    },
    async close() {
      const threads = [...live];
      idle.clear();
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
