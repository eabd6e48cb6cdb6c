// What every auth endpoint is handed: the server's dependencies, the auth settings and
// the message transports, built once per service.
import type { Logger } from 'pino';
import type { AuthConfig } from '../../config-sections/auth';
import type { ServerDeps } from '../../deps';
import type { DevInbox } from '../../mail/dev-inbox';
import type { SendTimes } from './send-time';
import type { Mailer, SmsSender } from '../../mail/mailer';
import type { RateLimits } from './rate-limits';

export interface AuthContext {
  deps: ServerDeps;
  config: AuthConfig;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  siteUrl: string;
  /** The externally visible base of this service, e.g. http://localhost:54321/auth/v1. */
  externalUrl: string;
  /** True until the first request when the server was started on port 0. */
  unresolvedPort: boolean;
  mailer: Mailer;
  sms: SmsSender;
  /** How long recent deliveries took, so answers that send nothing take as long (decision 1009). */
  sendTimes: SendTimes;
  inbox: DevInbox | undefined;
  limits: RateLimits;
  logger: Logger;
}
