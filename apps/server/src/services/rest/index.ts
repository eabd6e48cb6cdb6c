// The rest service. Until it lands, every path under its mount point answers 501.
import { Hono } from 'hono';
import type { ServerDeps, ServiceModule } from '../../deps';
import type { AppEnv } from '../../http/app-env';

export function createRestService(_deps: ServerDeps): ServiceModule {
  const routes = new Hono<AppEnv>();
  routes.all('*', (c) => c.json({ message: 'The rest service is not available yet' }, 501));
  return { routes };
}
