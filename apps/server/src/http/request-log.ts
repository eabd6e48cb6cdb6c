// One structured log line per request, with the request id, status and duration.
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';

/** Told of every answered request (the /metrics counters). */
export type RequestObserver = (path: string, status: number, seconds: number) => void;

/** The request's line, at error level for a 5xx answer. */
export function logRequestLine(
  log: Logger,
  method: string,
  path: string,
  status: number,
  started: number,
  observe?: RequestObserver,
): void {
  const elapsed = performance.now() - started;
  observe?.(path, status, elapsed / 1000);
  const ms = Math.round(elapsed * 10) / 10;
  const line = { method, path, status, ms };
  if (status >= 500) log.error(line, 'request');
  else log.info(line, 'request');
}

export function requestLog(logger: Logger, observe?: RequestObserver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    logRequestLine(log, c.req.method, c.req.path, c.res.status, started, observe);
  };
}
