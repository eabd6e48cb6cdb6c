// Compiles TypeScript for the function host with esbuild's JS API, in the server process:
// the host runs under Node's permission model without --allow-child-process, so it cannot
// run tsx (whose transforms start a child process). Outputs go to DATA_DIR/functions-build,
// named by a hash of their content, so a changed source gets a new module URL and an
// unchanged one is written once.
//
// npm packages stay outside the bundle; their imports are rewritten to file: URLs of the
// package esbuild resolved, because the bundle's own folder has no node_modules above it.
// Workspace packages (@club/schemas) are bundled.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import type { FunctionEntry } from './load-function';

/** Import paths that are neither relative nor absolute (esbuild filters are Go regexps, no look-ahead). */
const barePackage = /^[^./]/;

const packagesAsFileUrls: Plugin = {
  name: 'packages-as-file-urls',
  setup(b) {
    b.onResolve({ filter: barePackage }, async (args) => {
      if ((args.pluginData as { resolving?: boolean } | undefined)?.resolving) return undefined;
      if (args.path.startsWith('node:') || path.isAbsolute(args.path)) return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0 || resolved.external || !path.isAbsolute(resolved.path))
        return { path: args.path, external: true };
      // A workspace package (linked from outside node_modules) goes into the bundle, since the
      // host may not read its folder.
      if (!resolved.path.split(path.sep).includes('node_modules')) return { path: resolved.path };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'silent',
  plugins: [packagesAsFileUrls],
};

function contentHash(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** Writes through a temporary name, so a reader never sees half a module. */
function writeOnce(file: string, contents: Uint8Array): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${contentHash(String(Math.random()))}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

export class CompileError extends Error {}

export interface FunctionCompiler {
  /** The compiled module of this version of the function; CompileError when it does not build. */
  compile(fn: FunctionEntry): Promise<string>;
}

export function createFunctionCompiler(buildDir: string): FunctionCompiler {
  const built = new Map<string, { mtimeMs: number; module: Promise<string> }>();

  async function compileNow(fn: FunctionEntry): Promise<string> {
    let output: Uint8Array;
    try {
      const result = await build({ ...common, entryPoints: [fn.file], outfile: 'index.mjs' });
      const file = result.outputFiles?.[0];
      if (!file) throw new Error('esbuild produced no output');
      output = file.contents;
    } catch (error) {
      throw new CompileError(error instanceof Error ? error.message : String(error));
    }
    const module = path.join(buildDir, `${fn.name}-${contentHash(output)}.mjs`);
    writeOnce(module, output);
    return module;
  }

  return {
    compile(fn) {
      const known = built.get(fn.file);
      if (known && known.mtimeMs === fn.mtimeMs) return known.module;
      const module = compileNow(fn);
      built.set(fn.file, { mtimeMs: fn.mtimeMs, module });
      module.catch(() => {
        if (built.get(fn.file)?.module === module) built.delete(fn.file);
      });
      return module;
    },
  };
}

export interface HostFiles {
  /** The host process's entry module. */
  main: string;
  /** The entry of a function's worker thread. */
  worker: string;
}

/** Compiles the host (host-main.ts) and worker (serve-in-worker.ts) entries into buildDir/host-<hash>/. */
export async function compileHost(buildDir: string): Promise<HostFiles> {
  const result = await build({
    ...common,
    entryPoints: {
      'host-main': fileURLToPath(new URL('./host-main.ts', import.meta.url)),
      'serve-in-worker': fileURLToPath(new URL('./serve-in-worker.ts', import.meta.url)),
    },
    outdir: 'out',
    outExtension: { '.js': '.mjs' },
  });
  const outputs = result.outputFiles ?? [];
  const dir = path.join(
    buildDir,
    `host-${contentHash(...outputs.flatMap((o) => [path.basename(o.path), o.contents]))}`,
  );
  for (const output of outputs) writeOnce(path.join(dir, path.basename(output.path)), output.contents);
  return { main: path.join(dir, 'host-main.mjs'), worker: path.join(dir, 'serve-in-worker.mjs') };
}
