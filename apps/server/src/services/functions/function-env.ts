// What a function may read of the environment. Functions run inside the server process,
// so they are not handed process.env: each invocation sees only
//   - SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (as on Supabase), and
//   - the variables of the functions env file (FUNCTIONS_ENV_FILE, default <dir>/.env),
// through a Deno.env-style accessor (Deno.env.get('NAME'), as Supabase functions are
// written) and the handler's second argument ({ env }). The accessor follows the
// invocation through AsyncLocalStorage, so concurrent invocations never mix.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import WebSocket from 'ws';

export type FunctionHandler = (req: Request, context: { env: Readonly<Record<string, string>> }) => unknown;

interface InvocationScope {
  env: Readonly<Record<string, string>>;
  /** Set while a module is being loaded: where Deno.serve(handler) records its handler. */
  served?: { handler: FunctionHandler | undefined };
}

export const invocationScope = new AsyncLocalStorage<InvocationScope>();

/** Parses a dotenv file: NAME=value lines, # comments, optional quotes. */
export function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    let value = match[2] ?? '';
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[1] === '"' ? (quoted[2] ?? '').replace(/\\n/g, '\n') : (quoted[2] ?? '');
    else value = value.replace(/\s+#.*$/, '');
    env[match[1]!] = value;
  }
  return env;
}

interface DenoShim {
  env: {
    get(name: string): string | undefined;
    has(name: string): boolean;
    toObject(): Record<string, string>;
  };
  serve(...args: unknown[]): { finished: Promise<void>; shutdown(): Promise<void> };
}

/**
 * Installs what edge functions expect of their runtime and Node 20 lacks: the Deno-like
 * global (unless one is present) and a global WebSocket (supabase-js builds its realtime
 * client on it when a function calls createClient).
 */
export function installEdgeGlobals(): void {
  const g = globalThis as { Deno?: unknown; WebSocket?: unknown };
  if (g.WebSocket === undefined) g.WebSocket = WebSocket;
  if (g.Deno !== undefined) return;
  const shim: DenoShim = {
    env: {
      get: (name) => invocationScope.getStore()?.env[name],
      has: (name) => invocationScope.getStore()?.env[name] !== undefined,
      toObject: () => ({ ...(invocationScope.getStore()?.env ?? {}) }),
    },
    serve(...args) {
      const handler = args.find((a): a is FunctionHandler => typeof a === 'function');
      const served = invocationScope.getStore()?.served;
      if (served && handler) served.handler = handler;
      return { finished: Promise.resolve(), shutdown: async () => undefined };
    },
  };
  g.Deno = shim;
}
