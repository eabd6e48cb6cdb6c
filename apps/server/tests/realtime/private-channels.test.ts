import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { protocolVersions, sleep, statusesUntil, subscribe, waitFor } from './support/channel-events';

// Members of a team may read and write team:<name> topics.
const policies = `
  create table public.rt_team_members (team text not null, user_id uuid not null, primary key (team, user_id));
  grant select on public.rt_team_members to authenticated;
  create policy team_read on realtime.messages for select to authenticated using (
    exists (select 1 from public.rt_team_members m
            where 'team:' || m.team = realtime.topic() and m.user_id = auth.uid())
  );
  create policy team_write on realtime.messages for insert to authenticated with check (
    exists (select 1 from public.rt_team_members m
            where 'team:' || m.team = realtime.topic() and m.user_id = auth.uid() and extension = 'broadcast')
  );
  create table public.rt_secrets (id int primary key, owner uuid not null, v text);
  alter table public.rt_secrets enable row level security;
  create policy rt_secrets_own on public.rt_secrets for select to authenticated using (owner = auth.uid());
  alter publication supabase_realtime add table public.rt_secrets;
`;

describe.each(protocolVersions)('private channels and tokens over protocol %s', (vsn) => {
  let t: TestPlatform;
  const clients: SupabaseClient[] = [];
  const member = crypto.randomUUID();
  const outsider = crypto.randomUUID();

  const tokenFor = (sub: string, seconds = 3600) =>
    signJwt(t.platform.keys, { sub, role: 'authenticated', aud: 'authenticated' }, seconds);

  async function client(token?: string) {
    const c = t.client({ realtime: { vsn } as never });
    if (token) await c.realtime.setAuth(token);
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    t = await startTestPlatform();
    await t.db.exec(policies);
    await t.db.query(`insert into public.rt_team_members values ('red', $1)`, [member]);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.removeAllChannels();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('lets a member join a private channel and refuses an outsider with CHANNEL_ERROR', async () => {
    const ok = (await client(await tokenFor(member))).channel('team:red', { config: { private: true } });
    expect((await subscribe(ok)).status).toBe('SUBSCRIBED');

    const refused = (await client(await tokenFor(outsider))).channel('team:red', {
      config: { private: true },
    });
    const outcome = await subscribe(refused);
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error?.message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: team:red',
    );

    const anon = (await client()).channel('team:red', { config: { private: true } });
    expect((await subscribe(anon)).status).toBe('CHANNEL_ERROR');
  });

  it('keeps private and public audiences of one name apart and checks writes', async () => {
    const sender = (await client(await tokenFor(member))).channel('team:red', {
      config: { private: true, broadcast: { ack: true } },
    });
    const privateListener = (await client(await tokenFor(member))).channel('team:red', {
      config: { private: true },
    });
    const publicListener = (await client()).channel('team:red');
    const gotPrivate: unknown[] = [];
    const gotPublic: unknown[] = [];
    privateListener.on('broadcast', { event: '*' }, (m) => gotPrivate.push(m));
    publicListener.on('broadcast', { event: '*' }, (m) => gotPublic.push(m));
    for (const ch of [sender, privateListener, publicListener])
      expect((await subscribe(ch)).status).toBe('SUBSCRIBED');

    expect(await sender.send({ type: 'broadcast', event: 'secret', payload: { x: 1 } })).toBe('ok');
    await waitFor(() => gotPrivate.length === 1, 'private delivery');
    await sleep(100);
    expect(gotPublic).toEqual([]);

    // Presence is readable (the read policy covers every extension) but not writable.
    expect(await sender.track({ here: true })).toBe('error');
  });

  it('delivers realtime.send() from SQL to private subscribers', async () => {
    const listener = (await client(await tokenFor(member))).channel('team:red', {
      config: { private: true },
    });
    const got: unknown[] = [];
    listener.on('broadcast', { event: 'from-sql' }, (m) => got.push(m));
    expect((await subscribe(listener)).status).toBe('SUBSCRIBED');
    await t.db.query(`select realtime.send('{"hi":"there"}'::jsonb, 'from-sql', 'team:red', true)`);
    await waitFor(() => got.length === 1, 'sql broadcast');
    expect(got[0]).toEqual({ type: 'broadcast', event: 'from-sql', payload: { hi: 'there' } });
  });

  it('reports TIMED_OUT when the server does not answer the join in time, and stays healthy', async () => {
    // Another transaction holds realtime.messages, so the join's authorization waits for it.
    let locked: () => void = () => undefined;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    const held = t.db.transaction(async (tx) => {
      await tx.query('lock table realtime.messages in access exclusive mode');
      locked();
      await sleep(2000);
    });
    await lockHeld;
    const slow = (await client(await tokenFor(member))).channel('team:red', { config: { private: true } });
    const started = Date.now();
    expect((await subscribe(slow, 500)).status).toBe('TIMED_OUT');
    expect(Date.now() - started).toBeLessThan(1500);
    await held;
    const health = await fetch(`${t.url}/health`);
    expect(health.status).toBe(200);
    // Once the database is free, joins are answered again.
    const later = (await client(await tokenFor(member))).channel('team:red', { config: { private: true } });
    expect((await subscribe(later)).status).toBe('SUBSCRIBED');
  });

  it('re-authorizes a live channel when the client sets a new token', async () => {
    const secretsOf = (sub: string) =>
      t.db.query(
        'insert into public.rt_secrets values ((select coalesce(max(id), 0) + 1 from public.rt_secrets), $1, $2)',
        [sub, `for ${sub}`],
      );
    const c = await client(await tokenFor(member));
    const got: string[] = [];
    const channel = c
      .channel('secrets')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_secrets' }, (p) =>
        got.push(String((p.new as { v: string }).v)),
      );
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    await secretsOf(member);
    await waitFor(() => got.length === 1, 'member row');

    await c.realtime.setAuth(await tokenFor(outsider));
    await sleep(200);
    await secretsOf(member);
    await secretsOf(outsider);
    await waitFor(() => got.length === 2, 'outsider row after refresh');
    await sleep(150);
    expect(got).toEqual([`for ${member}`, `for ${outsider}`]);
  });

  it('closes a private channel whose new token may no longer read it', async () => {
    const c = await client(await tokenFor(member));
    const channel = c.channel('team:red', { config: { private: true } });
    const system: { message: string }[] = [];
    channel.on('system', {}, (m: { message: string }) => system.push(m));
    const statuses = statusesUntil(channel, 'CLOSED');
    await waitFor(() => channel.state === 'joined', 'joined');
    await c.realtime.setAuth(await tokenFor(outsider));
    expect(await statuses).toEqual(['SUBSCRIBED', 'CLOSED']);
    expect(system.map((m) => m.message)).toContain(
      'You do not have permissions to read from this Channel topic: team:red',
    );
  });

  it('closes the channel with a system message when its token expires', async () => {
    const c = await client(await tokenFor(member, 2));
    const channel = c.channel('expiring');
    const system: { extension: string; status: string; message: string }[] = [];
    channel.on('system', {}, (m: { extension: string; status: string; message: string }) => system.push(m));
    const statuses = await Promise.race([
      statusesUntil(channel, 'CLOSED'),
      sleep(6000).then(() => ['gave up']),
    ]);
    expect(statuses).toEqual(['SUBSCRIBED', 'CLOSED']);
    expect(system[0]).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
  });

  it('refuses a join with an invalid or role-less token', async () => {
    const forged = (await client()).channel('forged');
    forged.updateJoinPayload({ access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl' });
    const bad = await subscribe(forged);
    expect(bad.status).toBe('CHANNEL_ERROR');
    expect(bad.error?.message).toMatch(/^InvalidJWTToken: /);
  });
});
