// The public, read-only endpoints: GET /health, /settings and /.well-known/jwks.json.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';

const builtinProviders = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

export async function showHealth(_ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  return c.json(
    {
      version: 'club-platform',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    },
    200,
  );
}

export async function showSettings(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const external: Record<string, boolean> = { anonymous_users: ctx.config.anonymousEnabled };
  for (const name of builtinProviders) external[name] = false;
  for (const provider of ctx.config.oidcProviders) external[provider.name] = true;
  external.email = ctx.config.emailEnabled;
  external.phone = ctx.config.phoneEnabled;
  external.saml = ctx.config.samlEnabled;
  return c.json(
    {
      external,
      disable_signup: ctx.config.disableSignup,
      mailer_autoconfirm: ctx.config.mailerAutoconfirm,
      phone_autoconfirm: ctx.config.smsAutoconfirm,
      sms_provider: ctx.config.smsWebhookUrl ? 'webhook' : '',
      saml_enabled: ctx.config.samlEnabled,
      saml_private_key_next_configured: false,
      passkeys_enabled: ctx.config.passkeyEnabled,
    },
    200,
  );
}

export async function showJwks(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  c.header('Cache-Control', 'public, max-age=600');
  return c.json({ keys: ctx.deps.keys.publicJwks }, 200);
}
