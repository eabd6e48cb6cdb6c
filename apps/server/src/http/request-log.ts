// One structured log line per request, with the request id, status and duration.
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';

/** The request's line, at error level for a 5xx answer. */
export function logRequestLine(
  log: Logger,
  method: string,
  path: string,
  status: number,
  started: number,
): void {
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const line = { method, path, status, ms };
  if (status >= 500) log.error(line, 'request');
  else log.info(line, 'request');
}

export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    logRequestLine(log, c.req.method, c.req.path, c.res.status, started);
  };
}
