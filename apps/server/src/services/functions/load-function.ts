// Finds and loads supabase/functions/<name>/index.ts. The module's default export (or the
// handler it passes to Deno.serve) is the function. A changed file is loaded afresh.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { invocationScope, type FunctionHandler } from './function-env';

const namePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const entryFiles = ['index.ts', 'index.mts', 'index.js', 'index.mjs'];

export class FunctionBootError extends Error {
  override readonly name = 'FunctionBootError';
}

export interface FunctionLoader {
  /** undefined when no such function exists. */
  load(name: string): Promise<FunctionHandler | undefined>;
}

export function createFunctionLoader(
  dir: string,
  env: () => Readonly<Record<string, string>>,
): FunctionLoader {
  const cache = new Map<string, { mtimeMs: number; handler: Promise<FunctionHandler> }>();

  function entryOf(name: string): { file: string; mtimeMs: number } | undefined {
    if (!namePattern.test(name)) return undefined;
    for (const entry of entryFiles) {
      const file = path.join(dir, name, entry);
      try {
        const stat = fs.statSync(file);
        if (stat.isFile()) return { file, mtimeMs: stat.mtimeMs };
      } catch {
        // try the next entry name
      }
    }
    return undefined;
  }

  async function importHandler(file: string, mtimeMs: number): Promise<FunctionHandler> {
    const served: { handler: FunctionHandler | undefined } = { handler: undefined };
    const mod = (await invocationScope.run(
      { env: env(), served },
      () => import(`${pathToFileURL(file).href}?v=${Math.trunc(mtimeMs)}`),
    )) as { default?: unknown };
    const handler = typeof mod.default === 'function' ? (mod.default as FunctionHandler) : served.handler;
    if (!handler) throw new FunctionBootError(`${file} has no default-exported handler`);
    return handler;
  }

  return {
    async load(name) {
      const entry = entryOf(name);
      if (!entry) return undefined;
      const cached = cache.get(entry.file);
      if (cached && cached.mtimeMs === entry.mtimeMs) return cached.handler;
      const handler = importHandler(entry.file, entry.mtimeMs);
      cache.set(entry.file, { mtimeMs: entry.mtimeMs, handler });
      try {
        return await handler;
      } catch (error) {
        cache.delete(entry.file);
        throw error instanceof FunctionBootError
          ? error
          : new FunctionBootError(String(error), { cause: error });
      }
    },
  };
}
