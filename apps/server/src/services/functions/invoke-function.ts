// ANY /functions/v1/{name}[/…]: compiles the function (compile-function.ts) and runs it in
// the function host (function-host.ts) with the original request (method, URL as the edge
// runtime shows it — /{name}[/…] and the query —, headers including Authorization and apikey,
// streamed body). The caller's JWT is verified first unless the function is public. A
// thrown error, a non-Response result, the time or memory limit answer as the edge runtime
// does, with x-relay-error.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { GatewayError, resolveCaller } from '../../access/caller';
import type { ServerDeps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { functionsErrors, renderFunctionsFailure, type FunctionsFailure } from './functions-errors';
import { CompileError, type FunctionCompiler } from './compile-function';
import type { FunctionHost } from './function-host';
import { findFunction } from './load-function';

export interface FunctionsRuntime {
  deps: ServerDeps;
  /** The folder holding <name>/index.ts. */
  dir: string;
  compiler: FunctionCompiler;
  host: FunctionHost;
  /** The variables functions may read, without the per-request SUPABASE_URL. */
  env: () => Readonly<Record<string, string>>;
}

async function checkJwt(rt: FunctionsRuntime, c: Context<AppEnv>): Promise<FunctionsFailure | undefined> {
  const authorization = c.req.header('authorization');
  const apikey = c.req.header('apikey');
  if (!authorization && !apikey) return functionsErrors.missingAuthorization();
  try {
    const caller = await resolveCaller(rt.deps.keys, { apikey, authorization }, { requireKey: false });
    if (!caller.jwt) return functionsErrors.invalidJwt();
  } catch (error) {
    if (error instanceof GatewayError) return functionsErrors.invalidJwt();
    throw error;
  }
  return undefined;
}

/**
 * The URL the function sees as req.url: upstream's edge runtime strips the gateway prefix, so
 * a function routes on /<name>/… (a router with base path /<name>); origin and query as sent.
 */
export function functionRequestUrl(requestUrl: string): string {
  const url = new URL(requestUrl);
  url.pathname = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  return url.href;
}

/** The server's own address, for functions that call back through supabase-js. */
function serverUrl(rt: FunctionsRuntime, c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket;
  if (socket?.localAddress && socket.localPort) {
    const host = socket.localAddress.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
    return `http://${host.replace(/^\[::ffff:(.+)\]$/, '$1')}:${socket.localPort}`;
  }
  return rt.deps.config.publicUrl;
}

export async function invokeFunction(rt: FunctionsRuntime, c: Context<AppEnv>): Promise<Response> {
  const fn = findFunction(rt.dir, c.req.param('name') ?? '');
  if (!fn) return renderFunctionsFailure(functionsErrors.notFound());
  if (!rt.deps.config.functions.publicFunctions.has(fn.name)) {
    const refused = await checkJwt(rt, c);
    if (refused) return renderFunctionsFailure(refused);
  }
  const log = c.get('log') ?? rt.deps.logger;
  let module: string;
  try {
    module = await rt.compiler.compile(fn);
  } catch (error) {
    if (!(error instanceof CompileError)) throw error;
    log.error({ function: fn.name, error: error.message }, 'function failed to compile');
    return renderFunctionsFailure(functionsErrors.bootError());
  }
  const call = {
    name: fn.name,
    module,
    url: functionRequestUrl(c.req.url),
    env: { ...rt.env(), SUPABASE_URL: serverUrl(rt, c) },
    requestId: c.get('requestId'),
  };
  const result = await rt.host.invoke(call, c.req.raw, log);
  return result instanceof Response ? result : renderFunctionsFailure(result);
}
