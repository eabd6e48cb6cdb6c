import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config';
import { repoRoot } from '../../src/platform';

describe('.env.example', () => {
  const documented = new Set(
    fs
      .readFileSync(path.join(repoRoot, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  );
  const read = Object.keys(configSchema.in.shape);

  it('documents every variable the configuration reads', () => {
    expect(read.length).toBeGreaterThan(40);
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable the configuration ignores', () => {
    expect([...documented].filter((name) => !read.includes(name))).toEqual([]);
  });
});
