// One transaction per auth operation, with mail and SMS deliveries held back until it
// has committed: no transaction waits on an SMTP server, and the development inbox
// (which writes to the same database) never waits on the transaction itself.
import type { Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';

type Delivery = () => Promise<unknown>;

const pending = new WeakMap<Queryable, Delivery[]>();

export async function authTransaction<T>(ctx: AuthContext, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const deliveries: Delivery[] = [];
  const result = await ctx.deps.db.transaction(async (q) => {
    pending.set(q, deliveries);
    try {
      return await fn(q);
    } finally {
      pending.delete(q);
    }
  });
  for (const deliver of deliveries) await deliver();
  return result;
}

/** Runs the delivery after the surrounding authTransaction commits (now, outside one). */
export async function afterCommit(q: Queryable, deliver: Delivery): Promise<void> {
  const queue = pending.get(q);
  if (queue) queue.push(deliver);
  else await deliver();
}
