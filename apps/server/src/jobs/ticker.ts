// A background job that runs now and then every interval, never twice at once, logging what
// it did and retrying on the next tick when it fails. The ticker does not hold the process open.
import type { Logger } from 'pino';

export interface Ticker {
  stop(): void;
}

export interface TickerJob {
  /** Runs the job once; a number above zero is logged with `doneMessage` under `countKey`. */
  run(): Promise<number | undefined>;
  countKey: string;
  doneMessage: string;
  failedMessage: string;
}

/** `paused`, when given and true, skips a tick (scheduled work paused, decision 1007). */
export function startTicker(
  job: TickerJob,
  logger: Logger,
  intervalMs: number,
  paused?: () => boolean,
): Ticker {
  let running = false;
  const tick = async () => {
    if (running || paused?.()) return;
    running = true;
    try {
      const n = await job.run();
      if (n) logger.info({ [job.countKey]: n }, job.doneMessage);
    } catch (error) {
      logger.warn({ err: error }, job.failedMessage);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
