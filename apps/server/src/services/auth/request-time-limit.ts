// The request time limit (brief: GOTRUE_API_MAX_REQUEST_DURATION, default 10 s): past it
// the caller gets 504 request_timeout. The work itself cannot be interrupted and runs
// to its end; its late failure is logged, never answered. The elapsed time is checked
// again when the work ends, because the embedded database runs on this thread and
// holds back the timer while a statement runs.
import type { Logger } from 'pino';
import { AuthError } from './auth-errors';

const timedOut = () =>
  new AuthError(504, 'request_timeout', 'Processing this request timed out, please retry after a moment.');

export async function withinRequestTimeLimit<T>(
  limitMs: number,
  log: Logger,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), limitMs);
  });
  const running = work();
  let settled = false;
  running.then(
    () => undefined,
    (error: unknown) => {
      if (settled) log.warn({ err: error }, 'auth request failed after its time limit');
    },
  );
  try {
    const result = await Promise.race([running, expired]);
    if (performance.now() - started > limitMs) throw timedOut();
    return result;
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}
