// Decides which subscriptions of which channels receive one captured change, WALRUS-style
// (brief §3.11): filters are evaluated by the database against the row cast to the table's
// type; each distinct subscriber role must hold SELECT on the table; on tables with RLS
// (except for DELETE, as upstream) the row is looked up as every distinct subscriber in one
// statement (probe-visibility.ts), and only subscribers who can see it get the change.
import type { Logger } from 'pino';
import type { Database } from '../../../database/database';
import type { ChannelMember, Subscriber } from '../channel-member';
import type { ChangeSubscription, ColumnFilter } from './change-subscription';
import { filterSql } from './filter-sql';
import { probeVisibility } from './probe-visibility';
import type { TableCatalog, TableInfo } from './table-catalog';

export type ChangeOp = 'INSERT' | 'UPDATE' | 'DELETE';

export interface CapturedChange {
  relid: string;
  schema: string;
  table: string;
  op: ChangeOp;
  commitTimestamp: string;
  record: Record<string, unknown> | undefined;
  oldRecord: Record<string, unknown> | undefined;
  /** The table's replica identity when the change was made (UPDATE/DELETE). */
  replicaIdentity: string | undefined;
}

export interface Candidate {
  member: ChannelMember;
  subs: ChangeSubscription[];
}

export interface ChangeData {
  schema: string;
  table: string;
  commit_timestamp: string;
  type: ChangeOp;
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  old_record?: Record<string, unknown>;
  errors: string[] | null;
}

export interface Delivery {
  member: ChannelMember;
  ids: number[];
  /** The columns these subscriptions selected; undefined for all. */
  select: string[] | undefined;
}

export interface EvaluateDeps {
  db: Database;
  dbSettings: Record<string, string>;
  catalog: TableCatalog;
  maxRecordBytes: number;
  logger: Logger;
}

const subscriberKey = (s: Subscriber): string => `${s.role}\u0000${JSON.stringify(s.claims)}`;

function pick(record: Record<string, unknown> | undefined, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const key of keys) if (key in record) out[key] = record[key];
  return out;
}

function shrink(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (JSON.stringify(value ?? null).length <= 64) out[key] = value;
  }
  return out;
}

function buildData(change: CapturedChange, info: TableInfo, maxRecordBytes: number): ChangeData {
  const data: ChangeData = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.op,
    columns: info.columns,
    errors: null,
  };
  if (info.primaryKey.length === 0) {
    data.errors = ['Error 400: Bad Request, no primary key'];
    if (change.op !== 'DELETE') data.record = {};
    if (change.op !== 'INSERT') data.old_record = {};
    return data;
  }
  let record = change.op === 'DELETE' ? undefined : (change.record ?? {});
  const fullOld =
    (change.replicaIdentity ?? info.replicaIdentity) === 'f' && !(info.rls && change.op === 'DELETE');
  let oldRecord =
    change.op === 'INSERT'
      ? undefined
      : fullOld
        ? (change.oldRecord ?? {})
        : pick(change.oldRecord, info.primaryKey);
  const size = JSON.stringify(record ?? {}).length + JSON.stringify(oldRecord ?? {}).length;
  if (size > maxRecordBytes) {
    if (record) record = shrink(record);
    if (oldRecord) oldRecord = shrink(oldRecord);
    data.errors = ['Error 413: Payload Too Large'];
  }
  if (record) data.record = record;
  if (oldRecord) data.old_record = oldRecord;
  return data;
}

interface Checks {
  filterPassed: Map<string, boolean>;
  mayRead: Map<string, boolean>;
}

async function runChecks(
  deps: EvaluateDeps,
  change: CapturedChange,
  info: TableInfo,
  candidates: Candidate[],
) {
  const filters = new Map<string, ColumnFilter>();
  const roles = new Set<string>();
  for (const { member, subs } of candidates) {
    roles.add(member.subscriber.role);
    for (const sub of subs) for (const f of sub.filters) filters.set(JSON.stringify(f), f);
  }
  const subject = change.op === 'DELETE' ? change.oldRecord : change.record;
  const params: unknown[] = [JSON.stringify(subject ?? {}), change.relid];
  const columns: string[] = [];
  for (const filter of filters.values()) columns.push(`${filterSql(filter, params)} as f${columns.length}`);
  for (const role of roles) {
    params.push(role);
    const p = params.length;
    columns.push(
      `case when exists (select 1 from pg_catalog.pg_roles where rolname = $${p}) ` +
        `then has_table_privilege($${p}, $2::oid, 'SELECT') else false end as p${columns.length}`,
    );
  }
  const sql = `select ${columns.join(', ')} from jsonb_populate_record(null::${info.qualified}, $1::jsonb) r`;
  const result = await deps.db.query<Record<string, boolean>>(sql, params);
  const found = result.rows[0] ?? {};
  const checks: Checks = { filterPassed: new Map(), mayRead: new Map() };
  let i = 0;
  for (const key of filters.keys()) checks.filterPassed.set(key, found[`f${i++}`] === true);
  for (const role of roles) checks.mayRead.set(role, found[`p${i++}`] === true);
  return checks;
}

/** The change data narrowed to the columns a subscription selected. */
export function selectColumns(data: ChangeData, select: string[] | undefined): ChangeData {
  if (!select) return data;
  const narrowed: ChangeData = { ...data, columns: data.columns.filter((c) => select.includes(c.name)) };
  if (data.record) narrowed.record = pick(data.record, select);
  if (data.old_record) narrowed.old_record = pick(data.old_record, select);
  return narrowed;
}

export async function evaluateChange(
  deps: EvaluateDeps,
  change: CapturedChange,
  candidates: Candidate[],
): Promise<{ data: ChangeData; deliveries: Delivery[] } | undefined> {
  const info = await deps.catalog.get(change.relid, change.record ?? change.oldRecord);
  if (!info) return undefined;
  let checks: Checks;
  try {
    checks = await runChecks(deps, change, info, candidates);
  } catch (error) {
    deps.logger.warn({ err: error, table: info.qualified }, 'realtime: could not evaluate change filters');
    return undefined;
  }
  const admitted: Delivery[] = [];
  for (const { member, subs } of candidates) {
    if (!checks.mayRead.get(member.subscriber.role)) continue;
    // One delivery per distinct column list: its subscriptions share one payload.
    const bySelect = new Map<string, Delivery>();
    for (const sub of subs) {
      if (!sub.filters.every((f) => checks.filterPassed.get(JSON.stringify(f)))) continue;
      const key = sub.select?.join('\u0000') ?? '';
      const delivery = bySelect.get(key) ?? { member, ids: [], select: sub.select };
      if (!delivery.ids.includes(sub.id)) delivery.ids.push(sub.id);
      bySelect.set(key, delivery);
    }
    admitted.push(...bySelect.values());
  }
  if (admitted.length === 0) return undefined;

  let deliveries = admitted;
  if (info.rls && change.op !== 'DELETE') {
    if (info.primaryKey.length === 0) return undefined;
    const groups = new Map<string, Subscriber>();
    for (const d of admitted) groups.set(subscriberKey(d.member.subscriber), d.member.subscriber);
    const verdicts = await probeVisibility(deps, info, change, groups);
    deliveries = admitted.filter((d) => verdicts.get(subscriberKey(d.member.subscriber)));
  }
  if (deliveries.length === 0) return undefined;
  return { data: buildData(change, info, deps.maxRecordBytes), deliveries };
}
