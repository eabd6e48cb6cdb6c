// One structured log line per request, with the request id, status and duration.
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  };
}
