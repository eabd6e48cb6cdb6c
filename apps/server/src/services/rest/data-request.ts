// What the data service reads of a request, independent of the HTTP layer that carried it:
// Hono's context for every request, or Node's IncomingMessage on the fast read path
// (fast-read.ts). The pipeline (request-scope.ts and after) sees only this.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { Caller } from '../../access/caller';
import type { AppEnv } from '../../http/app-env';
import { nodeHeader } from '../../http/fast-path';

export interface DataRequest {
  method: string;
  /** The absolute URL, as the HTTP layer built it from the Host header and the target. */
  url: string;
  /** A header's value (several of the same name joined with ", "), by lower-case name. */
  header(name: string): string | undefined;
  /** Every header, by lower-case name. */
  headers(): Record<string, string>;
  /** The body as text. */
  text(): Promise<string>;
  caller: Caller;
  log: Logger;
}

export function honoDataRequest(c: Context<AppEnv>): DataRequest {
  return {
    method: c.req.method,
    url: c.req.url,
    header: (name) => c.req.header(name),
    headers: () => {
      const out: Record<string, string> = {};
      c.req.raw.headers.forEach((value, key) => {
        out[key.toLowerCase()] = value;
      });
      return out;
    },
    text: () => c.req.text(),
    caller: c.get('caller'),
    log: c.get('log'),
  };
}

/** A body-less request (GET or HEAD) straight from Node's HTTP server. */
export function nodeDataRequest(
  req: IncomingMessage,
  url: string,
  caller: Caller,
  log: () => Logger,
): DataRequest {
  const header = (name: string) => nodeHeader(req, name);
  return {
    method: req.method ?? 'GET',
    url,
    header,
    headers: () => {
      const out: Record<string, string> = {};
      for (const name of Object.keys(req.headers)) out[name] = header(name)!;
      return out;
    },
    text: () => Promise.resolve(''),
    caller,
    get log() {
      return log();
    },
  };
}
