// The PostgreSQL adapter: a pg pool for statements plus one dedicated connection for
// LISTEN, used when DATABASE_URL points at a real server.
//
// Every connection survives the database going away (restart, failover, a killed backend,
// a network drop; decision 1001): each pg client has an 'error' listener for its whole
// life, checked out or idle, because pg emits 'error' on a client whose backend is
// terminated and an unheard 'error' ends the process. A statement that loses its
// connection fails as a DatabaseError of class 08 (or 57P0x as the server said), which the
// services answer with 503 and Retry-After; a broken client is destroyed, not pooled. The
// LISTEN connection reconnects with back-off and listens on every channel again.
import pg from 'pg';
import {
  isConnectionLoss,
  textTypeOids,
  toDatabaseError,
  type Database,
  type Queryable,
  type QueryResult,
} from './database';

const identity = (value: string): string => value;

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (textTypeOids.has(oid)) return identity;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
}

function wrap(target: PgClientLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      try {
        const result = await target.query(sql, params);
        // A multi-statement simple query returns an array; callers of query() send one.
        const last = Array.isArray(result) ? (result[result.length - 1] as pg.QueryResult) : result;
        return {
          rows: last.rows as T[],
          rowCount: last.rowCount ?? last.rows.length,
          fields: last.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      } catch (error) {
        throw toDatabaseError(error, 'postgres');
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await target.query(sql);
      } catch (error) {
        throw toDatabaseError(error, 'postgres');
      }
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  maxConnections?: number;
}

export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    types: typeParsers,
    application_name: 'club-platform',
    // No JIT compilation: our statements are request-sized, and compiling a plan costs 0.3–1 s
    // each time it runs, more than the reports it would speed up (docs/decisions/0967). Sent as
    // a start-up option, so every connection has it before its first statement; PGOPTIONS is
    // kept, and an `options` parameter in the database URL replaces both.
    options: [process.env.PGOPTIONS, '-c jit=off'].filter(Boolean).join(' '),
  });
  // An idle client that loses its connection must not crash the process; pg-pool removes
  // its own listener while a client is checked out, so each client gets one of its own.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  // Fail fast with a clear message when the server cannot be reached.
  const probe = await pool.connect().catch((error: unknown) => {
    void pool.end();
    throw error;
  });
  probe.release();

  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listening = new Map<string, Promise<void>>();
  let closed = false;

  let reconnectDelayMs = 100;

  /** One dedicated LISTEN connection, created once even when several callers race. */
  function listenerClient(): Promise<pg.Client> {
    connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: options.connectionString,
        types: typeParsers,
        application_name: 'club-platform',
      });
      client.on('error', () => undefined);
      client.on('notification', (msg) => {
        const set = handlers.get(msg.channel);
        if (set) for (const handler of set) handler(msg.payload ?? '');
      });
      client.on('end', () => {
        if (listener === client) lostListener();
      });
      try {
        await client.connect();
      } catch (error) {
        client.removeAllListeners('end');
        throw error;
      }
      listener = client;
      return client;
    })();
    connecting.catch(() => (connecting = undefined));
    return connecting;
  }

  /** The LISTEN connection ended without close(): connect again and listen on every channel. */
  function lostListener(): void {
    listener = undefined;
    connecting = undefined;
    listenerQueue = Promise.resolve();
    if (closed) return;
    const retry = () => {
      if (closed) return;
      listenerClient()
        .then(async (client) => {
          reconnectDelayMs = 100;
          for (const channel of handlers.keys()) {
            const confirmed = onListener(client, `LISTEN ${pg.escapeIdentifier(channel)}`);
            listening.set(channel, confirmed);
            await confirmed;
          }
        })
        .catch(() => {
          // The database is still away (or went again while re-listening): try later.
          reconnectDelayMs = Math.min(reconnectDelayMs * 2, 5_000);
          if (listener) void listener.end().catch(() => undefined);
          else setTimeout(retry, reconnectDelayMs).unref();
        });
    };
    setTimeout(retry, reconnectDelayMs).unref();
  }

  // pg sends one query at a time per client; LISTENs for several channels wait their turn.
  let listenerQueue: Promise<unknown> = Promise.resolve();
  function onListener(client: pg.Client, sql: string): Promise<void> {
    const next = listenerQueue.then(() => client.query(sql)).then(() => undefined);
    listenerQueue = next.catch(() => undefined);
    return next;
  }

  const base = wrap(pool);
  return {
    engine: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, prelude?: string): Promise<T> {
      const client = await pool.connect().catch((error: unknown) => {
        throw toDatabaseError(error, 'postgres');
      });
      let broken = false;
      try {
        const tx = wrap(client);
        // Without parameters pg uses the simple protocol, which accepts several statements.
        await tx.exec(prelude ? `BEGIN; ${prelude}` : 'BEGIN');
        const result = await fn(tx);
        await tx.exec('COMMIT');
        return result;
      } catch (error) {
        broken = isConnectionLoss(error);
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw toDatabaseError(error);
      } finally {
        // A client whose connection broke is destroyed instead of going back to the pool.
        client.release(broken || undefined);
      }
    },
    async listen(channel, onMessage) {
      const client = await listenerClient().catch((error: unknown) => {
        throw toDatabaseError(error, 'postgres');
      });
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        listening.set(channel, onListener(client, `LISTEN ${pg.escapeIdentifier(channel)}`));
      }
      set.add(onMessage);
      // Resolve only once the server has confirmed LISTEN, so no later NOTIFY is missed.
      await listening.get(channel);
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(onMessage);
        if (current.size === 0 && !closed) {
          handlers.delete(channel);
          listening.delete(channel);
          const live = listener;
          if (live) await onListener(live, `UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      const client = listener ?? (await connecting?.catch(() => undefined));
      listener = undefined;
      if (client) await client.end().catch(() => undefined);
      await pool.end();
    },
  };
}
