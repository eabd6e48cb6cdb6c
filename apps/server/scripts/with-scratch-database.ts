// A throw-away PostgreSQL database for one benchmark run: created next to the one the URL
// names, handed over as a URL, and dropped afterwards even when the run fails.
import crypto from 'node:crypto';
import pg from 'pg';

export async function withScratchDatabase<T>(
  baseUrl: string,
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    return await run(target.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
