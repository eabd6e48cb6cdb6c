// Inviting an administrator by e-mail (mail at a real SMTP listener), who accepts and whose
// next token carries exactly the granted areas; a revoked area is gone after a refresh.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, verifyLink, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let smtp: SmtpListener;
let owner: SupabaseClient;
let community: string;

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    memberships: Record<string, { role: string; areas: string[] }>;
  };
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestPlatform({ SMTP_URL: smtp.url, AUTH_MAX_FREQUENCY: '0' });
  const admin = t.adminClient();
  const { data } = await admin.auth.admin.createUser({
    email: 'formand@roklub.dk',
    password: 'åre-og-bølger-2026',
    email_confirm: true,
    user_metadata: { full_name: 'Jens Holm' },
  });
  const created = await admin
    .rpc('create_community', { p_name: 'Roklubben Bølgen', p_owner_user_id: data.user!.id })
    .single<{ id: string }>();
  community = created.data!.id;
  owner = t.client();
  await owner.auth.signInWithPassword({ email: 'formand@roklub.dk', password: 'åre-og-bølger-2026' });
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
});

async function invite(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error, response } = await client.functions.invoke('invite-administrator', { body });
  const payload = error ? await (error as { context: Response }).context.json() : data;
  return { status: response?.status ?? 0, payload: payload as Record<string, unknown> };
}

describe('inviting an administrator', () => {
  it('refuses an invalid e-mail and an unknown area, sending nothing', async () => {
    const bad = await invite(owner, {
      community_id: community,
      email: 'kasserer(at)roklub.dk',
      areas: ['event'],
    });
    expect(bad).toMatchObject({ status: 422, payload: { error: 'invalid_email' } });
    const area = await invite(owner, {
      community_id: community,
      email: 'kasserer@roklub.dk',
      areas: ['bar'],
    });
    expect(area).toMatchObject({ status: 422, payload: { error: 'invalid_area' } });
    expect(smtp.mails).toEqual([]);
  });

  it('is for owners and membership managers only', async () => {
    const stranger = t.client();
    await t.adminClient().auth.admin.createUser({
      email: 'fremmed@example.dk',
      password: 'fremmed-kode-2026',
      email_confirm: true,
    });
    await stranger.auth.signInWithPassword({ email: 'fremmed@example.dk', password: 'fremmed-kode-2026' });
    const refused = await invite(stranger, {
      community_id: community,
      email: 'kasserer@roklub.dk',
      areas: ['billing'],
    });
    expect(refused).toMatchObject({ status: 403, payload: { error: 'not_allowed' } });
    expect(smtp.mails).toEqual([]);
  });

  it('checks the grant before inviting: a refused grant makes no account and sends no mail', async () => {
    const admin = t.adminClient();
    const { data } = await admin.auth.admin.createUser({
      email: 'medlemsansvarlig@roklub.dk',
      password: 'medlemmer-i-båden-2026',
      email_confirm: true,
    });
    await t.db.query(
      `insert into public.memberships (community_id, user_id, role, areas, membership_manager)
       values ($1, $2, 'member', '{}', true)`,
      [community, data.user!.id],
    );
    const manager = t.client();
    await manager.auth.signInWithPassword({
      email: 'medlemsansvarlig@roklub.dk',
      password: 'medlemmer-i-båden-2026',
    });
    const before = smtp.mails.length;
    // Only owners make membership managers; the database refused this only after the invite.
    const refused = await invite(manager, {
      community_id: community,
      email: 'ny-ansvarlig@roklub.dk',
      areas: [],
      membership_manager: true,
    });
    expect(refused).toMatchObject({ status: 403, payload: { error: 'not_allowed' } });
    // Nor may a membership manager touch an owner, who has an account already.
    const owners = await invite(manager, {
      community_id: community,
      email: 'formand@roklub.dk',
      areas: ['event'],
    });
    expect(owners).toMatchObject({ status: 403, payload: { error: 'not_allowed' } });
    expect(smtp.mails.length).toBe(before);
    const { rows } = await t.db.query('select 1 from auth.users where email = $1', [
      'ny-ansvarlig@roklub.dk',
    ]);
    expect(rows).toEqual([]);
    // What a membership manager may grant still invites.
    const allowed = await invite(manager, {
      community_id: community,
      email: 'hjaelper@roklub.dk',
      areas: ['event'],
    });
    expect(allowed).toMatchObject({ status: 200, payload: { invited: true } });
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
  });

  it('invites, and the next token carries the granted areas; a revoke shows after a refresh', async () => {
    const done = await invite(owner, {
      community_id: community,
      email: 'Kasserer@Roklub.dk',
      areas: ['billing', 'event'],
      redirect_to: `${t.url}/da/new-password`,
    });
    expect(done).toMatchObject({ status: 200, payload: { invited: true } });
    const mail = await smtp.waitFor('kasserer@roklub.dk');
    // The mail says who invited them to which club, in the language of the page they will land on.
    const unfolded = mail.raw.replace(/\r?\n(?=[ \t])/g, '');
    expect(/^Subject: (.*)$/m.exec(unfolded)?.[1]).toBe('Jens Holm har inviteret dig til Roklubben Bølgen');
    expect(mail.raw).toContain('Jens Holm har inviteret dig til Roklubben Bølgen på ');
    const res = await fetch(verifyLink(mail), { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    const invited = t.client();
    const session = await invited.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(claimsOf(session.data.session!.access_token).memberships['roklubben-boelgen']).toMatchObject({
      role: 'admin',
      areas: ['billing', 'event'],
    });
    const userId = String(done.payload.user_id);
    const revoked = await owner.rpc('set_administrator_access', {
      p_community_id: community,
      p_user_id: userId,
      p_areas: ['event'],
    });
    expect(revoked.error).toBeNull();
    const refreshed = await invited.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).memberships['roklubben-boelgen']!.areas).toEqual([
      'event',
    ]);
    const listed = await owner.rpc('list_administrators', { p_community_id: community });
    expect(listed.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'kasserer@roklub.dk', areas: ['event'] })]),
    );
  });
});
