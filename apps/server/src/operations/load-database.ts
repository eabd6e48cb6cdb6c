// Loads the SQL dump of a backup into an empty database, embedded or PostgreSQL, in one
// transaction: a dump that fails half-way leaves the target as empty as it was. The dump is
// read line by line and sent in pieces at pg_dump's entry boundaries (and between INSERT
// statements of a large table), so memory stays small and progress can be shown.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Database, Queryable } from '../database/database';
import { BackupError } from './backup-error';

const pieceBytes = 4 * 1024 * 1024;

/**
 * The part of the first platform migration that creates the API roles. Roles belong to the
 * PostgreSQL cluster, not to a database, so pg_dump leaves them out; the dump's grants
 * need them to exist.
 */
export function rolesSql(repoRoot: string): string {
  const file = path.join(repoRoot, 'apps/server/platform-migrations/0001_roles_and_schemas.sql');
  const sql = fs.readFileSync(file, 'utf8');
  const end = sql.indexOf('create schema if not exists extensions;');
  if (end < 0) throw new Error(`${file} no longer has the roles section restore expects`);
  return sql.slice(0, end);
}

/**
 * A line of pg_dump's output as the target can run it, or undefined to leave it out: psql
 * meta-commands, and what PostgreSQL 17 added (the embedded database is PostgreSQL 18)
 * when the target is older: the transaction_timeout setting and the MAINTAIN privilege.
 */
function adaptLine(line: string, serverVersionNum: number): string | undefined {
  if (/^\\(un)?restrict\b/.test(line)) return undefined;
  if (serverVersionNum >= 170000) return line;
  if (/^SET transaction_timeout = /.test(line)) return undefined;
  if (/^(GRANT|REVOKE|ALTER DEFAULT PRIVILEGES) /.test(line) && line.includes('MAINTAIN')) {
    const adapted = line.replace(/,MAINTAIN\b/g, '').replace(/\bMAINTAIN,/g, '');
    return /^(GRANT|REVOKE) MAINTAIN ON |(GRANT|REVOKE) MAINTAIN ON /.test(adapted) ? undefined : adapted;
  }
  return line;
}

export async function loadDump(
  db: Database,
  dumpFile: string,
  options: { repoRoot: string; onProgress?: (message: string) => void },
): Promise<void> {
  const versionRow = await db.query<{ v: string }>('show server_version_num');
  const serverVersionNum = Number(versionRow.rows[0]?.v ?? 0);
  await db.exec(rolesSql(options.repoRoot));
  const total = fs.statSync(dumpFile).size;
  let done = 0;
  let lastReport = 0;
  await db.transaction(async (tx: Queryable) => {
    let piece: string[] = [];
    let pieceSize = 0;
    let previous = '';
    const flush = async () => {
      if (pieceSize === 0) return;
      const sql = piece.join('\n');
      piece = [];
      done += pieceSize;
      pieceSize = 0;
      try {
        await tx.exec(sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new BackupError(
          `The database dump could not be loaded (${message}); the target was left as it was. ` +
            `Near: ${sql.slice(0, 200).replace(/\s+/g, ' ')}`,
        );
      }
      if (done - lastReport > total / 20) {
        lastReport = done;
        options.onProgress?.(`database: ${Math.round((done / total) * 100)}%`);
      }
    };
    const lines = readline.createInterface({
      input: fs.createReadStream(dumpFile, { encoding: 'utf8', highWaterMark: 1024 * 1024 }),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      const entryStart = previous === '--' && /^-- (Data for )?Name: /.test(line);
      const insertStart = pieceSize > pieceBytes && line.startsWith('INSERT INTO ') && previous.endsWith(';');
      if (entryStart) {
        // The "--" line before belongs to the new entry; what came before it is complete.
        piece.pop();
        pieceSize -= 3;
        await flush();
        piece.push('--');
        pieceSize += 3;
      } else if (insertStart) {
        await flush();
      }
      previous = line;
      const adapted = adaptLine(line, serverVersionNum);
      if (adapted === undefined) continue;
      piece.push(adapted);
      pieceSize += Buffer.byteLength(adapted) + 1;
    }
    await flush();
  });
  options.onProgress?.('database: 100%');
}
