// Receives captured changes (NOTIFY realtime_changes, sent by the capture trigger at commit,
// to every server instance) and delivers each to this instance's channels whose
// subscriptions and RLS admit it, in commit order.
import type { Logger } from 'pino';
import type { Database } from '../../../database/database';
import type { ChannelMember } from '../channel-member';
import { encodeText } from '../wire/encode-frame';
import { subscriptionCovers } from './change-subscription';
import {
  evaluateChange,
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
  add(member: ChannelMember): void;
  remove(member: ChannelMember): void;
  close(): Promise<void>;
}

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
      const encoded = new Map<string, Buffer>();
      for (const { member, ids } of outcome.deliveries) {
        if (!members.has(member) || !member.socket.open) continue;
        const key = `${member.socket.vsn}|${member.topic}|${ids.join(',')}`;
        let text = encoded.get(key);
        if (text === undefined) {
          text = Buffer.from(
            encodeText(member.socket.vsn, {
              joinRef: null,
              ref: null,
              topic: member.topic,
              event: 'postgres_changes',
              payload: { ids, data: outcome.data },
            }),
          );
          encoded.set(key, text);
        }
        member.socket.sendText(text);
      }
    };
  }

  const unlisten = await db.listen('realtime_changes', (raw) => {
    if (members.size === 0) return;
    const work = process(raw).catch((error: unknown) => {
      logger.warn({ err: error }, 'realtime: change delivery failed');
      return undefined;
    });
    tail = Promise.all([tail, work]).then(([, deliver]) => deliver?.());
  });

  const sweep = setInterval(() => {
    db.query("delete from realtime.changes where created_at < now() - interval '5 minutes'").catch(
      () => undefined,
    );
  }, 60_000);
  sweep.unref();

  return {
    add: (member) => void members.add(member),
    remove: (member) => void members.delete(member),
    async close() {
      clearInterval(sweep);
      members.clear();
      await unlisten();
      await tail;
    },
  };
}
