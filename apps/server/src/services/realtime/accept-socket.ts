// The websocket upgrade under /realtime/v1: the apikey query parameter (or header) is mapped
// as the gateway maps it (brief §0.3); a refused upgrade is a plain HTTP error with an
// {"error"} body, as upstream realtime answers.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { GatewayError, resolveCaller } from '../../access/caller';
import type { RealtimeContext } from './realtime-context';
import { httpErrors } from './realtime-errors';
import { subscriberOfCaller } from './resolve-subscriber';
import { SocketSession } from './socket-session';
import { protocolVersionOf } from './wire/phoenix-message';

const socketPaths = new Set(['/realtime/v1/websocket', '/realtime/v1/socket/websocket']);

function refuse(socket: Duplex, status: number, statusText: string, error: string): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createSocketAcceptor(ctx: RealtimeContext) {
  // No per-message deflate: broadcasts are framed once and written as is to every socket.
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: ctx.config.maxPayloadBytes + 64 * 1024,
  });
  const sessions = new Set<SocketSession>();

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://realtime.invalid');
    if (!socketPaths.has(url.pathname.replace(/\/+$/, ''))) return false;
    socket.on('error', () => undefined);
    const vsn = protocolVersionOf(url.searchParams.get('vsn'));
    if (!vsn) {
      refuse(socket, 400, 'Bad Request', httpErrors.badVersion);
      return true;
    }
    const apikey = url.searchParams.get('apikey') ?? headerOf(req, 'x-api-key') ?? headerOf(req, 'apikey');
    resolveCaller(
      ctx.deps.keys,
      { apikey: apikey ?? undefined, authorization: undefined },
      { requireKey: true },
    )
      .then((caller) => {
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) => {
          const session = new SocketSession(ws, socket, vsn, subscriberOfCaller(caller), ctx, (s) =>
            sessions.delete(s),
          );
          sessions.add(session);
        });
      })
      .catch((error: unknown) => {
        if (error instanceof GatewayError) {
          const message = error.kind === 'no_api_key' ? httpErrors.apiKeyMissing : httpErrors.invalidJwt;
          refuse(socket, 401, 'Unauthorized', message);
          return;
        }
        ctx.logger.error({ err: error }, 'realtime: upgrade failed');
        refuse(socket, 401, 'Unauthorized', httpErrors.invalidJwt);
      });
    return true;
  }

  function closeAll(): void {
    for (const session of [...sessions]) session.close(1001, 'server shutting down');
    wss.close();
  }

  return { upgrade, closeAll, socketCount: () => sessions.size };
}
