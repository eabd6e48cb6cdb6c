// The data service's routing table: the OpenAPI root, /rpc/{function} and /{relation}.
import { Hono, type Context } from 'hono';
import type { ServerDeps } from '../../deps';
import { apiKeyGate, defaultRefusal, type GatewayRefusal } from '../../http/api-key-gate';
import type { AppEnv } from '../../http/app-env';
import { jsonBodyLimit } from '../../http/body-limit';
import { callFunction } from './call-function';
import { deleteRows } from './delete-rows';
import { describeOpenApi } from './describe-openapi';
import { insertRows } from './insert-rows';
import { putRow } from './put-row';
import { readRelation } from './read-relation';
import { honoDataRequest } from './data-request';
import { errorResponse, toResponse, type RestAnswer } from './render-response';
import { asRestError, restErrors } from './rest-error';
import type { SchemaCacheHolder } from './schema-cache-holder';
import { openScope, type RequestScope } from './request-scope';
import { updateRows } from './update-rows';

const refuse: GatewayRefusal = (c, error) => {
  if (error.kind === 'invalid_jwt') return errorResponse(restErrors.jwt(error.message));
  return defaultRefusal(c, error);
};

export function restRoutes(deps: ServerDeps, holder: SchemaCacheHolder): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', apiKeyGate(deps.keys, { requireKey: true, refuse }));
  routes.use('*', jsonBodyLimit(deps.config.maxBodyBytes));

  const handle = async (
    c: Context<AppEnv>,
    kind: { root: boolean; rpcRead: boolean },
    run: (scope: RequestScope) => Promise<RestAnswer>,
    eagerParams = true,
  ): Promise<Response> => {
    try {
      const scope = await openScope(deps, holder, honoDataRequest(c), kind);
      // The query string's errors come first; a read parses it itself, and only when its
      // statement is not cached (read-relation.ts).
      if (eagerParams) void scope.params;
      return toResponse(await run(scope));
    } catch (error) {
      const known = asRestError(error, c.get('caller').jwt !== undefined);
      if (known) return errorResponse(known);
      c.get('log').error({ err: error }, 'rest request failed');
      return errorResponse(restErrors.internal());
    }
  };

  const root = (c: Context<AppEnv>) => handle(c, { root: true, rpcRead: false }, (s) => describeOpenApi(s));
  routes.on(['GET', 'HEAD'], '/', root);

  routes.all('/rpc/:fn', (c) => {
    const method = c.req.method;
    const rpcRead = method === 'GET' || method === 'HEAD';
    if (!rpcRead && method !== 'POST') return errorResponse(restErrors.rpcMethod(method));
    return handle(c, { root: false, rpcRead }, (s) => callFunction(s, c.req.param('fn')));
  });

  routes.all('/:relation', (c) => {
    const name = c.req.param('relation');
    switch (c.req.method) {
      case 'GET':
      case 'HEAD':
        return handle(c, { root: false, rpcRead: false }, (s) => readRelation(s, name), false);
      case 'POST':
        return handle(c, { root: false, rpcRead: false }, (s) => insertRows(s, name));
      case 'PUT':
        return handle(c, { root: false, rpcRead: false }, (s) => putRow(s, name));
      case 'PATCH':
        return handle(c, { root: false, rpcRead: false }, (s) => updateRows(s, name));
      case 'DELETE':
        return handle(c, { root: false, rpcRead: false }, (s) => deleteRows(s, name));
      case 'OPTIONS':
        return new Response(null, {
          status: 200,
          headers: { Allow: 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE' },
        });
      default:
        return errorResponse(restErrors.unsupportedMethod(c.req.method));
    }
  });

  routes.all('*', (c) => {
    const path = new URL(c.req.url).pathname;
    // The mount point with a trailing slash is the root too.
    if (/^\/rest\/v1\/?$/.test(path) && (c.req.method === 'GET' || c.req.method === 'HEAD')) return root(c);
    return errorResponse(restErrors.invalidPath(path));
  });
  return routes;
}
