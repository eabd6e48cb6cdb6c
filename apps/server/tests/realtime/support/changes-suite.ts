// The shared setup of the postgres_changes test files: one platform per suite with the given
// schema, supabase-js clients on the suite's protocol version (removed after each test), and
// a collector of the changes one binding receives.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../support/test-platform';

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

export function changesSuite(vsn: string, schema: string, cleanup: string) {
  let started: TestPlatform | undefined;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    started = await startTestPlatform();
    await started.db.exec(schema);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.removeAllChannels();
    await started?.db.exec(cleanup);
  });
  afterAll(async () => {
    await started?.stop();
  });

  function platform(): TestPlatform {
    if (!started) throw new Error('the platform starts in beforeAll');
    return started;
  }

  async function client(token?: string): Promise<SupabaseClient> {
    const c = platform().client({ realtime: { vsn } as never });
    if (token) await c.realtime.setAuth(token);
    clients.push(c);
    return c;
  }

  function collect(c: SupabaseClient, name: string, filter: Record<string, unknown>) {
    const got: Change[] = [];
    const channel = c
      .channel(name)
      .on('postgres_changes', filter as never, (payload: Change) => got.push(payload));
    return { channel, got };
  }

  return { platform, client, collect };
}
