// Builds the platform's HTTP application from its dependencies. It touches no
// environment, port or signal: main.ts and the tests start it.
import { isConnectionLoss } from './database/database';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import type { ServerDeps, ServiceModule } from './deps';
import { createBookingFeedRoutes } from './feeds/booking-feed';
import { createNewsUnsubscribeRoutes } from './mail/news-unsubscribe-routes';
import type { AppEnv } from './http/app-env';
import { platformCors } from './http/cors';
import type { FastHandler } from './http/fast-path';
import { requestId } from './http/request-id';
import { requestLog } from './http/request-log';
import { healthBackupStatus } from './operations/backup-scheduler';
import { createPlatformMetrics, mountMetricsRoute, type PlatformMetrics } from './operations/metrics';
import { mountSnapshotRoute } from './operations/server-snapshot';
import { createAuthService } from './services/auth';
import { createFunctionsService } from './services/functions';
import { createRealtimeService } from './services/realtime';
import { createRestService } from './services/rest';
import { createStorageService } from './services/storage';
import { createWebRoutes } from './web/web-routes';

export interface PlatformServer {
  app: Hono<AppEnv>;
  /** env carries @hono/node-server's bindings (the Node request and response) when served over HTTP. */
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** The services' fast-path handlers by path prefix (http/fast-path.ts). */
  fastHandlers: [prefix: string, handler: FastHandler][];
  /** Routes websocket upgrades to the service that owns the path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Settles when every service's background set-up is done. */
  ready(): Promise<void>;
  /** Stops the services' background work; the caller closes the database afterwards. */
  close(): Promise<void>;
  /** The /metrics registry; the fast path reports its requests here too. */
  metrics: PlatformMetrics;
}

export function createServer(serverDeps: ServerDeps): PlatformServer {
  const metrics = createPlatformMetrics({
    db: serverDeps.db,
    backupDir: serverDeps.config.operations.backup.dir,
  });
  const deps: ServerDeps = { ...serverDeps, metrics: serverDeps.metrics ?? metrics };
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', requestLog(deps.logger, metrics.observeRequest));
  app.use('*', platformCors());

  app.get('/health', async (c) => {
    const backup = healthBackupStatus(deps.config.operations.backup);
    try {
      await deps.db.query('select 1');
      return c.json({ status: 'ok', database: deps.db.engine, backup });
    } catch {
      return c.json({ status: 'unavailable', database: deps.db.engine, backup }, 503);
    }
  });

  mountSnapshotRoute(app, deps);
  mountMetricsRoute(app, deps, metrics);

  const services: [string, ServiceModule][] = [
    ['/auth/v1', createAuthService(deps)],
    ['/rest/v1', createRestService(deps)],
    ['/storage/v1', createStorageService(deps)],
    ['/realtime/v1', createRealtimeService(deps)],
    ['/functions/v1', createFunctionsService(deps)],
  ];
  for (const [prefix, service] of services) {
    app.route(prefix, service.routes);
    if (service.gauges) metrics.addGauges(prefix.split('/')[1]!, service.gauges);
  }

  app.route('/feeds/v1', createBookingFeedRoutes(deps));
  app.route('/mail/v1', createNewsUnsubscribeRoutes(deps));
  app.route('/', createWebRoutes(deps));

  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (isConnectionLoss(error)) {
      c.header('Retry-After', '1');
      return c.json({ message: 'The database is unavailable for a moment; try again shortly.' }, 503);
    }
    const log = c.get('log') ?? deps.logger;
    log.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: 'Internal server error', request_id: c.get('requestId') }, 500);
  });

  return {
    app,
    fetch: (request, env) => app.fetch(request, env),
    metrics,
    fastHandlers: services.flatMap(([, service]) => (service.fast ? [service.fast] : [])),
    upgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0] ?? '';
      for (const [prefix, service] of services) {
        if (service.upgrade && path.startsWith(prefix) && service.upgrade(req, socket, head)) return;
      }
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    },
    async ready() {
      for (const [, service] of services) if (service.ready) await service.ready;
    },
    async close() {
      for (const [, service] of services) await service.close?.();
    },
  };
}
