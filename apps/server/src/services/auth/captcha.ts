// The optional captcha check (hCaptcha/Turnstile-style siteverify endpoint): when
// AUTH_CAPTCHA_VERIFY_URL is set, public sign-up/sign-in calls need a token that the
// verifier accepts; admin callers are exempt.
import type { Context } from 'hono';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import type { Body } from './request-body';

export async function checkCaptcha(ctx: AuthContext, c: Context, body: Body, ip: string): Promise<void> {
  const url = ctx.config.captchaVerifyUrl;
  if (!url) return;
  if (c.req.header('authorization')?.includes(ctx.deps.keys.serviceRoleKey)) return;
  const meta = body.gotrue_meta_security;
  const token =
    typeof meta === 'object' &&
    meta !== null &&
    typeof (meta as Record<string, unknown>).captcha_token === 'string'
      ? ((meta as Record<string, unknown>).captcha_token as string)
      : '';
  if (token === '')
    throw new AuthError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (no captcha response)',
    );
  let ok = false;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: ctx.config.captchaSecret ?? '', response: token, remoteip: ip }),
      signal: AbortSignal.timeout(10_000),
    });
    const result = (await response.json().catch(() => ({}))) as { success?: unknown };
    ok = response.ok && result.success === true;
  } catch (error) {
    ctx.logger.warn({ err: error instanceof Error ? error.message : error }, 'captcha verifier unreachable');
  }
  if (!ok)
    throw new AuthError(
      400,
      'captcha_failed',
      'captcha protection: request disallowed (captcha verification failed)',
    );
}
