// POST /api/broadcast (brief §3.7): a batch of broadcasts sent over HTTP; 202 with an
// empty body. Private messages are delivered only when the caller passes the RLS write
// check on the topic; the others are dropped silently, as upstream does.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { hubKeyOf } from './channel-member';
import { mayWrite } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { httpErrors } from './realtime-errors';
import { subscriberOfCaller } from './resolve-subscriber';

interface BatchMessage {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

function parseBatch(body: unknown): BatchMessage[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const messages = (body as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return undefined;
  const parsed: BatchMessage[] = [];
  for (const raw of messages) {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const m = raw as Record<string, unknown>;
    if (typeof m.topic !== 'string' || m.topic === '' || typeof m.event !== 'string') return undefined;
    if (m.private !== undefined && typeof m.private !== 'boolean') return undefined;
    parsed.push({ topic: m.topic, event: m.event, payload: m.payload ?? {}, private: m.private === true });
  }
  return parsed;
}

export async function broadcastMessages(ctx: RealtimeContext, c: Context<AppEnv>): Promise<Response> {
  const text = await c.req.text();
  if (Buffer.byteLength(text) > ctx.config.maxPayloadBytes * 10)
    return c.json({ error: httpErrors.invalidBody }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ error: httpErrors.invalidBody }, 422);
  }
  const messages = parseBatch(body);
  if (!messages) return c.json({ error: httpErrors.invalidBody }, 422);
  const subscriber = subscriberOfCaller(c.var.caller);
  const access = { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger };
  const writable = new Map<string, boolean>();
  for (const message of messages) {
    if (Buffer.byteLength(JSON.stringify(message.payload)) > ctx.config.maxPayloadBytes) continue;
    if (message.private) {
      let allowed = writable.get(message.topic);
      if (allowed === undefined) {
        allowed = await mayWrite(access, subscriber, message.topic, 'broadcast');
        writable.set(message.topic, allowed);
      }
      if (!allowed) continue;
    }
    ctx.hub.broadcast(hubKeyOf(message.topic, message.private), {
      event: message.event,
      payload: message.payload,
    });
  }
  return c.body(null, 202);
}
