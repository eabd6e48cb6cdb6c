// The variables every request carries through the Hono app.
import type { Logger } from 'pino';
import type { Caller } from '../access/caller';

export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    caller: Caller;
  };
}
