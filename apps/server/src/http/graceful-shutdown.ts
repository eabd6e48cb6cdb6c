// Bounded shutdown (decision 1006): on SIGTERM the server stops accepting connections, lets
// the requests in flight finish for up to SHUTDOWN_TIMEOUT, then cuts off what is left, so a
// hanging request (or a client that never lets go of its socket) cannot keep the process.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface RequestDrain {
  /** Requests received whose responses have not closed yet. */
  inFlight(): number;
  /**
   * Stops accepting, waits until no request is in flight or `deadlineMs` has passed, and
   * closes every HTTP connection. Sockets taken over by an upgrade (WebSockets) get
   * `socketGraceMs` more, for their service to close them with a close frame, and are then
   * destroyed. Resolves with the number of requests cut off at the deadline.
   */
  drain(deadlineMs: number, socketGraceMs?: number): Promise<number>;
}

export function trackRequests(server: Server): RequestDrain {
  let inFlight = 0;
  const sockets = new Set<Socket>();
  const waiting = new Set<() => void>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) for (const wake of [...waiting]) wake();
    });
  });
  return {
    inFlight: () => inFlight,
    async drain(deadlineMs, socketGraceMs = 2000) {
      server.close();
      server.closeIdleConnections();
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, deadlineMs);
          waiting.add(done);
        });
      }
      const cutOff = inFlight;
      server.closeAllConnections();
      setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, socketGraceMs).unref();
      return cutOff;
    },
  };
}
