// Fan-out between server instances that share one PostgreSQL: broadcasts and presence
// changes made on one instance reach the others through NOTIFY realtime_bus. Broadcasts
// stored with realtime.send() arrive on the same channel from the database itself (on
// PGlite too). Messages above NOTIFY's 8000-byte limit travel through
// realtime.bus_overflow and the notification carries the row id.
import type { Logger } from 'pino';
import type { Database } from '../../database/database';

export type PresenceMetas = Record<string, { metas: Record<string, unknown>[] }>;

export type BusMessage =
  /** A broadcast on a hub key; bin is a base64 binary payload. */
  | { k: 'b'; o: string; h: string; e: string; p?: unknown; bin?: string }
  /** A presence diff on a hub key. */
  | { k: 'pd'; o: string; h: string; j: PresenceMetas; l: PresenceMetas }
  /** A new instance asks the others for their presences. */
  | { k: 'sync?'; o: string }
  /** An instance's own presences, per hub key. */
  | { k: 'sync'; o: string; s: Record<string, PresenceMetas> }
  /** An instance is alive (sent periodically) or going away. */
  | { k: 'alive'; o: string }
  | { k: 'down'; o: string };

type Notice = BusMessage | { k: 'ref'; id: number | string };

const notifyLimit = 7900;

export interface ClusterBus {
  /** True when other instances may exist (PostgreSQL). */
  readonly shared: boolean;
  publish(message: BusMessage): void;
  close(): Promise<void>;
}

export async function openClusterBus(
  db: Database,
  instanceId: string,
  logger: Logger,
  onMessage: (message: BusMessage) => void,
  /** Called with this instance's own messages as they come back through LISTEN. */
  onEcho?: (message: BusMessage) => void,
): Promise<ClusterBus> {
  const shared = db.engine === 'postgres';
  let queue: string[] = [];
  let flushing: Promise<void> | undefined;

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const small: string[] = [];
      try {
        for (const text of batch) {
          if (Buffer.byteLength(text) <= notifyLimit) {
            small.push(text);
            continue;
          }
          if (small.length > 0) await notifyAll(small.splice(0));
          const stored = await db.query<{ id: string }>(
            'insert into realtime.bus_overflow (payload) values ($1::jsonb) returning id',
            [text],
          );
          await notifyAll([JSON.stringify({ k: 'ref', id: stored.rows[0]?.id })]);
        }
        if (small.length > 0) await notifyAll(small);
      } catch (error) {
        logger.warn({ err: error }, 'realtime: could not publish to other instances');
      }
    }
    flushing = undefined;
  }

  async function notifyAll(texts: string[]): Promise<void> {
    // One statement keeps the batch in order for every listener.
    await db.query(
      "select pg_notify('realtime_bus', m) from unnest($1::text[]) with ordinality as t(m, n) order by n",
      [texts],
    );
  }

  async function receive(raw: string): Promise<void> {
    let notice: Notice;
    try {
      notice = JSON.parse(raw) as Notice;
    } catch {
      return;
    }
    if (notice.k === 'ref') {
      const stored = await db.query<{ payload: BusMessage }>(
        'select payload from realtime.bus_overflow where id = $1',
        [String(notice.id)],
      );
      const payload = stored.rows[0]?.payload;
      if (!payload) return;
      notice = payload;
    }
    if (notice.o === instanceId) {
      onEcho?.(notice);
      return;
    }
    onMessage(notice);
  }

  let tail: Promise<void> = Promise.resolve();
  const unlisten = await db.listen('realtime_bus', (raw) => {
    tail = tail.then(() =>
      receive(raw).catch((error: unknown) => logger.warn({ err: error }, 'realtime: bad bus message')),
    );
  });

  const sweep = setInterval(() => {
    db.query("delete from realtime.bus_overflow where created_at < now() - interval '1 minute'").catch(
      () => undefined,
    );
  }, 60_000);
  sweep.unref();

  return {
    shared,
    publish(message) {
      if (!shared) return;
      queue.push(JSON.stringify(message));
      flushing ??= flush();
    },
    async close() {
      clearInterval(sweep);
      await flushing;
      await unlisten();
      await tail;
    },
  };
}
