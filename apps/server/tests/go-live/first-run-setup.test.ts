// Going live on an installation without any community: the setup token the banner prints,
// the community-setup function that trades it once for the first community and its invited
// owner (mail at a real SMTP listener), and the operator's functions for further ones.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAreas } from '@club/schemas';
import { ensureSetupToken, watchSetupToken } from '../../src/access/setup-token';
import { startSmtpListener, verifyLink, type SmtpListener } from '../support/smtp-listener';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let smtp: SmtpListener;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestPlatform({ SMTP_URL: smtp.url, AUTH_MAX_FREQUENCY: '0' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-setup-'));
}, 180_000);
afterAll(async () => {
  await t?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function setup(body: Record<string, unknown>) {
  const { data, error, response } = await t.client().functions.invoke('community-setup', { body });
  const payload = error ? await (error as { context: Response }).context.json() : data;
  return { status: response?.status ?? 0, payload: payload as Record<string, unknown> };
}

describe('first-run setup', () => {
  let token: string;

  it('keeps one token while no community exists, in a file only its owner can read', async () => {
    token = (await ensureSetupToken(t.db, dataDir))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const file = path.join(dataDir, 'setup-token');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await ensureSetupToken(t.db, dataDir)).toBe(token);
    const stored = await t.db.query<{ token_hash: string }>(
      'select token_hash from app_private.setup_tokens',
    );
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
    // No API role reaches the token table or the setup functions.
    const anon = await t.client().rpc('setup_token_valid', { p_token: token });
    expect(anon.error?.code).toBe('42501');
  });

  it('refuses a wrong token and bad input with a clear message, changing nothing', async () => {
    expect(await setup({ token, check: true })).toEqual({ status: 200, payload: { valid: true } });
    expect(await setup({ token: 'wrong', check: true })).toEqual({ status: 200, payload: { valid: false } });
    const wrong = await setup({
      token: 'wrong',
      name: 'Søndervang IF',
      owner_email: 'formand@sondervang-if.dk',
    });
    expect(wrong).toMatchObject({ status: 403, payload: { error: 'invalid_setup_token' } });
    const badEmail = await setup({ token, name: 'Søndervang IF', owner_email: 'formand(at)sondervang' });
    expect(badEmail).toMatchObject({ status: 422, payload: { error: 'invalid_email' } });
    const noName = await setup({ token, name: '  ', owner_email: 'formand@sondervang-if.dk' });
    expect(noName).toMatchObject({ status: 422, payload: { error: 'invalid_name' } });
    const count = await t.db.query<{ n: number }>('select count(*)::int as n from public.communities');
    expect(count.rows[0]!.n).toBe(0);
    expect(smtp.mails).toEqual([]);
  });

  it('creates the community, invites the owner, and the token works only once', async () => {
    const file = path.join(dataDir, 'setup-token');
    expect(fs.existsSync(file)).toBe(true);
    const stopWatching = watchSetupToken(t.db, dataDir, 25);
    const done = await setup({
      token,
      name: 'Søndervang IF',
      owner_email: 'Formand@Sondervang-IF.dk',
      language: 'da',
      redirect_to: `${t.url}/da/new-password`,
    });
    expect(done).toMatchObject({
      status: 200,
      payload: { community: { slug: 'soendervang-if', name: 'Søndervang IF' }, invited: true },
    });
    // The used token leaves the data directory without waiting for the next start.
    while (fs.existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
    stopWatching();
    const again = await setup({ token, name: 'Andet IF', owner_email: 'anden@example.dk' });
    expect(again).toMatchObject({ status: 403, payload: { error: 'invalid_setup_token' } });
    expect(await ensureSetupToken(t.db, dataDir)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'setup-token'))).toBe(false);

    // The owner accepts the invitation and their token names them owner of every area.
    const mail = await smtp.waitFor('formand@sondervang-if.dk');
    const res = await fetch(verifyLink(mail), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/da/new-password');
    const accessToken = new URLSearchParams(location.hash.slice(1)).get('access_token')!;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims.memberships['soendervang-if']).toMatchObject({
      name: 'Søndervang IF',
      role: 'admin',
      membership_manager: true,
    });
    expect([...claims.memberships['soendervang-if'].areas].sort()).toEqual([...adminAreas]);
    const owner = await t.db.query<{ role: string }>(
      `select m.role from public.memberships m join auth.users u on u.id = m.user_id
       where u.email = 'formand@sondervang-if.dk'`,
    );
    expect(owner.rows).toEqual([{ role: 'owner' }]);
  });
});

describe("the operator's functions", () => {
  it('are for the service role only', async () => {
    const { data } = await t
      .adminClient()
      .auth.admin.createUser({ email: 'kasserer@example.dk', email_confirm: true });
    const user = t.client();
    const { error } = await user.rpc('create_community', {
      p_name: 'Snyd IF',
      p_owner_user_id: data.user!.id,
    });
    expect(error?.code).toBe('42501');
  });

  it('creates a further community for an existing account and refuses a taken address', async () => {
    const admin = t.adminClient();
    const existing = await admin.rpc('operator_user_id', { p_email: 'FORMAND@sondervang-if.dk' });
    const created = await admin
      .rpc('create_community', { p_name: 'Søndervang Ældre Sejlere', p_owner_user_id: existing.data })
      .single<{ slug: string }>();
    expect(created.error).toBeNull();
    expect(created.data!.slug).toBe('soendervang-aeldre-sejlere');
    const taken = await admin.rpc('check_new_community', { p_name: 'Søndervang IF' });
    expect(taken.error).toMatchObject({
      message: 'slug_taken',
      details: 'The address name soendervang-if is already used',
    });
    const tz = await admin.rpc('create_community', {
      p_name: 'Tidszone IF',
      p_owner_user_id: existing.data,
      p_time_zone: 'Europe/Kobenhavn',
    });
    expect(tz.error?.message).toBe('invalid_time_zone');
  });
});
