// The fast path: a few body-less, hot requests (today GET and HEAD /rest/v1/{relation})
// are answered straight from Node's HTTP server instead of through the Hono app, which
// on a 2-core machine costs about as much CPU as the database work of a small read
// (docs/decisions/0715-fast-read-path.md). The platform's own parts of every answer are
// the same here as in server.ts's middleware: the request id, the CORS headers and the
// request's log line. A handler answers only what it is sure of; anything else it
// declines before writing a byte, and the request goes through the Hono app as usual.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { corsAnswerHeaders } from './cors';
import { chooseRequestId } from './request-id';
import { logRequestLine, type RequestObserver } from './request-log';

export interface FastAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface FastExchange {
  req: IncomingMessage;
  /** The absolute URL, built as @hono/node-server builds it for the same request. */
  url: string;
  /** The request target's path, undecoded. */
  path: string;
  /** The request's logger (created on first use). */
  log(): Logger;
}

export type FastDecline = 'decline';
/** Answers, or declines (synchronously or later) without having written anything. */
export type FastHandler = (exchange: FastExchange) => FastDecline | Promise<FastAnswer | FastDecline>;

// What @hono/node-server takes verbatim as host and target (its own tests, plus "%": a
// percent escape survives its URL normalization unchanged), less "#", which URL parsing
// cuts off as a fragment; other requests go the long way, where it validates and
// normalizes them. So the target's path is what `new URL(url).pathname` would give.
const plainHostAndPort = /^[a-z0-9._-]+(?::([1-9]\d{0,4}))?$/;
const plainTarget = /^\/[!$%&-;=?-[\]_a-z~]*$/;
const dotSegment = /\/(?:\.|%2e){1,2}(?:[/?#]|$)/i;

/** A host the URL parser keeps as written: lower case, and no default or impossible port. */
function plainHost(host: string): boolean {
  const match = plainHostAndPort.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (port !== '80' && Number(port) <= 65535);
}

function bodyless(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/**
 * Returns a request listener that tries the fast handlers (by path prefix) and otherwise,
 * or when a handler declines, calls `fallback` with the untouched request.
 */
export function fastPathListener(
  handlers: [prefix: string, handler: FastHandler][],
  logger: Logger,
  fallback: (req: IncomingMessage, res: ServerResponse) => void,
  observe?: RequestObserver,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const target = req.url ?? '';
    const host = req.headers.host;
    const method = req.method ?? '';
    // Cheapest tests first: most requests (the web app's files, writes) leave at the first.
    const entry =
      method === 'GET' || method === 'HEAD'
        ? handlers.find(([prefix]) => target.startsWith(prefix))
        : undefined;
    if (
      !entry ||
      host === undefined ||
      !plainHost(host) ||
      !plainTarget.test(target) ||
      dotSegment.test(target) ||
      !bodyless(req)
    )
      return fallback(req, res);
    const started = performance.now();
    const query = target.indexOf('?');
    const path = query < 0 ? target : target.slice(0, query);
    const requestId = chooseRequestId(nodeHeader(req, 'x-request-id'));
    let log: Logger | undefined;
    const exchange: FastExchange = {
      req,
      url: `http://${host}${target}`,
      path,
      log: () => (log ??= logger.child({ reqId: requestId })),
    };
    let pending: ReturnType<FastHandler>;
    try {
      pending = entry[1](exchange);
    } catch {
      pending = 'decline';
    }
    if (pending === 'decline') return fallback(req, res);
    pending.then(
      (answer) => {
        if (answer === 'decline') return fallback(req, res);
        try {
          write(req, res, answer, requestId);
        } catch (error) {
          // A header Node refuses (one set through response.headers, say): nothing has been
          // sent yet, so the Hono app answers as it answers such a request.
          if (!res.headersSent) return fallback(req, res);
          res.destroy(error as Error);
        }
        logRequestLine(exchange.log(), method, path, answer.status, started, observe);
      },
      () => fallback(req, res),
    );
  };
}

/** A request header by lower-case name, several of the same name joined with ", ". */
export function nodeHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Writes the answer with the platform's headers, lower-cased as the Hono path sends them. */
function write(req: IncomingMessage, res: ServerResponse, answer: FastAnswer, requestId: string): void {
  const headers: Record<string, string | number> = {};
  for (const name of Object.keys(answer.headers)) headers[name.toLowerCase()] = answer.headers[name]!;
  headers['x-request-id'] = requestId;
  for (const [name, value] of corsAnswerHeaders(nodeHeader(req, 'origin')))
    headers[name.toLowerCase()] = value;
  headers.vary = headers.vary === undefined ? 'Origin' : `${headers.vary}, Origin`;
  const body = answer.body;
  if (body !== null) headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(answer.status, headers);
  res.end(body === null || req.method === 'HEAD' ? undefined : body);
}
