import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { devInboxUrl } from '../../src/services/auth/show-dev-inbox';
import { inbox, latestMessage, strongPassword, uniqueEmail } from './auth-test-kit';

describe('rate limits, reauthentication, resend and service endpoints', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({
      AUTH_RATE_LIMIT_HEADER: 'X-Real-IP',
      AUTH_RATE_LIMIT_TOKEN: '150',
      AUTH_RATE_LIMIT_EMAIL_SENT: '6',
      AUTH_MAX_FREQUENCY: '60',
      AUTH_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: 'true',
    });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('limits /token per trusted client IP with a burst of 30', async () => {
    const send = (ip: string) =>
      fetch(`${t.url}/auth/v1/token?grant_type=unknown`, {
        method: 'POST',
        headers: {
          apikey: t.anonKey,
          'content-type': 'application/json',
          'x-real-ip': ip,
          'x-supabase-api-version': '2024-01-01',
        },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send('203.0.113.9')).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    const limited = await send('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect((await send('203.0.113.10')).status).toBe(400);
  });

  it('needs the reauthentication nonce for a password change on an old session', async () => {
    const email = uniqueEmail('reauth');
    const admin = t.adminClient().auth.admin;
    await admin.createUser({ email, password: strongPassword, email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({ email, password: strongPassword });
    await client.auth.setSession(data.session!);
    // A fresh session may change the password without a nonce.
    expect((await client.auth.updateUser({ password: 'fresh-session-password' })).error).toBeNull();
    await t.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [
      JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()).session_id,
    ]);
    const missing = await client.auth.updateUser({ password: 'old-session-password' });
    expect(missing.error?.code).toBe('reauthentication_needed');
    await t.db.query('update auth.users set reauthentication_sent_at = null where email = $1', [email]);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMessage(t, email);
    expect(mail.subject).toBe('Confirm it is you');
    expect(mail.meta.link).toBeUndefined();
    const wrong = await client.auth.updateUser({
      password: 'old-session-password',
      nonce: '000000' === mail.meta.code ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    const ok = await client.auth.updateUser({ password: 'old-session-password', nonce: mail.meta.code! });
    expect(ok.error).toBeNull();
  });

  it('limits resends per user and mail per hour', async () => {
    const email = uniqueEmail('limit');
    const client = t.client();
    expect((await client.auth.signUp({ email, password: strongPassword })).error).toBeNull();
    // A resend within the frequency sends nothing and answers as an unknown address does
    // (a 429 told that the address had signed up, decision 1009).
    const resend = await client.auth.resend({ type: 'signup', email });
    expect(resend.error).toBeNull();
    expect(await inbox(t, email)).toHaveLength(1);
    // Unknown addresses answer like known ones.
    expect((await client.auth.resend({ type: 'signup', email: uniqueEmail() })).error).toBeNull();
    let hourly: string | undefined;
    for (let i = 0; i < 8 && !hourly; i++) {
      const r = await client.auth.signUp({ email: uniqueEmail('burst'), password: strongPassword });
      hourly = r.error?.message;
    }
    expect(hourly).toBe('email rate limit exceeded');
  });

  it('serves settings, health, JWKS and the development inbox page', async () => {
    const settings = await (await fetch(`${t.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      external: { email: true, phone: false, anonymous_users: false },
    });
    expect(await (await fetch(`${t.url}/auth/v1/health`)).json()).toMatchObject({ name: 'GoTrue' });
    const jwks = await fetch(`${t.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    const keys = (await jwks.json()).keys as Record<string, unknown>[];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.d === undefined && k.kty !== 'oct')).toBe(true);
    const page = await fetch(devInboxUrl(t.url, t.devInboxToken));
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('<h1>Development inbox</h1>');
  });

  it('keeps the development inbox to whoever holds its secret, and from other sites', async () => {
    // A recovery mail as the server would keep it (this file's hourly mail limit is used up).
    const email = uniqueEmail('inbox');
    await t.db.query(
      `insert into mail.dev_inbox (channel, recipient, subject, meta)
       values ('email', $1, 'Reset your password', '{"type":"recovery"}')`,
      [email],
    );
    const headers = { origin: 'https://evil.example', 'x-supabase-api-version': '2024-01-01' };
    const bare = `${t.url}/auth/v1/_dev/inbox?format=json&to=${encodeURIComponent(email)}`;
    for (const url of [bare, `${bare}&token=`, `${bare}&token=${t.devInboxToken.slice(1)}`]) {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(url, { method, headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        const body = await res.json();
        expect(body.code).toBe('no_authorization');
        expect(JSON.stringify(body)).not.toContain(t.devInboxToken);
      }
    }
    const preflight = await fetch(devInboxUrl(t.url, t.devInboxToken), {
      method: 'OPTIONS',
      headers: { ...headers, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await fetch(`${devInboxUrl(t.url, t.devInboxToken)}&format=json&to=${email}`, {
      headers,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBeNull();
    expect(allowed.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await allowed.json()) as { messages: { subject: string }[] };
    expect(messages.map((m) => m.subject)).toEqual(['Reset your password']);
    // The other services keep answering other origins.
    const settings = await fetch(`${t.url}/auth/v1/settings`, { headers });
    expect(settings.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('renders the legacy error format without the version header', async () => {
    const res = await fetch(`${t.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(res.headers.get('x-sb-error-code')).toBe('validation_failed');
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'One of email or phone must be set',
    });
    const otpDisabled = await t
      .client()
      .auth.signInWithOtp({ email: uniqueEmail(), options: { shouldCreateUser: false } });
    // An unknown address is answered as a known one (issue 38): GoTrue's 422 otp_disabled told them apart.
    expect(otpDisabled.error).toBeNull();
    const sso = await t.client().auth.signInWithSSO({ domain: 'example.test' });
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    const link = await fetch(`${t.url}/auth/v1/authorize?provider=github`);
    expect(link.status).toBe(400);
    expect((await link.json()).msg).toBe('Unsupported provider: github is not enabled');
  });
});

describe('the development inbox in production', () => {
  it('is not served', async () => {
    const t = await startTestPlatform({ NODE_ENV: 'production', AUTH_MAILER_AUTOCONFIRM: 'true' });
    try {
      const res = await fetch(devInboxUrl(t.url, t.devInboxToken), { headers: { apikey: t.anonKey } });
      expect(res.status).toBe(404);
      const email = uniqueEmail('prod');
      const { data, error } = await t.client().auth.signUp({ email, password: strongPassword });
      expect(error).toBeNull();
      expect(data.session?.access_token).toEqual(expect.any(String));
      const dup = await t.client().auth.signUp({ email, password: strongPassword });
      expect(dup.error?.code).toBe('user_already_exists');
      expect(dup.error?.message).toBe('User already registered');
    } finally {
      await t.stop();
    }
  }, 180_000);
});

describe('the captcha check', () => {
  it('refuses sign-ups without an accepted captcha token', async () => {
    const verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            success: form.get('response') === 'good-token' && form.get('secret') === 'captcha-secret',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as AddressInfo).port;
    const t = await startTestPlatform({
      AUTH_CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
      AUTH_CAPTCHA_SECRET: 'captcha-secret',
    });
    try {
      const none = await t.client().auth.signUp({ email: uniqueEmail(), password: strongPassword });
      expect(none.error?.code).toBe('captcha_failed');
      const bad = await t.client().auth.signUp({
        email: uniqueEmail(),
        password: strongPassword,
        options: { captchaToken: 'bad-token' },
      });
      expect(bad.error?.code).toBe('captcha_failed');
      const good = await t.client().auth.signUp({
        email: uniqueEmail(),
        password: strongPassword,
        options: { captchaToken: 'good-token' },
      });
      expect(good.error).toBeNull();
      const admin = await t
        .adminClient()
        .auth.admin.createUser({ email: uniqueEmail(), password: strongPassword });
      expect(admin.error).toBeNull();
    } finally {
      await t.stop();
      await new Promise<void>((resolve) => verifier.close(() => resolve()));
    }
  }, 180_000);
});
