// The server for bench:web in a process of its own, so Lighthouse and the page measurements in
// the parent do not share an event loop with it. It serves the built app the way `npm start`
// does (compressed, long-cached hashed assets), creates the benchmark admin and community,
// prints one JSON line with its URL and stops on SIGTERM or when the parent goes away.
//   node --import tsx e2e/bench/serve-bench-platform.ts
import { addMembership, createUser, startE2ePlatform } from '../support/e2e-platform';

export const benchUser = { email: 'bench@example.dk', password: 'bench-kode-2026' };
export const benchCommunity = { slug: 'bench', name: 'Benchmark IF' };

async function main(): Promise<void> {
  const platform = await startE2ePlatform({ LOG_LEVEL: 'silent' });
  const userId = await createUser(platform, benchUser.email, benchUser.password);
  await addMembership(platform, userId, benchCommunity, {
    role: 'owner',
    areas: ['event', 'news', 'member'],
  });
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
  process.stdout.write(`${JSON.stringify({ url: platform.url })}\n`);
}

if (process.argv[1]?.endsWith('serve-bench-platform.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
