// Proxies one invocation to the function host over HTTP on 127.0.0.1, streaming the body
// both ways. node:http rather than fetch, so the function's response (a content-encoding
// included) reaches the caller byte for byte. When the host cannot be reached or dies before
// answering, the call answers 500 WORKER_ERROR as a relay error.
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { functionsErrors, type FunctionsFailure } from './functions-errors';
import {
  encodeHostCall,
  hopByHopHeaders,
  hostCallHeader,
  hostTokenHeader,
  type HostCall,
} from './host-protocol';

export interface HostAddress {
  port: number;
  token: string;
  agent: http.Agent;
}

const nullBodyStatuses = new Set([204, 205, 304]);

function outgoingHeaders(request: Request, host: HostAddress, call: HostCall): Record<string, string> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!hopByHopHeaders.has(name)) headers[name] = value;
  });
  headers[hostTokenHeader] = host.token;
  headers[hostCallHeader] = encodeHostCall(call);
  return headers;
}

function incomingHeaders(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!.toLowerCase();
    if (!hopByHopHeaders.has(name)) headers.append(name, res.rawHeaders[i + 1]!);
  }
  return headers;
}

export function relayToHost(
  host: HostAddress,
  call: HostCall,
  request: Request,
  log: Logger,
): Promise<Response | FunctionsFailure> {
  return new Promise((resolve) => {
    const outgoing = http.request({
      host: '127.0.0.1',
      port: host.port,
      method: request.method,
      path: '/',
      agent: host.agent,
      headers: outgoingHeaders(request, host, call),
    });
    outgoing.on('error', (error) => {
      log.error({ err: error, function: call.name }, 'function host did not answer');
      resolve(functionsErrors.workerError());
    });
    outgoing.on('response', (res) => {
      const status = res.statusCode ?? 500;
      if (status < 200 || status > 599) {
        res.destroy();
        resolve(functionsErrors.workerError());
        return;
      }
      const init = { status, statusText: res.statusMessage ?? '', headers: incomingHeaders(res) };
      if (request.method === 'HEAD' || nullBodyStatuses.has(status)) {
        res.resume();
        resolve(new Response(null, init));
        return;
      }
      resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, init));
    });
    if (request.body) {
      pipeline(Readable.fromWeb(request.body as never), outgoing).catch(() => outgoing.destroy());
    } else outgoing.end();
  });
}
