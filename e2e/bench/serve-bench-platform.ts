// The server for bench:web and bench:member in a process of its own, so Lighthouse and the page
// measurements in the parent do not share an event loop with it. It serves the built app the way
// `npm start` does (compressed, long-cached hashed assets), creates the benchmark admin and
// community (or, with --demo, the demo club of BENCH_MEMBERS members, 10,000 unless it says
// otherwise), prints one JSON line with its URL and who to sign in as, and stops on SIGTERM or
// when the parent goes away. `startBenchServer` starts it from the parent.
//   node --import tsx e2e/bench/serve-bench-platform.ts [--demo]
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { seedDemo } from '../../supabase/seed/generate-demo';
import { addMembership, createUser, repoRoot, startE2ePlatform } from '../support/e2e-platform';

export const benchUser = { email: 'bench@example.dk', password: 'bench-kode-2026' };
export const benchCommunity = { slug: 'bench', name: 'Benchmark IF' };

export interface BenchServer {
  url: string;
  /** With --demo: the demo club's slug and one of its members with a user account. */
  slug?: string;
  member?: { email: string; password: string };
  members?: number;
  child: ChildProcess;
}

export async function startBenchServer(options: { demo?: boolean } = {}): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'e2e/bench/serve-bench-platform.ts'),
      ...(options.demo ? ['--demo'] : []),
    ],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = await new Promise<Omit<BenchServer, 'child'>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as Omit<BenchServer, 'child'>);
    });
  });
  return { ...ready, child };
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const platform = await startE2ePlatform({ LOG_LEVEL: 'silent' });
  let ready: Record<string, unknown> = { url: platform.url };
  if (process.argv.includes('--demo')) {
    const members = Number(process.env.BENCH_MEMBERS ?? '10000');
    const demo = await seedDemo(platform.db, { members, accounts: 50 });
    const email = demo.memberEmails[0];
    if (!email) throw new Error('the demo data has no member with a user account');
    ready = { ...ready, slug: demo.slug, members, member: { email, password: demo.adminPassword } };
  } else {
    const userId = await createUser(platform, benchUser.email, benchUser.password);
    await addMembership(platform, userId, benchCommunity, {
      role: 'owner',
      areas: ['event', 'news', 'member'],
    });
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void platform.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

if (process.argv[1]?.endsWith('serve-bench-platform.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
