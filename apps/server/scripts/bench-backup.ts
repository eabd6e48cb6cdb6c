// npm run bench:backup [-- --members 10000,100000]: backup and restore time and file size
// for demo clubs of each size on the embedded database. Each club is seeded with
// `npm run db:seed`, backed up with `npm run backup` (encrypted, age's default scrypt work
// factor) and restored with `npm run restore` into a fresh data directory, and into a fresh
// PostgreSQL database too when BENCH_DATABASE_URL is set. The commands run as the operator
// runs them (child processes, no server running), so the times include Node's start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../src/platform';
import { withScratchDatabase } from './with-scratch-database';

const passphrase = 'bench-passphrase-0123456789';

async function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; stdout: string }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} failed:\n${stderr}`);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, stdout };
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { members: { type: 'string', default: '10000,100000' } } });
  const sizes = values.members.split(',').map(Number);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const rows: string[][] = [];
  for (const members of sizes) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), `bench-backup-${members}-`));
    try {
      const source = path.join(root, 'source');
      process.stdout.write(`seeding ${members} members…\n`);
      const seeded = await run(['supabase/seed/seed.ts', '--members', String(members)], {
        DATA_DIR: source,
        DATABASE_URL: '',
      });
      const file = path.join(root, 'club.tar.gz.age');
      const backup = await run(['apps/server/scripts/backup.ts', file], {
        DATA_DIR: source,
        DATABASE_URL: '',
        BACKUP_PASSPHRASE: passphrase,
      });
      const restoreEmbedded = await run(['apps/server/scripts/restore.ts', file], {
        DATA_DIR: path.join(root, 'restored'),
        DATABASE_URL: '',
        BACKUP_PASSPHRASE: passphrase,
      });
      let restorePostgres = '—';
      if (pgUrl) {
        restorePostgres = await withScratchDatabase(pgUrl, 'bench_restore', async (url) => {
          const restored = await run(['apps/server/scripts/restore.ts', file], {
            DATA_DIR: path.join(root, 'restored-pg'),
            DATABASE_URL: url,
            BACKUP_PASSPHRASE: passphrase,
          });
          return `${restored.seconds.toFixed(1)} s`;
        });
      }
      const row = [
        String(members),
        mib(dirBytes(path.join(source, 'pgdata'))),
        `${seeded.seconds.toFixed(1)} s`,
        `${backup.seconds.toFixed(1)} s`,
        mib(fs.statSync(file).size),
        `${restoreEmbedded.seconds.toFixed(1)} s`,
        restorePostgres,
      ];
      rows.push(row);
      process.stdout.write(
        `${members} members: backup ${row[3]}, file ${row[4]}, restore ${row[5]} / ${row[6]}\n`,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  const header = [
    'members',
    'pgdata',
    'seed',
    'backup',
    'file',
    'restore (embedded)',
    'restore (PostgreSQL)',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  process.stdout.write(`\n${line(header)}\n${rows.map(line).join('\n')}\n`);
  process.stdout.write(
    `(${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}; aims at 100,000: backup < 60 s, restore < 120 s)\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
