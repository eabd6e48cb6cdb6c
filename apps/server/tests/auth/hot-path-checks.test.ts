// The refresh grant and GET /user do their checks in fewer statements (decision 1082:
// auth.refresh_session locks the token with its user and session in one lookup and
// rotates in one write; auth.token_user reads user, live session, identities and factors
// as one planned-once function). Every check still refuses: a revoked or deleted session,
// a token without a session, a banned, soft-deleted or unknown user, with and without the
// access-token hook. A rotation still writes the child, revokes the parent, touches the
// session and writes the audit row.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

for (const hook of ['auto', 'off'] as const) {
  describe(`the refresh grant and GET /user keep their checks (hook ${hook})`, () => {
    let t: TestPlatform;
    beforeAll(async () => {
      t = await startTestPlatform({ AUTH_HOOK_CUSTOM_ACCESS_TOKEN: hook });
    }, 180_000);
    afterAll(async () => {
      await t.stop();
    });

    async function signedIn() {
      const email = uniqueEmail();
      const created = await t
        .adminClient()
        .auth.admin.createUser({ email, password: strongPassword, email_confirm: true });
      if (created.error) throw created.error;
      const { data, error } = await t.client().auth.signInWithPassword({ email, password: strongPassword });
      if (error || !data.session) throw error ?? new Error('no session');
      return { email, userId: created.data.user!.id, session: data.session };
    }

    async function refresh(token: string) {
      const res = await fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }

    async function getUser(accessToken: string) {
      const res = await fetch(`${t.url}/auth/v1/user`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${accessToken}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    }

    it('rotates with the child stored, the parent revoked, the session touched and the audit row', async () => {
      const { email, userId, session } = await signedIn();
      const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString())
        .session_id as string;
      await t.db.query(`update auth.sessions set refreshed_at = null, ip = null where id = $1`, [sessionId]);
      const rotated = await refresh(session.refresh_token);
      expect(rotated.status).toBe(200);
      const child = rotated.body.refresh_token as string;
      expect((rotated.body.user as { id: string }).id).toBe(userId);
      const { rows: tokens } = await t.db.query<{ token: string; revoked: boolean; parent: string | null }>(
        'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
        [sessionId],
      );
      expect(tokens).toEqual([
        { token: hash(session.refresh_token), revoked: true, parent: null },
        { token: hash(child), revoked: false, parent: hash(session.refresh_token) },
      ]);
      const { rows: sessions } = await t.db.query<{ touched: boolean; ip: string | null }>(
        'select refreshed_at is not null as touched, host(ip) as ip from auth.sessions where id = $1',
        [sessionId],
      );
      expect(sessions).toEqual([{ touched: true, ip: expect.any(String) }]);
      const { rows: audit } = await t.db.query<{ payload: Record<string, unknown> }>(
        `select payload from auth.audit_log_entries
          where payload->>'actor_username' = $1 and payload->>'action' = 'token_refreshed'`,
        [email],
      );
      expect(audit.map((r) => r.payload)).toEqual([
        {
          actor_id: userId,
          actor_username: email,
          actor_via_sso: false,
          action: 'token_refreshed',
          log_type: 'token',
        },
      ]);
      const user = await getUser(rotated.body.access_token as string);
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ id: userId, email });
      expect((user.body.identities as { provider: string }[]).map((i) => i.provider)).toEqual(['email']);
      expect(user.body.factors).toBeUndefined();
    });

    it('refuses a refresh and GET /user once the session is signed out or deleted', async () => {
      const { session } = await signedIn();
      const signOut = await fetch(`${t.url}/auth/v1/logout?scope=local`, {
        method: 'POST',
        headers: { apikey: t.anonKey, authorization: `Bearer ${session.access_token}` },
      });
      expect(signOut.status).toBe(204);
      expect(await refresh(session.refresh_token)).toMatchObject({
        status: 400,
        body: { error_code: 'refresh_token_not_found' },
      });
      expect(await getUser(session.access_token)).toMatchObject({
        status: 403,
        body: { error_code: 'session_not_found' },
      });
    });

    it('refuses a token whose session is gone and deletes it', async () => {
      const { session } = await signedIn();
      await t.db.query('update auth.refresh_tokens set session_id = null where token = $1', [
        hash(session.refresh_token),
      ]);
      expect(await refresh(session.refresh_token)).toMatchObject({
        status: 400,
        body: { error_code: 'session_not_found' },
      });
      const { rows } = await t.db.query('select 1 from auth.refresh_tokens where token = $1', [
        hash(session.refresh_token),
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a banned user on both paths, and a refresh after the ban is lifted works', async () => {
      const { userId, session } = await signedIn();
      await t.db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [
        userId,
      ]);
      expect(await refresh(session.refresh_token)).toMatchObject({
        status: 400,
        body: { error_code: 'user_banned' },
      });
      expect(await getUser(session.access_token)).toMatchObject({
        status: 403,
        body: { error_code: 'user_banned' },
      });
      await t.db.query('update auth.users set banned_until = null where id = $1', [userId]);
      expect((await refresh(session.refresh_token)).status).toBe(200);
    });

    it('refuses a token of an unknown user and GET /user of a soft-deleted one', async () => {
      const { userId, session } = await signedIn();
      await t.db.query(`update auth.refresh_tokens set user_id = 'not-a-uuid' where token = $1`, [
        hash(session.refresh_token),
      ]);
      expect(await refresh(session.refresh_token)).toMatchObject({
        status: 400,
        body: { error_code: 'refresh_token_not_found' },
      });
      await t.db.query('update auth.users set deleted_at = now() where id = $1', [userId]);
      expect(await getUser(session.access_token)).toMatchObject({
        status: 403,
        body: { error_code: 'user_not_found' },
      });
    });

    it('ends the session when a token is reused after the interval', async () => {
      const { session } = await signedIn();
      const first = await refresh(session.refresh_token);
      const second = await refresh(first.body.refresh_token as string);
      expect(second.status).toBe(200);
      await t.db.query(
        `update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1`,
        [hash(session.refresh_token)],
      );
      expect(await refresh(session.refresh_token)).toMatchObject({
        status: 400,
        body: { error_code: 'refresh_token_already_used' },
      });
      expect(await refresh(second.body.refresh_token as string)).toMatchObject({
        status: 400,
        body: { error_code: 'refresh_token_not_found' },
      });
      expect(await getUser(second.body.access_token as string)).toMatchObject({
        status: 403,
        body: { error_code: 'session_not_found' },
      });
    });
  });
}
