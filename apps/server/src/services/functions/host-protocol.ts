// What the server and the function host (host-main.ts) say to each other. The server proxies
// an invocation as an HTTP request to the host on 127.0.0.1: the caller's method, headers and
// streamed body, plus two headers of its own, which the host removes before the function sees
// the request.

/** Carries the host's random token; a request without it is refused. */
export const hostTokenHeader = 'x-function-host-token';
/** Carries the call (base64url JSON of HostCall). */
export const hostCallHeader = 'x-function-host-call';

export interface HostCall {
  /** The function's name, for logs and for retiring its older versions. */
  name: string;
  /** Absolute path of the compiled module in the build folder. */
  module: string;
  /** The URL the caller used, which the function sees as req.url. */
  url: string;
  /** The function's whole environment. */
  env: Record<string, string>;
  requestId: string | undefined;
}

/** Settings of the host process, passed in its environment as JSON. */
export interface HostOptions {
  workerEntry: string;
  memoryMb: number;
  idleWorkers: number;
  idleMs: number;
  maxWorkers: number;
  timeoutMs: number;
  logLevel: string;
}

/** IPC message from the host once it listens. */
export interface HostListening {
  type: 'listening';
  port: number;
}

export function encodeHostCall(call: HostCall): string {
  return Buffer.from(JSON.stringify(call)).toString('base64url');
}

export function decodeHostCall(value: string | string[] | undefined): HostCall | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const call = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<HostCall>;
    if (typeof call.name !== 'string' || typeof call.module !== 'string' || typeof call.url !== 'string')
      return undefined;
    if (typeof call.env !== 'object' || call.env === null) return undefined;
    return call as HostCall;
  } catch {
    return undefined;
  }
}

/** Connection-level headers a proxy does not forward. */
export const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
