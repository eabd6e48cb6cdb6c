// Receives captured changes (NOTIFY realtime_changes, sent by the capture trigger at commit,
// to every server instance) and delivers each to this instance's channels whose
// subscriptions and RLS admit it, in commit order.
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../../database/database';
import type { ChannelMember } from '../channel-member';
import { encodeTextAround } from '../wire/encode-frame';
import { textFrame } from '../wire/websocket-frame';
import { subscriptionCovers } from './change-subscription';
import {
  evaluateChange,
  selectColumns,
  type CapturedChange,
  type Candidate,
  type ChangeOp,
  type EvaluateDeps,
} from './evaluate-change';
import { TableCatalog } from './table-catalog';

interface Notified {
  rel: number | string;
  s: string;
  t: string;
  op: ChangeOp;
  ts: string;
  r?: Record<string, unknown>;
  o?: Record<string, unknown>;
  ri?: string;
  /** Set when the change was too large for NOTIFY and waits in realtime.changes. */
  id?: number | string;
}

export interface ChangeFeed {
  /** Registers the tables as watched (the capture trigger skips unwatched ones); resolves once stored. */
  watch(relids: string[]): Promise<void>;
  /** Undoes a watch whose channel never joined. */
  unwatch(relids: string[]): void;
  /** Starts delivering to a joined channel whose tables are watched. */
  add(member: ChannelMember): void;
  /** Stops delivering to the channel and unwatches its tables. */
  remove(member: ChannelMember): void;
  close(): Promise<void>;
}

const relidsOf = (member: ChannelMember): string[] =>
  member.changeSubscriptions.flatMap((s) => (s.relid === undefined ? [] : [s.relid]));

export async function openChangeFeed(options: {
  db: Database;
  dbSettings: Record<string, string>;
  maxRecordBytes: number;
  logger: Logger;
}): Promise<ChangeFeed> {
  const { db, logger } = options;
  const members = new Set<ChannelMember>();
  const deps: EvaluateDeps = { ...options, catalog: new TableCatalog(db) };
  let tail: Promise<void> = Promise.resolve();
  const instanceId = crypto.randomUUID();
  const watchCounts = new Map<string, number>();
  // Registry writes run one after another so a delete never overtakes a later insert.
  let registry: Promise<void> = Promise.resolve();
  const inRegistry = (sql: string, params: unknown[]) => {
    const run = registry.then(() => db.query(sql, params).then(() => undefined));
    registry = run.catch((error: unknown) =>
      logger.warn({ err: error }, 'realtime: watched tables not updated'),
    );
    return run;
  };

  function watch(relids: string[]): Promise<void> {
    const fresh: string[] = [];
    for (const relid of relids) {
      const count = watchCounts.get(relid) ?? 0;
      watchCounts.set(relid, count + 1);
      if (count === 0) fresh.push(relid);
    }
    if (fresh.length === 0) return registry;
    return inRegistry(
      `insert into realtime.watched_tables (relid, instance_id) select unnest($2::oid[]), $1
       on conflict (relid, instance_id) do update set refreshed_at = now()`,
      [instanceId, fresh],
    );
  }

  function unwatch(relids: string[]): void {
    const gone: string[] = [];
    for (const relid of relids) {
      const count = (watchCounts.get(relid) ?? 1) - 1;
      if (count > 0) {
        watchCounts.set(relid, count);
      } else {
        watchCounts.delete(relid);
        gone.push(relid);
      }
    }
    if (gone.length === 0) return;
    void inRegistry('delete from realtime.watched_tables where instance_id = $1 and relid = any($2::oid[])', [
      instanceId,
      gone,
    ]).catch(() => undefined);
  }

  // One process owns a PGlite database, so rows left by an earlier run are stale.
  if (db.engine === 'pglite') await db.query('delete from realtime.watched_tables');

  async function load(note: Notified): Promise<CapturedChange | undefined> {
    let body: Notified = note;
    if (note.id !== undefined) {
      const stored = await db.query<{ payload: Notified }>(
        'select payload from realtime.changes where id = $1',
        [String(note.id)],
      );
      const payload = stored.rows[0]?.payload;
      if (!payload) return undefined;
      body = payload;
    }
    return {
      relid: String(body.rel),
      schema: body.s,
      table: body.t,
      op: body.op,
      commitTimestamp: body.ts,
      record: body.r,
      oldRecord: body.o,
      replicaIdentity: body.ri,
    };
  }

  function candidatesFor(schema: string, table: string, op: string): Candidate[] {
    const found: Candidate[] = [];
    for (const member of members) {
      const subs = member.changeSubscriptions.filter((s) => subscriptionCovers(s, schema, table, op));
      if (subs.length > 0) found.push({ member, subs });
    }
    return found;
  }

  async function process(raw: string): Promise<(() => void) | undefined> {
    let note: Notified;
    try {
      note = JSON.parse(raw) as Notified;
    } catch {
      return undefined;
    }
    const candidates = candidatesFor(note.s, note.t, note.op);
    if (candidates.length === 0) return undefined;
    const change = await load(note);
    if (!change) return undefined;
    const outcome = await evaluateChange(deps, change, candidates);
    if (!outcome) return undefined;
    return () => {
      // The change data is serialised once per column list; each distinct (version, topic,
      // ids) gets a frame.
      const dataJson = new Map<string, string>();
      const frames = new Map<string, Buffer>();
      for (const { member, ids, select } of outcome.deliveries) {
        if (!members.has(member) || !member.socket.open) continue;
        const vsn = member.socket.vsn;
        const key = `${vsn}|${member.topic}|${ids.join(',')}`;
        let frame = frames.get(key);
        if (frame === undefined) {
          const selectKey = select?.join('\u0000') ?? '';
          let data = dataJson.get(selectKey);
          if (data === undefined) {
            data = JSON.stringify(selectColumns(outcome.data, select));
            dataJson.set(selectKey, data);
          }
          const head = { joinRef: null, ref: null, topic: member.topic, event: 'postgres_changes' };
          frame = textFrame(encodeTextAround(vsn, head, `{"ids":${JSON.stringify(ids)},"data":${data}}`));
          frames.set(key, frame);
        }
        member.socket.sendFrame(frame);
      }
    };
  }

  const unlisten = await db.listen('realtime_changes', (raw) => {
    if (members.size === 0) return;
    const work = process(raw).catch((error: unknown) => {
      logger.warn({ err: error }, 'realtime: change delivery failed');
      return undefined;
    });
    tail = Promise.all([tail, work])
      .then(([, deliver]) => deliver?.())
      .catch((error: unknown) => logger.warn({ err: error }, 'realtime: change delivery failed'));
  });

  const sweep = setInterval(() => {
    db.query("delete from realtime.changes where created_at < now() - interval '5 minutes'").catch(
      () => undefined,
    );
    inRegistry('update realtime.watched_tables set refreshed_at = now() where instance_id = $1', [instanceId])
      .then(() =>
        db.query("delete from realtime.watched_tables where refreshed_at < now() - interval '3 minutes'"),
      )
      .catch(() => undefined);
  }, 30_000);
  sweep.unref();

  return {
    watch,
    unwatch,
    add: (member) => void members.add(member),
    remove(member) {
      if (members.delete(member)) unwatch(relidsOf(member));
    },
    async close() {
      clearInterval(sweep);
      members.clear();
      watchCounts.clear();
      await inRegistry('delete from realtime.watched_tables where instance_id = $1', [instanceId]).catch(
        () => undefined,
      );
      await unlisten();
      await tail;
    },
  };
}
