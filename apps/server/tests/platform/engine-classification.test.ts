import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedOnly, engineIndependent } from '../../vitest.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Files left out of the PostgreSQL pass must exist: a renamed or moved file would otherwise
// silently start running on PostgreSQL again, or a typo would hide that it never left.
describe('engine classification of server test files', () => {
  it('names only files that exist, once each', () => {
    const listed = [...engineIndependent, ...embeddedOnly];
    expect(new Set(listed).size).toBe(listed.length);
    for (const file of listed) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
