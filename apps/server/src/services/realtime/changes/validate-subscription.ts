// Checks a postgres_changes subscription against the database when a channel joins: the
// table exists and the filter's column exists and its value casts to the column's type.
import type { Queryable } from '../../../database/database';
import { SubscriptionError, type ChangeSubscription } from './change-subscription';
import { filterSql, quoteIdent } from './filter-sql';

/** Validates the subscription and records the oid of its table on it. */
export async function validateSubscription(db: Queryable, sub: ChangeSubscription): Promise<void> {
  if (sub.table === '*' || sub.schema === '*') {
    sub.relid = '0';
    return;
  }
  const found = await db.query<{ oid: string | null }>('select to_regclass($1)::oid::text as oid', [
    `${quoteIdent(sub.schema)}.${quoteIdent(sub.table)}`,
  ]);
  const oid = found.rows[0]?.oid;
  if (!oid) throw new SubscriptionError(`relation ${sub.schema}.${sub.table} does not exist`);
  if (sub.select) {
    const missing = await db.query<{ name: string }>(
      `select c.name from unnest($1::text[]) as c(name)
       where not exists (select 1 from pg_catalog.pg_attribute a
                         where a.attrelid = $2::oid and a.attname = c.name and a.attnum > 0 and not a.attisdropped)`,
      [sub.select, oid],
    );
    const name = missing.rows[0]?.name;
    if (name !== undefined) throw new SubscriptionError(`column "${name}" does not exist`);
  }
  if (sub.filters.length === 0) {
    sub.relid = oid;
    return;
  }
  const qualified = `${quoteIdent(sub.schema)}.${quoteIdent(sub.table)}`;
  const params: unknown[] = [];
  const tests = sub.filters.map((filter) => filterSql(filter, params));
  try {
    await db.query(
      `select ${tests.join(', ')} from jsonb_populate_record(null::${qualified}, '{}'::jsonb) r`,
      params,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid filter';
    throw new SubscriptionError(reason);
  }
  sub.relid = oid;
}
