// Private-channel authorization through RLS on realtime.messages (brief §3.8): trial rows
// are inserted and read back, or inserted, as the subscriber with realtime.topic set, and
// the transaction is always rolled back.
import type { Logger } from 'pino';
import type { Database } from '../../database/database';
import { DatabaseError } from '../../database/database';
import { applyRequestContext } from '../../database/with-request-context';
import type { Extension, Subscriber } from './channel-member';

export interface AccessDeps {
  db: Database;
  dbSettings: Record<string, string>;
  logger: Logger;
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function rolledBack<T>(
  db: Database,
  fn: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>,
) {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable');
}

function contextFor(deps: AccessDeps, subscriber: Subscriber, subTopic: string) {
  return {
    role: subscriber.role,
    claims: subscriber.claims,
    settings: { ...deps.dbSettings, 'realtime.topic': subTopic },
  };
}

/** Which extensions the subscriber may read on the private topic. */
export async function readableExtensions(
  deps: AccessDeps,
  subscriber: Subscriber,
  subTopic: string,
  extensions: Extension[],
): Promise<Record<Extension, boolean>> {
  const verdict: Record<Extension, boolean> = { broadcast: false, presence: false };
  try {
    const visible = await rolledBack(deps.db, async (tx) => {
      const inserted = await tx.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, private)
         select $1, e, true from unnest($2::text[]) as e returning id::text`,
        [subTopic, extensions],
      );
      await applyRequestContext(tx, contextFor(deps, subscriber, subTopic));
      const seen = await tx.query<{ extension: Extension }>(
        'select extension from realtime.messages where id = any($1::bigint[])',
        [inserted.rows.map((r) => r.id)],
      );
      return seen.rows.map((r) => r.extension);
    });
    for (const extension of visible) verdict[extension] = true;
  } catch (error) {
    if (!(error instanceof DatabaseError && error.code === '42501')) {
      deps.logger.warn({ err: error, topic: subTopic }, 'realtime: read authorization failed');
    }
  }
  return verdict;
}

/** Whether the subscriber may write (broadcast or track presence) on the private topic. */
export async function mayWrite(
  deps: AccessDeps,
  subscriber: Subscriber,
  subTopic: string,
  extension: Extension,
): Promise<boolean> {
  try {
    return await rolledBack(deps.db, async (tx) => {
      await applyRequestContext(tx, contextFor(deps, subscriber, subTopic));
      await tx.query(
        "insert into realtime.messages (topic, extension, private, event) values ($1, $2, true, 'authorization')",
        [subTopic, extension],
      );
      return true;
    });
  } catch (error) {
    if (!(error instanceof DatabaseError && error.code === '42501')) {
      deps.logger.warn({ err: error, topic: subTopic }, 'realtime: write authorization failed');
    }
    return false;
  }
}
