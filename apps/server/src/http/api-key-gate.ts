// Middleware that resolves the caller (access/caller.ts) and stores it on the context.
// Each service renders the gateway's refusal in its own wire format.
import type { Context, MiddlewareHandler } from 'hono';
import { GatewayError, resolveCaller } from '../access/caller';
import type { KeyMaterial } from '../access/keys';
import type { AppEnv } from './app-env';

export type GatewayRefusal = (c: Context<AppEnv>, error: GatewayError) => Response | Promise<Response>;

/** The gateway's own answer (Kong-style JSON), for services without a better one. */
export const defaultRefusal: GatewayRefusal = (c, error) =>
  c.json({ message: error.message }, 401, { 'WWW-Authenticate': 'Bearer' });

export function apiKeyGate(
  keys: KeyMaterial,
  options: { requireKey: boolean; refuse?: GatewayRefusal },
): MiddlewareHandler<AppEnv> {
  const refuse = options.refuse ?? defaultRefusal;
  return async (c, next) => {
    try {
      const caller = await resolveCaller(
        keys,
        {
          apikey: c.req.header('apikey') ?? c.req.query('apikey'),
          authorization: c.req.header('authorization'),
        },
        { requireKey: options.requireKey },
      );
      c.set('caller', caller);
    } catch (error) {
      if (error instanceof GatewayError) return refuse(c, error);
      throw error;
    }
    await next();
  };
}
