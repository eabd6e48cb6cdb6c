// The auth service: a GoTrue-compatible API under /auth/v1.
import type { ServerDeps, ServiceModule } from '../../deps';
import { createMessaging } from '../../mail/create-mailer';
import type { AuthContext } from './auth-context';
import { RateLimits } from './rate-limits';
import { authRoutes } from './routes';
import { SendTimes } from './send-time';

export function createAuthService(deps: ServerDeps): ServiceModule {
  const config = deps.config.auth;
  const messaging = createMessaging({
    nodeEnv: deps.config.nodeEnv,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    smsWebhookUrl: config.smsWebhookUrl,
    db: deps.db,
    onMail: deps.metrics ? (outcome) => deps.metrics?.mail(outcome) : undefined,
  });
  const sendTimes = new SendTimes();
  const ctx: AuthContext = {
    deps,
    config,
    jwtExpiry: deps.config.jwtExpiry,
    siteUrl: deps.config.siteUrl,
    externalUrl: `${deps.config.publicUrl.replace(/\/$/, '')}/auth/v1`,
    unresolvedPort: new URL(deps.config.publicUrl).port === '0',
    mailer: sendTimes.timedMailer(messaging.mailer),
    sms: sendTimes.timedSms(messaging.sms),
    sendTimes,
    inbox: messaging.inbox,
    limits: new RateLimits(
      deps.db,
      config.rateLimitEmailSent,
      config.rateLimitSmsSent,
      config.signInFailures,
    ),
    logger: deps.logger.child({ service: 'auth' }),
  };
  return {
    routes: authRoutes(ctx),
    close: async () => {
      await messaging.mailer.close?.();
    },
  };
}
