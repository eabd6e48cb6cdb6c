// Which distinct subscribers may select a changed row at this moment, RLS deciding: one
// statement per change runs the key look-up as every subscriber in turn
// (realtime.visible_subscribers, inside a request-context transaction that carries the
// server settings). A policy that raises for one subscriber fails the whole statement, so
// the group is halved and retried until the failing subscriber stands alone and is refused.
import { withRequestContext } from '../../../database/with-request-context';
import type { Subscriber } from '../channel-member';
import type { CapturedChange, EvaluateDeps } from './evaluate-change';
import { quoteIdent } from './filter-sql';
import type { TableInfo } from './table-catalog';

function keyValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The look-up by primary key, reading the key values (as text) from $1 and casting them. */
function probeOf(info: TableInfo, change: CapturedChange) {
  const where = info.primaryKey
    .map((column, i) => `${quoteIdent(column)} = $1[${i + 1}]::${info.primaryKeyTypes[i] ?? 'text'}`)
    .join(' and ');
  const key = info.primaryKey.map((column) => keyValue(change.record?.[column]));
  return { sql: `select exists (select 1 from ${info.qualified} where ${where})`, key };
}

async function visibleInBatch(
  deps: EvaluateDeps,
  probe: { sql: string; key: (string | null)[] },
  group: [string, Subscriber][],
  verdicts: Map<string, boolean>,
): Promise<void> {
  const subscribers = group.map(([, s]) => ({ role: s.role, claims: { ...s.claims, role: s.role } }));
  try {
    // Role "none" is the server's own: the function switches to each subscriber itself.
    const result = await withRequestContext(
      deps.db,
      { role: 'none', claims: {}, settings: deps.dbSettings },
      (tx) =>
        tx.query<{ i: number }>(
          'select v.i from realtime.visible_subscribers($1, $2::text[], $3::jsonb) as v(i)',
          [probe.sql, probe.key, JSON.stringify(subscribers)],
        ),
    );
    for (const [key] of group) verdicts.set(key, false);
    for (const row of result.rows) {
      const entry = group[Number(row.i)];
      if (entry) verdicts.set(entry[0], true);
    }
  } catch (error) {
    if (group.length === 1) {
      verdicts.set(group[0]![0], false);
      return;
    }
    deps.logger.debug({ err: error }, 'realtime: a visibility check failed; retrying in halves');
    const half = Math.ceil(group.length / 2);
    await visibleInBatch(deps, probe, group.slice(0, half), verdicts);
    await visibleInBatch(deps, probe, group.slice(half), verdicts);
  }
}

/** Verdicts per subscriber key; a row without a full primary key is visible to nobody. */
export async function probeVisibility(
  deps: EvaluateDeps,
  info: TableInfo,
  change: CapturedChange,
  groups: Map<string, Subscriber>,
): Promise<Map<string, boolean>> {
  const verdicts = new Map<string, boolean>();
  const probe = probeOf(info, change);
  if (groups.size === 0 || probe.key.some((v) => v === null)) return verdicts;
  await visibleInBatch(deps, probe, [...groups], verdicts);
  return verdicts;
}
