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
  /** The URL's path, undecoded (as `new URL(url).pathname` gives it). */
  readonly path: string;
  /** A header's value (several of the same name joined with ", "), by lower-case name. */
  header(name: string): string | undefined;
  /** Every header, by lower-case name. Read-only: it may be the HTTP layer's own object. */
  headers(): Readonly<Record<string, string>>;
  /** The body as text. */
  text(): Promise<string>;
  caller: Caller;
  log: Logger;
}

export function honoDataRequest(c: Context<AppEnv>): DataRequest {
  let path: string | undefined;
  return {
    method: c.req.method,
    url: c.req.url,
    get path() {
      return (path ??= new URL(c.req.url).pathname);
    },
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

/**
 * A body-less request (GET or HEAD) straight from Node's HTTP server. A class, so that the
 * hot read path allocates one object per request and no closures.
 */
class NodeDataRequest implements DataRequest {
  readonly method: string;
  private logger: Logger | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly url: string,
    /** The target's path, which the fast path has checked URL parsing keeps as it is. */
    readonly path: string,
    readonly caller: Caller,
    private readonly makeLog: () => Logger,
  ) {
    this.method = req.method ?? 'GET';
  }

  header(name: string): string | undefined {
    return nodeHeader(this.req, name);
  }

  headers(): Readonly<Record<string, string>> {
    const all = this.req.headers;
    // Node joins repeated headers into one string, except Set-Cookie, which stays a list.
    if (all['set-cookie'] === undefined) return all as Record<string, string>;
    const out: Record<string, string> = {};
    for (const name of Object.keys(all)) out[name] = nodeHeader(this.req, name)!;
    return out;
  }

  text(): Promise<string> {
    return Promise.resolve('');
  }

  get log(): Logger {
    return (this.logger ??= this.makeLog());
  }
}

export function nodeDataRequest(
  req: IncomingMessage,
  url: string,
  path: string,
  caller: Caller,
  log: () => Logger,
): DataRequest {
  return new NodeDataRequest(req, url, path, caller, log);
}
