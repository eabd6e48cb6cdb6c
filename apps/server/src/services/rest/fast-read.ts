// GET and HEAD /rest/v1/{relation} on the platform's fast path (http/fast-path.ts): the
// same gateway check, scope and read as routes.ts runs, without the Hono app around them.
// It declines, before any database work, whatever routes.ts would answer otherwise or
// differently: other paths, and callers the gateway refuses (so the refusal is rendered in
// one place). Errors of the request itself and of the database are answered here as there.
import { GatewayError, resolveCaller } from '../../access/caller';
import type { ServerDeps } from '../../deps';
import { nodeHeader, type FastAnswer, type FastExchange, type FastHandler } from '../../http/fast-path';
import { nodeDataRequest } from './data-request';
import { readRelation } from './read-relation';
import { errorAnswer } from './render-response';
import { openScope } from './request-scope';
import { asRestError } from './rest-error';
import type { SchemaCacheHolder } from './schema-cache-holder';

export const fastReadPrefix = '/rest/v1/';

function relationName(path: string): string | undefined {
  const segment = path.slice(fastReadPrefix.length);
  if (segment === '' || segment.includes('/')) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function fastRead(deps: ServerDeps, holder: SchemaCacheHolder): FastHandler {
  return (exchange) => {
    const name = relationName(exchange.path);
    if (name === undefined) return 'decline';
    return answer(deps, holder, exchange, name);
  };
}

async function answer(
  deps: ServerDeps,
  holder: SchemaCacheHolder,
  exchange: FastExchange,
  name: string,
): Promise<FastAnswer | 'decline'> {
  const { req, url } = exchange;
  const header = (name: string) => nodeHeader(req, name);
  let caller;
  try {
    caller = await resolveCaller(
      deps.keys,
      {
        apikey: header('apikey') ?? new URL(url).searchParams.get('apikey') ?? undefined,
        authorization: header('authorization'),
      },
      { requireKey: true },
    );
  } catch (error) {
    if (error instanceof GatewayError) return 'decline';
    throw error;
  }
  const request = nodeDataRequest(req, url, exchange.path, caller, exchange.log);
  try {
    return await readRelation(await openScope(deps, holder, request, { root: false, rpcRead: false }), name);
  } catch (error) {
    const known = asRestError(error, caller.jwt !== undefined);
    return known ? errorAnswer(known) : 'decline';
  }
}
