// The realtime service's routing table: the REST broadcast endpoints (the websocket itself
// arrives as an upgrade, see accept-socket.ts).
import { Hono } from 'hono';
import { apiKeyGate, type GatewayRefusal } from '../../http/api-key-gate';
import type { AppEnv } from '../../http/app-env';
import { broadcastEvent } from './broadcast-event';
import { broadcastMessages } from './broadcast-messages';
import type { RealtimeContext } from './realtime-context';
import { httpErrors } from './realtime-errors';

const refuse: GatewayRefusal = (c, error) =>
  c.json({ error: error.kind === 'no_api_key' ? httpErrors.apiKeyMissing : error.message }, 401);

export function realtimeRoutes(ctx: RealtimeContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const gate = apiKeyGate(ctx.deps.keys, { requireKey: true, refuse });
  routes.post('/api/broadcast', gate, (c) => broadcastMessages(ctx, c));
  routes.post('/api/broadcast/:topic/events/:event', gate, (c) => broadcastEvent(ctx, c));
  routes.get('/websocket', (c) => c.json({ error: httpErrors.notWebsocket }, 426));
  routes.all('*', (c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  return routes;
}
