// The one-time first-run setup token (docs/decisions/0870). While the installation has no
// community, start-up makes sure a token exists and main.ts prints it in the banner; the
// setup screen trades it, once, for the first community and its owner. The database keeps
// only its SHA-256 hash (app_private.setup_tokens); the token itself is kept for the banner
// in DATA_DIR/setup-token, mode 0600, and removed as soon as a community exists.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../database/database';

export const setupTokenFileName = 'setup-token';

export function hashSetupToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

function readKeptToken(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const token = fs.readFileSync(file, 'utf8').trim();
    return /^[A-Za-z0-9_-]{32,}$/.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

function keepToken(file: string | undefined, token: string): void {
  if (!file) return;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
  } catch {
    // Without a writable data directory the token lives only in the banner of this start.
  }
}

/**
 * Whether the project's migrations brought the first-run setup (its token table and the
 * communities it creates). A bare platform (MIGRATIONS_DIR empty, as the supabase-js suites
 * run it) has neither, and then there is nothing to set up.
 */
export async function hasFirstRunSetup(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regclass('app_private.setup_tokens') is not null
        and to_regclass('public.communities') is not null as present`,
  );
  return rows[0]?.present === true;
}

/**
 * Returns the setup token to print while no community exists, or undefined once one does
 * (then any leftover token is removed) or when the database has no first-run setup at all.
 * `dataDir` undefined keeps nothing on disk.
 */
export async function ensureSetupToken(
  db: Database,
  dataDir: string | undefined,
): Promise<string | undefined> {
  if (!(await hasFirstRunSetup(db))) return undefined;
  const file = dataDir ? path.join(dataDir, setupTokenFileName) : undefined;
  const { rows } = await db.query<{ has_community: boolean }>(
    'select exists (select 1 from public.communities) as has_community',
  );
  if (rows[0]?.has_community) {
    await db.query('delete from app_private.setup_tokens');
    if (file) fs.rmSync(file, { force: true });
    return undefined;
  }
  const kept = readKeptToken(file);
  if (kept) {
    const found = await db.query('select 1 from app_private.setup_tokens where token_hash = $1', [
      hashSetupToken(kept),
    ]);
    if (found.rows.length > 0) return kept;
  }
  const token = crypto.randomBytes(24).toString('base64url');
  await db.query('insert into app_private.setup_tokens (token_hash) values ($1)', [hashSetupToken(token)]);
  keepToken(file, token);
  return token;
}

/**
 * While the banner's token is on disk, checks every `intervalMs` whether it has been used
 * (a community exists) and then removes the file at once, instead of at the next start.
 * The community-setup function cannot remove it: the function host may not write. Returns
 * a stop function.
 */
export function watchSetupToken(db: Database, dataDir: string, intervalMs = 2_000): () => void {
  const file = path.join(dataDir, setupTokenFileName);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    db.query<{ has_community: boolean }>('select exists (select 1 from public.communities) as has_community')
      .then(({ rows }) => {
        if (!rows[0]?.has_community) return;
        clearInterval(timer);
        fs.rmSync(file, { force: true });
      })
      .catch(() => undefined) // the database is away for a moment: ask again next time
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
