// npm run bench:db — measures, for the embedded database and PostgreSQL side by side,
// a request-context transaction (set role and claims + one indexed select) and a bare
// indexed select: throughput and p50/p99 latency, and their ratio.
// PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
import crypto from 'node:crypto';
import type { Database } from '../src/database/database';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { repoRoot } from '../src/platform';
import { withScratchDatabase } from './with-scratch-database';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 3000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(run: (i: number) => Promise<void>): Promise<Figures> {
  for (let i = 0; i < 200; i++) await run(i); // warm-up
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < iterations) {
        const i = next++;
        const t = performance.now();
        await run(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: iterations / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function prepare(db: Database): Promise<string[]> {
  await migrate(db, defaultMigrationSources(repoRoot));
  await db.exec(`
    drop table if exists public.bench_notes;
    create table public.bench_notes (id serial primary key, owner uuid not null, body text not null);
    create index on public.bench_notes (owner);
    alter table public.bench_notes enable row level security;
    create policy own on public.bench_notes for select to authenticated using (owner = auth.uid());
    grant select on public.bench_notes to authenticated;
  `);
  const owners = Array.from({ length: 1000 }, () => crypto.randomUUID());
  await db.query(
    `insert into public.bench_notes (owner, body)
     select (array[${owners.map((_, i) => `$${i + 1}::uuid`).join(',')}])[1 + (g % 1000)], 'note ' || g
     from generate_series(1, 20000) g`,
    owners,
  );
  await db.exec('analyze public.bench_notes');
  return owners;
}

async function benchEngine(
  name: string,
  db: Database,
): Promise<{ name: string; context: Figures; bare: Figures }> {
  const owners = await prepare(db);
  const owner = (i: number) => owners[i % owners.length]!;
  const bare = await measure(async (i) => {
    await db.query('select id, body from public.bench_notes where owner = $1', [owner(i)]);
  });
  const context = await measure(async (i) => {
    await withRequestContext(
      db,
      {
        role: 'authenticated',
        claims: { sub: owner(i), role: 'authenticated' },
        method: 'GET',
        path: '/bench',
      },
      async (tx) => {
        await tx.query('select id, body from public.bench_notes where owner = auth.uid()');
      },
    );
  });
  return { name, context, bare };
}

function row(label: string, f: Figures): string {
  return `${label.padEnd(34)} ${f.perSecond.toFixed(0).padStart(8)}/s   p50 ${f.p50.toFixed(3).padStart(7)} ms   p99 ${f.p99
    .toFixed(3)
    .padStart(7)} ms`;
}

async function main(): Promise<void> {
  const results = [];
  const pglite = await openPgliteDatabase();
  results.push(await benchEngine('PGlite (embedded)', pglite));
  await pglite.close();

  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    await withScratchDatabase(baseUrl, 'bench', async (url) => {
      const db = await openPostgresDatabase({ connectionString: url, maxConnections: concurrency });
      try {
        results.push(await benchEngine('PostgreSQL', db));
      } finally {
        await db.close();
      }
    });
  } else {
    console.log('(set BENCH_DATABASE_URL=postgres://… to measure PostgreSQL side by side)');
  }

  console.log(`\nbench:db — ${iterations} operations per case, concurrency ${concurrency}\n`);
  for (const r of results) {
    console.log(r.name);
    console.log(row('  bare indexed select', r.bare));
    console.log(row('  request context + indexed select', r.context));
    console.log(
      `  ratio context/bare: throughput ${(r.bare.perSecond / r.context.perSecond).toFixed(2)}x slower, p50 ${(
        r.context.p50 / r.bare.p50
      ).toFixed(2)}x, p99 ${(r.context.p99 / r.bare.p99).toFixed(2)}x\n`,
    );
  }
  if (results.length === 2) {
    const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
    console.log(
      `PGlite vs PostgreSQL (request context): throughput ${(a.context.perSecond / b.context.perSecond).toFixed(2)}x, p50 ${(
        a.context.p50 / b.context.p50
      ).toFixed(2)}x`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
