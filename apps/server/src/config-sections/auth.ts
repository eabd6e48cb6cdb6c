// Settings of the auth part of the platform (and of outgoing mail and SMS, which the auth
// service and functions share), merged into config.ts (the only reader of process.env).
// Document every variable here in .env.example too.
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const seconds = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An OpenID Connect provider as configured in AUTH_OIDC_PROVIDERS (a JSON array). */
const oidcProviderSchema = z.object({
  name: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  issuer: z.string().url(),
  client_id: z.string().min(1),
  client_secret: z.string().default(''),
  scopes: z.string().default('openid email profile'),
  /** E-mail domains that POST /sso resolves to this provider. */
  domains: z.array(z.string()).default([]),
});
export type OidcProviderConfig = z.output<typeof oidcProviderSchema>;

const oidcProviders = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return [] as OidcProviderConfig[];
    try {
      const parsed = z.array(oidcProviderSchema).safeParse(JSON.parse(v));
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message: `invalid provider list: ${parsed.error.issues[0]?.message ?? ''}`,
      });
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
    }
    return z.NEVER;
  });

const hookSetting = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? 'auto' : v.trim()))
  .refine(
    (v) => v === 'auto' || v === 'off' || /^pg-functions:\/\/[^/]+\/[a-zA-Z_][\w]*\/[a-zA-Z_][\w]*$/.test(v),
    {
      message: 'must be auto, off or pg-functions://postgres/<schema>/<function>',
    },
  );

const mailLocale = z.enum(['en', 'da']).default('en');

export const authEnv = z.object({
  AUTH_URI_ALLOW_LIST: optionalText,
  AUTH_DISABLE_SIGNUP: flag(false),
  AUTH_MAILER_AUTOCONFIRM: flag(false),
  AUTH_SMS_AUTOCONFIRM: flag(false),
  AUTH_EMAIL_ENABLED: flag(true),
  AUTH_PHONE_ENABLED: flag(false),
  AUTH_ANONYMOUS_USERS_ENABLED: flag(false),
  AUTH_MANUAL_LINKING_ENABLED: flag(false),
  // Upstream's floor is 6 (a lower value is raised to it); the product's default is 8.
  AUTH_PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .min(0)
    .max(72)
    .default(8)
    .transform((n) => Math.max(6, n)),
  AUTH_PASSWORD_REQUIRED_CHARACTERS: optionalText,
  AUTH_MAILER_OTP_EXP: seconds(86_400, 60),
  AUTH_SMS_OTP_EXP: seconds(60, 30),
  AUTH_OTP_LENGTH: z.coerce.number().int().min(6).max(10).default(6),
  AUTH_SECURE_EMAIL_CHANGE: flag(true),
  AUTH_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: flag(false),
  AUTH_REFRESH_TOKEN_ROTATION: flag(true),
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: seconds(10),
  AUTH_FLOW_STATE_EXPIRY: seconds(300, 300),
  AUTH_MAX_FREQUENCY: seconds(60),
  AUTH_SMS_MAX_FREQUENCY: seconds(60),
  AUTH_RATE_LIMIT_EMAIL_SENT: z.coerce.number().int().min(0).optional(),
  AUTH_RATE_LIMIT_SMS_SENT: z.coerce.number().int().min(0).default(30),
  AUTH_RATE_LIMIT_HEADER: optionalText,
  AUTH_RATE_LIMIT_TOKEN: z.coerce.number().int().min(1).default(150),
  AUTH_RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_OTP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES: z.coerce.number().int().min(0).default(10),
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(0).default(30),
  AUTH_RATE_LIMIT_SIGN_IN_WINDOW: seconds(300, 1),
  AUTH_API_MAX_REQUEST_DURATION: z.coerce.number().positive().max(600).default(10),
  AUTH_MFA_MAX_FACTORS: z.coerce.number().int().min(1).max(50).default(10),
  AUTH_MFA_PHONE_ENABLED: flag(false),
  AUTH_MFA_WEB_AUTHN_ENABLED: flag(true),
  AUTH_PASSKEY_ENABLED: flag(true),
  AUTH_PASSKEY_MAX_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
  AUTH_WEBAUTHN_RP_ID: optionalText,
  AUTH_WEBAUTHN_RP_ORIGINS: optionalText,
  AUTH_WEBAUTHN_RP_DISPLAY_NAME: optionalText,
  AUTH_HOOK_CUSTOM_ACCESS_TOKEN: hookSetting,
  AUTH_OIDC_PROVIDERS: oidcProviders,
  AUTH_SAML_ENABLED: flag(false),
  AUTH_CAPTCHA_VERIFY_URL: optionalText,
  AUTH_CAPTCHA_SECRET: optionalText,
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().min(3).default('Club Platform <no-reply@localhost>'),
  MAIL_DEFAULT_LOCALE: mailLocale,
  SMS_WEBHOOK_URL: optionalText.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be a URL',
  }),
});

type AuthEnv = z.output<typeof authEnv>;

export function readAuthConfig(input: AuthEnv | Record<string, unknown>) {
  const env = input as AuthEnv;
  return {
    uriAllowList: (env.AUTH_URI_ALLOW_LIST ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    disableSignup: env.AUTH_DISABLE_SIGNUP,
    mailerAutoconfirm: env.AUTH_MAILER_AUTOCONFIRM,
    smsAutoconfirm: env.AUTH_SMS_AUTOCONFIRM,
    emailEnabled: env.AUTH_EMAIL_ENABLED,
    phoneEnabled: env.AUTH_PHONE_ENABLED,
    anonymousEnabled: env.AUTH_ANONYMOUS_USERS_ENABLED,
    manualLinkingEnabled: env.AUTH_MANUAL_LINKING_ENABLED,
    passwordMinLength: env.AUTH_PASSWORD_MIN_LENGTH,
    passwordRequiredCharacters: env.AUTH_PASSWORD_REQUIRED_CHARACTERS,
    mailerOtpExp: env.AUTH_MAILER_OTP_EXP,
    smsOtpExp: env.AUTH_SMS_OTP_EXP,
    otpLength: env.AUTH_OTP_LENGTH,
    secureEmailChange: env.AUTH_SECURE_EMAIL_CHANGE,
    updatePasswordRequireReauthentication: env.AUTH_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION,
    refreshTokenRotation: env.AUTH_REFRESH_TOKEN_ROTATION,
    refreshTokenReuseInterval: env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
    flowStateExpiry: env.AUTH_FLOW_STATE_EXPIRY,
    maxFrequency: env.AUTH_MAX_FREQUENCY,
    smsMaxFrequency: env.AUTH_SMS_MAX_FREQUENCY,
    /** Mails per hour; unset means 30 with SMTP and unlimited for the development inbox. */
    rateLimitEmailSent: env.AUTH_RATE_LIMIT_EMAIL_SENT ?? (env.SMTP_URL ? 30 : undefined),
    rateLimitSmsSent: env.AUTH_RATE_LIMIT_SMS_SENT,
    rateLimitHeader: env.AUTH_RATE_LIMIT_HEADER?.toLowerCase(),
    rateLimits: {
      token: env.AUTH_RATE_LIMIT_TOKEN,
      verify: env.AUTH_RATE_LIMIT_VERIFY,
      otp: env.AUTH_RATE_LIMIT_OTP,
      anonymous: env.AUTH_RATE_LIMIT_ANONYMOUS,
    },
    /** Failed password sign-ins allowed per account and per client address in one window (0 = no limit). */
    signInFailures: {
      perAccount: env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES,
      perIp: env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_IP,
      windowSeconds: env.AUTH_RATE_LIMIT_SIGN_IN_WINDOW,
    },
    /** Past this, a request answers 504 request_timeout (GOTRUE_API_MAX_REQUEST_DURATION). */
    maxRequestDurationMs: Math.round(env.AUTH_API_MAX_REQUEST_DURATION * 1000),
    mfaMaxFactors: env.AUTH_MFA_MAX_FACTORS,
    mfaPhoneEnabled: env.AUTH_MFA_PHONE_ENABLED,
    /** WebAuthn factors (passkeys, security keys); the relying party defaults to SITE_URL's host and origin. */
    mfaWebAuthnEnabled: env.AUTH_MFA_WEB_AUTHN_ENABLED,
    /** Passkeys as the first factor (/passkeys/*, decision 0845), with the same relying party. */
    passkeyEnabled: env.AUTH_PASSKEY_ENABLED,
    passkeyMaxPerUser: env.AUTH_PASSKEY_MAX_PER_USER,
    webAuthnRpId: env.AUTH_WEBAUTHN_RP_ID,
    webAuthnRpOrigins: (env.AUTH_WEBAUTHN_RP_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    webAuthnRpDisplayName: env.AUTH_WEBAUTHN_RP_DISPLAY_NAME,
    customAccessTokenHook: env.AUTH_HOOK_CUSTOM_ACCESS_TOKEN,
    oidcProviders: env.AUTH_OIDC_PROVIDERS,
    /** SAML 2.0 single sign-on with providers kept in auth.sso_providers (decision 1010). */
    samlEnabled: env.AUTH_SAML_ENABLED,
    captchaVerifyUrl: env.AUTH_CAPTCHA_VERIFY_URL,
    captchaSecret: env.AUTH_CAPTCHA_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailDefaultLocale: env.MAIL_DEFAULT_LOCALE,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
  };
}

export type AuthConfig = ReturnType<typeof readAuthConfig>;
