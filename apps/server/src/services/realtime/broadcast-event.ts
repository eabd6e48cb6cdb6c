// POST /api/broadcast/{topic}/events/{event}[?private=true][&persist=true] (brief §3.7): one
// broadcast whose body is the payload, JSON or application/octet-stream. With persist the
// message is stored in realtime.messages as the caller (RLS decides) and delivered from there.
import type { Context } from 'hono';
import { DatabaseError } from '../../database/database';
import { withRequestContext } from '../../database/with-request-context';
import type { AppEnv } from '../../http/app-env';
import { hubKeyOf } from './channel-member';
import { mayWrite } from './check-channel-access';
import type { RealtimeContext } from './realtime-context';
import { httpErrors, pushErrors } from './realtime-errors';
import { subscriberOfCaller } from './resolve-subscriber';

export async function broadcastEvent(ctx: RealtimeContext, c: Context<AppEnv>): Promise<Response> {
  const topic = c.req.param('topic') ?? '';
  const event = c.req.param('event') ?? '';
  if (topic === '' || event === '') return c.json({ error: httpErrors.invalidBody }, 422);
  const isPrivate = c.req.query('private') === 'true';
  const persist = c.req.query('persist') === 'true' || c.req.query('persist[ttl]') !== undefined;
  const bytes = Buffer.from(await c.req.arrayBuffer());
  if (bytes.length > ctx.config.maxPayloadBytes) return c.json({ error: pushErrors.payloadTooLarge }, 413);
  const binary = (c.req.header('content-type') ?? '').startsWith('application/octet-stream');
  let payload: unknown;
  if (!binary) {
    try {
      payload = JSON.parse(bytes.toString('utf8') || 'null');
    } catch {
      return c.json({ error: httpErrors.invalidBody }, 422);
    }
  }
  const subscriber = subscriberOfCaller(c.var.caller);
  if (persist) {
    if (!isPrivate) return c.json({ error: 'Messages can only be stored on private channels' }, 422);
    try {
      await withRequestContext(
        ctx.deps.db,
        {
          role: subscriber.role,
          claims: subscriber.claims,
          settings: { ...ctx.deps.dbSettings, 'realtime.topic': topic },
        },
        (tx) =>
          tx.query(
            `insert into realtime.messages (topic, event, extension, private, payload, binary_payload)
             values ($1, $2, 'broadcast', true, $3::jsonb, $4)`,
            [topic, event, binary ? null : JSON.stringify(payload), binary ? bytes : null],
          ),
      );
    } catch (error) {
      if (error instanceof DatabaseError && error.code === '42501')
        return c.json({ error: pushErrors.unauthorizedWrite(topic) }, 403);
      throw error;
    }
    return c.body(null, 202);
  }
  if (isPrivate) {
    const access = { db: ctx.deps.db, dbSettings: ctx.deps.dbSettings, logger: ctx.logger };
    if (!(await mayWrite(access, subscriber, topic, 'broadcast'))) {
      return c.json({ error: pushErrors.unauthorizedWrite(topic) }, 403);
    }
  }
  ctx.hub.broadcast(hubKeyOf(topic, isPrivate), binary ? { event, bytes } : { event, payload });
  return c.body(null, 202);
}
