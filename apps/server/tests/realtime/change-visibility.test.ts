import crypto from 'node:crypto';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../../src/database/database';
import { signJwt } from '../../src/access/jwt';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { protocolVersions, sleep, subscribe, waitFor } from './support/channel-events';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

// Many distinct subscribers on one RLS table: every change is checked for all of them in
// one statement, and each must still receive exactly the rows its own claims may select.
const schema = `
  create table public.rt_owned (id bigint generated always as identity primary key, owner uuid not null, body text);
  alter table public.rt_owned enable row level security;
  create policy rt_owned_own on public.rt_owned for select to authenticated using (owner = auth.uid());
  create table public.rt_picky (id uuid primary key, owner uuid not null);
  alter table public.rt_picky enable row level security;
  create table public.rt_picky_blocked (sub uuid primary key);
  grant select on public.rt_picky_blocked to authenticated;
  create policy rt_picky_read on public.rt_picky for select to authenticated
    using (case when exists (select 1 from public.rt_picky_blocked b where b.sub = auth.uid())
                then (1 / (length(owner::text) - 36)) = 1
                else owner = auth.uid() or owner = '00000000-0000-0000-0000-000000000000' end);
  alter publication supabase_realtime add table public.rt_owned, public.rt_picky;
`;

describe.each(protocolVersions)(
  'postgres_changes visibility for many subscribers over protocol %s',
  (vsn) => {
    let t: TestPlatform;
    const clients: SupabaseClient[] = [];
    const users = Array.from({ length: 7 }, () => crypto.randomUUID());

    async function watch(user: string, table: string) {
      const c = t.client({ realtime: { vsn } as never });
      await c.realtime.setAuth(
        await signJwt(t.platform.keys, { sub: user, role: 'authenticated', aud: 'authenticated' }, 3600),
      );
      clients.push(c);
      const got: Change[] = [];
      const channel = c
        .channel(`${table}-${user}`)
        .on('postgres_changes', { event: '*', schema: 'public', table } as never, (p: Change) => got.push(p));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      return got;
    }

    beforeAll(async () => {
      t = await startTestPlatform();
      await t.db.exec(schema);
    });
    afterEach(async () => {
      for (const c of clients.splice(0)) await c.removeAllChannels();
    });
    afterAll(async () => {
      await t.stop();
    });

    it('gives each of many distinct users exactly the rows their own claims may select', async () => {
      const watchers = users.slice(0, 6);
      const received = await Promise.all(watchers.map((u) => watch(u, 'rt_owned')));
      // One row for every user, the last of whom is not subscribed; inserted one by one.
      for (const [i, owner] of users.entries()) {
        await t.db.query('insert into public.rt_owned (owner, body) values ($1, $2)', [owner, `row ${i}`]);
      }
      await waitFor(() => received.every((got) => got.length === 1), 'one row for each watcher');
      await sleep(200);
      received.forEach((got, i) => {
        expect(got.map((c) => (c.new as { body: string }).body)).toEqual([`row ${i}`]);
      });

      // Moving row 0 to user 1: only user 1 sees the update; user 0 may no longer select it.
      await t.db.query('update public.rt_owned set owner = $1 where body = $2', [users[1], 'row 0']);
      await waitFor(() => received[1]!.length === 2, 'the update at user 1');
      await sleep(200);
      expect(received[1]![1]).toMatchObject({ eventType: 'UPDATE', new: { body: 'row 0' } });
      expect(received.map((got) => got.length)).toEqual([1, 2, 1, 1, 1, 1]);
    });

    it('refuses only the subscribers whose policy raises and still serves the rest', async () => {
      const [blockedA, blockedB, ...open] = users.slice(0, 6) as [string, string, ...string[]];
      await t.db.query('insert into public.rt_picky_blocked values ($1), ($2)', [blockedA, blockedB]);
      const receivedBlocked = await Promise.all([blockedA, blockedB].map((u) => watch(u, 'rt_picky')));
      const receivedOpen = await Promise.all(open.map((u) => watch(u, 'rt_picky')));
      const everyone = '00000000-0000-0000-0000-000000000000';
      await t.db.query('insert into public.rt_picky values ($1, $2)', [crypto.randomUUID(), everyone]);
      await t.db.query('insert into public.rt_picky values ($1, $2)', [crypto.randomUUID(), open[0]]);
      await waitFor(() => receivedOpen.every((got) => got.length >= 1), 'the shared row at every open user');
      await waitFor(() => receivedOpen[0]!.length === 2, 'the own row at the first open user');
      await sleep(200);
      expect(receivedOpen.map((got) => got.length)).toEqual([2, 1, 1, 1]);
      expect(receivedBlocked.map((got) => got.length)).toEqual([0, 0]);
    });

    it('keeps the role-switching check out of reach of API roles', async () => {
      const attempt = t.db.transaction(async (tx) => {
        await tx.query("select set_config('role', 'authenticated', true)");
        await tx.query(
          `select * from realtime.visible_subscribers('select true', '{}'::text[], '[{"role":"service_role","claims":{}}]')`,
        );
      });
      await expect(attempt).rejects.toBeInstanceOf(DatabaseError);
      await expect(attempt).rejects.toMatchObject({ code: '42501' });
    });
  },
);
