// What every realtime operation is given: the server's dependencies, the realtime settings
// and this instance's hub.
import type { Logger } from 'pino';
import type { RealtimeConfig } from '../../config-sections/realtime';
import type { ServerDeps } from '../../deps';
import type { ChangeFeed } from './changes/change-feed';
import type { RealtimeHub } from './realtime-hub';

export interface RealtimeContext {
  deps: ServerDeps;
  config: RealtimeConfig;
  hub: RealtimeHub;
  /** Where postgres_changes subscriptions register their tables. */
  changes: ChangeFeed;
  logger: Logger;
}
