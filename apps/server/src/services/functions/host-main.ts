// The entry of the function host: a process of its own that the server starts under Node's
// permission model (function-host.ts), reading only the build folder and node_modules, unable
// to write files or start processes. It runs the worker pool; its worker threads inherit the
// same restrictions. It answers only requests carrying its token, from 127.0.0.1, and leaves
// when the server's IPC channel closes.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pino from 'pino';
import { functionsErrors, renderFunctionsFailure } from './functions-errors';
import {
  decodeHostCall,
  hopByHopHeaders,
  hostCallHeader,
  hostTokenHeader,
  type HostListening,
  type HostOptions,
} from './host-protocol';
import { createWorkerPool } from './worker-pool';

const token = Buffer.from(process.env.FUNCTION_HOST_TOKEN ?? '');
const options = JSON.parse(process.env.FUNCTION_HOST_OPTIONS ?? '{}') as HostOptions;
delete process.env.FUNCTION_HOST_TOKEN;
if (token.length < 32) throw new Error('the function host needs FUNCTION_HOST_TOKEN');

const logger = pino({ level: options.logLevel, base: undefined });
const pool = createWorkerPool({ ...options, logger });

function tokenMatches(value: string | string[] | undefined): boolean {
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value);
  return given.length === token.length && timingSafeEqual(given, token);
}

function requestHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (name === hostTokenHeader || name === hostCallHeader || hopByHopHeaders.has(name)) continue;
    try {
      headers.append(name, req.rawHeaders[i + 1]!);
    } catch {
      // a header value fetch's Headers refuses; the function does not get it
    }
  }
  return headers;
}

async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const raw: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !hopByHopHeaders.has(name)) raw.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) raw.push('set-cookie', cookie);
  res.writeHead(response.status, response.statusText || undefined, raw);
  if (!response.body) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as never), res).catch(() => undefined);
}

async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!tokenMatches(req.headers[hostTokenHeader])) {
    res.writeHead(403).end();
    req.resume();
    return;
  }
  const call = decodeHostCall(req.headers[hostCallHeader]);
  if (!call) {
    res.writeHead(400).end();
    req.resume();
    return;
  }
  const log = logger.child({ reqId: call.requestId, function: call.name });
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers: requestHeaders(req) };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  let request: Request;
  try {
    request = new Request(call.url, init);
  } catch (error) {
    log.warn({ err: error }, 'function host could not form the request');
    await writeResponse(res, renderFunctionsFailure(functionsErrors.workerError()));
    return;
  }
  const fn = { name: call.name, file: call.module, mtimeMs: 0 };
  const result = await pool.invoke(fn, call.env, request, log);
  await writeResponse(res, result instanceof Response ? result : renderFunctionsFailure(result));
}

const server = http.createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
  serve(req, res).catch((error: unknown) => {
    logger.error({ err: error }, 'function host failed to answer');
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object')
    process.send?.({ type: 'listening', port: address.port } satisfies HostListening);
});

process.on('disconnect', () => {
  server.close();
  void pool.close().finally(() => process.exit(0));
});
