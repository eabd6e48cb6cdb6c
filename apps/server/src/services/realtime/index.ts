// The realtime service (brief §3): websockets that realtime-js channels use unchanged —
// broadcast, presence and postgres_changes, private channels authorized by RLS on
// realtime.messages — fanned out between instances that share one PostgreSQL.
import type { ServerDeps, ServiceModule } from '../../deps';
import { createSocketAcceptor } from './accept-socket';
import { openChangeFeed, type ChangeFeed } from './changes/change-feed';
import type { RealtimeContext } from './realtime-context';
import { RealtimeHub } from './realtime-hub';
import { realtimeRoutes } from './routes';

/** Adds members to the change feed once it is open; until then they wait here. */
function deferredFeed(ready: Promise<ChangeFeed | undefined>): ChangeFeed {
  return {
    watch: async (relids) => (await ready)?.watch(relids),
    unwatch: (relids) => void ready.then((feed) => feed?.unwatch(relids)),
    add: (member) => void ready.then((feed) => feed?.add(member)),
    remove: (member) => void ready.then((feed) => feed?.remove(member)),
    close: async () => (await ready)?.close(),
  };
}

export function createRealtimeService(deps: ServerDeps): ServiceModule {
  const logger = deps.logger.child({ service: 'realtime' });
  const config = deps.config.realtime;
  const feedReady = deps.db
    .query('select realtime.sync_capture()')
    .catch((error: unknown) => logger.warn({ err: error }, 'realtime: could not sync capture triggers'))
    .then(() =>
      openChangeFeed({
        db: deps.db,
        dbSettings: deps.dbSettings,
        maxRecordBytes: config.maxRecordBytes,
        logger,
      }),
    )
    .catch((error: unknown) => {
      logger.error({ err: error }, 'realtime: change capture is unavailable');
      return undefined;
    });
  const changes = deferredFeed(feedReady);
  const hub = new RealtimeHub(changes, logger);
  const hubReady = hub.start(deps.db).catch((error: unknown) => {
    logger.error({ err: error }, 'realtime: instance fan-out is unavailable');
  });
  const ctx: RealtimeContext = { deps, config, hub, changes, logger };
  const acceptor = createSocketAcceptor(ctx);
  return {
    routes: realtimeRoutes(ctx),
    upgrade: acceptor.upgrade,
    gauges: () => ({ sockets: acceptor.socketCount(), ...hub.counts() }),
    ready: Promise.all([hubReady, feedReady]).then(() => undefined),
    async close() {
      acceptor.closeAll();
      await hubReady;
      await hub.close();
      await (await feedReady)?.close();
    },
  };
}
