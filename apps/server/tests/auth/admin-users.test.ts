import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { inbox, strongPassword, uniqueEmail } from './auth-test-kit';

describe('admin users, invites and generated links', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('creates, reads, updates and deletes users', async () => {
    const admin = t.adminClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'pw',
      email_confirm: true,
      user_metadata: { full_name: 'Kim' },
      app_metadata: { plan: 'gold' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      plan: 'gold',
    });
    expect(created.data.user?.email_confirmed_at).toEqual(expect.any(String));
    const dup = await admin.createUser({ email, password: strongPassword });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);
    const none = await admin.createUser({ password: strongPassword });
    expect(none.error?.message).toBe('Cannot create a user without either an email or phone');

    const got = await admin.getUserById(id);
    expect(got.data.user?.identities?.[0]?.identity_data?.email).toBe(email);
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.code).toBe('user_not_found');
    expect(missing.error?.status).toBe(404);

    const updated = await admin.updateUserById(id, {
      user_metadata: { full_name: null, team: 'a' },
      app_metadata: { plan: null },
      ban_duration: '24h',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ team: 'a' });
    expect(updated.data.user?.app_metadata.plan).toBeUndefined();
    expect(updated.data.user?.banned_until).toEqual(expect.any(String));
    const banned = await t.client().auth.signInWithPassword({ email, password: 'pw' });
    expect(banned.error?.code).toBe('user_banned');
    const weak = await admin.updateUserById(id, { password: 'x' });
    expect(weak.error?.code).toBe('weak_password');
    const badBan = await admin.updateUserById(id, { ban_duration: 'forever' });
    expect(badBan.error?.code).toBe('validation_failed');
    await admin.updateUserById(id, { ban_duration: 'none', password: strongPassword });
    expect((await t.client().auth.signInWithPassword({ email, password: strongPassword })).error).toBeNull();

    expect((await admin.deleteUser(id, true)).error).toBeNull();
    const soft = await t.db.query<{ deleted_at: string | null; email: string }>(
      'select deleted_at, email from auth.users where id = $1',
      [id],
    );
    expect(soft.rows[0]?.deleted_at).not.toBeNull();
    expect(soft.rows[0]?.email).not.toBe(email);
    const other = await admin.createUser({ email: uniqueEmail(), password: strongPassword });
    expect((await admin.deleteUser(other.data.user!.id)).error).toBeNull();
    expect((await admin.getUserById(other.data.user!.id)).error?.code).toBe('user_not_found');
  });

  it('pages users with Link and X-Total-Count', async () => {
    const admin = t.adminClient().auth.admin;
    for (let i = 0; i < 5; i++)
      await admin.createUser({ email: uniqueEmail('page'), password: strongPassword });
    const { rows } = await t.db.query<{ n: string }>(
      `select count(*)::text as n from auth.users where aud = 'authenticated' and deleted_at is null`,
    );
    const total = Number(rows[0]!.n);
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    const pagination = first.data as { total?: number; nextPage?: number | null; lastPage?: number };
    expect(pagination.total).toBe(total);
    expect(pagination.nextPage).toBe(2);
    expect(pagination.lastPage).toBe(Math.ceil(total / 2));
    const second = await admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users[0]?.id).not.toBe(first.data.users[0]?.id);
    const raw = await fetch(`${t.url}/auth/v1/admin/users?per_page=2&page=1`, {
      headers: { apikey: t.serviceRoleKey, authorization: `Bearer ${t.serviceRoleKey}` },
    });
    expect(raw.headers.get('link')).toMatch(
      /^<\/auth\/v1\/admin\/users\?page=2&per_page=2>; rel="next", <\/auth\/v1\/admin\/users\?page=\d+&per_page=2>; rel="last"$/,
    );
    const bad = await admin.listUsers({ page: -1, perPage: 2 });
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('refuses admin endpoints to non-admin tokens', async () => {
    const email = uniqueEmail();
    await t.adminClient().auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
    const { data } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
    const res = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: {
        apikey: t.anonKey,
        authorization: `Bearer ${data.session!.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const anon = await fetch(`${t.url}/auth/v1/admin/users`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` },
    });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
  });

  it('invites by mail, and the invite link confirms the user', async () => {
    const admin = t.adminClient().auth.admin;
    const email = uniqueEmail('invite');
    const { data, error } = await admin.inviteUserByEmail(email, { data: { locale: 'da' } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toEqual(expect.any(String));
    const [mail] = await inbox(t, email);
    expect(mail?.subject).toBe('Du er inviteret');
    const res = await fetch(mail!.meta.link!, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const confirmed = await admin.getUserById(data.user!.id);
    expect(confirmed.data.user?.email_confirmed_at).toEqual(expect.any(String));
    const again = await admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });

  it('generates links for every type without sending mail', async () => {
    const admin = t.adminClient().auth.admin;
    const email = uniqueEmail('gen');
    const signup = await admin.generateLink({ type: 'signup', email, password: strongPassword });
    expect(signup.error).toBeNull();
    expect(signup.data.properties?.verification_type).toBe('signup');
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(signup.data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(signup.data.user?.email).toBe(email);
    expect(await inbox(t, email)).toEqual([]);
    const verified = await t
      .client()
      .auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();

    const magic = await admin.generateLink({ type: 'magiclink', email });
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    const viaCode = await t
      .client()
      .auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: 'email' });
    expect(viaCode.error).toBeNull();

    const recovery = await admin.generateLink({ type: 'recovery', email: uniqueEmail() });
    expect(recovery.error?.code).toBe('user_not_found');
    const newEmail = uniqueEmail('new');
    const change = await admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(change.error).toBeNull();
    const bad = await fetch(`${t.url}/auth/v1/admin/generate_link`, {
      method: 'POST',
      headers: {
        apikey: t.serviceRoleKey,
        authorization: `Bearer ${t.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'teleport', email }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).msg).toBe('Invalid email action link type requested: teleport');
  });

  it("lists and deletes a user's factors", async () => {
    const admin = t.adminClient().auth.admin;
    const email = uniqueEmail('mfa');
    const created = await admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
    await client.auth.setSession(data.session!);
    const enrol = await client.auth.mfa.enroll({ factorType: 'totp' });
    const list = await admin.mfa.listFactors({ userId: created.data.user!.id });
    expect(list.data?.factors.map((f) => f.id)).toEqual([enrol.data!.id]);
    const del = await admin.mfa.deleteFactor({ userId: created.data.user!.id, id: enrol.data!.id });
    // The client hands back the body wrapped once more, as GoTrue's own test reads it.
    expect((del.data as unknown as { data: { id: string } }).data.id).toBe(enrol.data!.id);
    const gone = await admin.mfa.deleteFactor({ userId: created.data.user!.id, id: enrol.data!.id });
    expect(gone.error?.code).toBe('mfa_factor_not_found');
  });
});
