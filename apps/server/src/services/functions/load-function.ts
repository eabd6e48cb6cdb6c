// Finds supabase/functions/<name>/index.ts. compile-function.ts builds it again when the
// file's mtime changes; the new build has a new module path, so it gets new workers.
import fs from 'node:fs';
import path from 'node:path';

const namePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const entryFiles = ['index.ts', 'index.mts', 'index.js', 'index.mjs'];

export interface FunctionEntry {
  name: string;
  file: string;
  mtimeMs: number;
}

/** undefined when no such function exists (or the name could leave the folder). */
export function findFunction(dir: string, name: string): FunctionEntry | undefined {
  if (!namePattern.test(name)) return undefined;
  for (const entry of entryFiles) {
    const file = path.join(dir, name, entry);
    try {
      const stat = fs.statSync(file);
      if (stat.isFile()) return { name, file, mtimeMs: stat.mtimeMs };
    } catch {
      // try the next entry name
    }
  }
  return undefined;
}
