// A consistent copy of the embedded database while the server runs. PGlite is one
// connection inside the server's process, so another process cannot open its files; the
// backup command asks the server instead (POST /ops/v1/snapshot with the service-role
// key). The server copies the database's files in one step (dumpDataDir: nothing else
// runs in the instance meanwhile, about a second per 10,000 members) into BACKUP_DIR and
// answers with the file's path; the command dumps SQL from that copy in its own process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Config } from '../config';
import type { Database } from '../database/database';
import { dumpPglite } from '../database/pglite-database';
import type { KeyMaterial } from '../access/keys';
import { loadKeys } from '../access/keys';
import type { AppEnv } from '../http/app-env';
import { BackupError, explainFsError } from './backup-error';
import { isOperator, presentedToken } from './operator-auth';

/** Writes a copy of the embedded database's files to a new .tar file in `dir`. */
export async function writeServerSnapshot(db: Database, dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `.snapshot-${crypto.randomUUID()}.tar`);
  await db.exec('checkpoint');
  const tar = await dumpPglite(db);
  try {
    await fs.promises.writeFile(file, Buffer.from(await tar.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw explainFsError(error, 'the database snapshot');
  }
  return file;
}

export function mountSnapshotRoute(
  app: Hono<AppEnv>,
  deps: { db: Database; keys: KeyMaterial; config: Config },
): void {
  app.post('/ops/v1/snapshot', async (c) => {
    const token = presentedToken({
      authorization: c.req.header('authorization'),
      apikey: c.req.header('apikey'),
    });
    if (!isOperator(token, deps.keys)) return c.json({ message: 'The service-role key is required.' }, 401);
    if (deps.db.engine !== 'pglite') {
      return c.json(
        { message: 'Snapshots are for the embedded database; back up PostgreSQL with pg_dump.' },
        400,
      );
    }
    try {
      const file = await writeServerSnapshot(deps.db, deps.config.operations.backup.dir);
      return c.json({ file });
    } catch (error) {
      if (error instanceof BackupError) return c.json({ message: error.message }, 507);
      throw error;
    }
  });
}

/** The backup command's side: asks the server running on DATA_DIR for a snapshot file. */
export async function requestServerSnapshot(config: Config): Promise<string> {
  const keys = await loadKeys({
    dataDir: config.dataDir,
    algorithm: config.jwtAlgorithm,
    jwtSecret: config.jwtSecret,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    cprKey: config.cprEncryptionKey,
  });
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/ops/v1/snapshot`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.serviceRoleKey}` },
    });
  } catch {
    throw new BackupError(
      `A server holds ${path.resolve(config.dataDir)} but does not answer at ${url}. ` +
        'Run the backup with the same PORT and HOST as the server, or stop the server first.',
    );
  }
  const body = (await response.json().catch(() => ({}))) as { file?: string; message?: string };
  if (!response.ok || !body.file) {
    throw new BackupError(
      `The running server could not take a snapshot: ${body.message ?? response.status}.`,
    );
  }
  return body.file;
}
