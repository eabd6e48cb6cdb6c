// The functions service's routing table: every method on /{name} and /{name}/… runs the function.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { invokeFunction, type FunctionsRuntime } from './invoke-function';

export function functionsRoutes(rt: FunctionsRuntime): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.all('/:name', (c) => invokeFunction(rt, c));
  routes.all('/:name/*', (c) => invokeFunction(rt, c));
  routes.all('*', (c) =>
    c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404, {
      'x-relay-error': 'true',
    }),
  );
  return routes;
}
