// ANY /functions/v1/{name}[/…]: runs the function with the original request (method,
// URL, headers including Authorization and apikey, streamed body). The caller's JWT is
// verified first unless the function is public. A thrown error, a non-Response result
// or the time limit answer as the edge runtime does, with x-relay-error.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { GatewayError, resolveCaller } from '../../access/caller';
import type { ServerDeps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { invocationScope } from './function-env';
import { functionsErrors, renderFunctionsFailure, type FunctionsFailure } from './functions-errors';
import { FunctionBootError, type FunctionLoader } from './load-function';

export interface FunctionsRuntime {
  deps: ServerDeps;
  loader: FunctionLoader;
  /** The variables functions may read, without the per-request SUPABASE_URL. */
  env: () => Readonly<Record<string, string>>;
}

class FunctionTimeout extends Error {}

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
  const name = c.req.param('name') ?? '';
  const log = c.get('log') ?? rt.deps.logger;
  let handler;
  try {
    handler = await rt.loader.load(name);
  } catch (error) {
    log.error({ err: error, function: name }, 'function failed to boot');
    return renderFunctionsFailure(functionsErrors.bootError());
  }
  if (!handler) return renderFunctionsFailure(functionsErrors.notFound());
  if (!rt.deps.config.functions.publicFunctions.has(name)) {
    const refused = await checkJwt(rt, c);
    if (refused) return renderFunctionsFailure(refused);
  }

  const controller = new AbortController();
  const init: RequestInit & { duplex?: 'half' } = { signal: controller.signal };
  if (c.req.raw.body) init.duplex = 'half';
  const request = new Request(c.req.raw, init);
  const env = { ...rt.env(), SUPABASE_URL: serverUrl(rt, c) };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new FunctionTimeout('time limit'));
      reject(new FunctionTimeout('time limit'));
    }, rt.deps.config.functions.timeoutMs);
  });
  try {
    const result = await Promise.race([
      invocationScope.run({ env }, async () => handler(request, { env })),
      timeout,
    ]);
    if (!(result instanceof Response)) {
      log.error({ function: name }, 'function did not return a Response');
      return renderFunctionsFailure(functionsErrors.workerError());
    }
    return result;
  } catch (error) {
    if (error instanceof FunctionTimeout) {
      log.warn({ function: name }, 'function timed out');
      return renderFunctionsFailure(functionsErrors.timeout());
    }
    log.error({ err: error, function: name }, 'function threw');
    return renderFunctionsFailure(functionsErrors.workerError());
  } finally {
    clearTimeout(timer);
  }
}

export { FunctionBootError };
