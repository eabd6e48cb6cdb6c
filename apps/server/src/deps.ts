// What createServer is built from, and the shape every service module has.
// Types only: no service imports another, they all import this.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { KeyMaterial } from './access/keys';
import type { Config } from './config';
import type { Database } from './database/database';
import type { AppEnv } from './http/app-env';
import type { FastHandler } from './http/fast-path';

export interface ServerDeps {
  config: Config;
  db: Database;
  keys: KeyMaterial;
  logger: Logger;
  /** The repository root (migrations, supabase/functions); defaults to the checkout's. */
  repoRoot: string;
  /**
   * Transaction-local settings every request context must carry (pass them as
   * RequestContext.settings): server-held secrets that SQL functions read with
   * current_setting(), such as app.cpr_key. Never sent to clients.
   */
  dbSettings: Record<string, string>;
  /**
   * The SMTP_URL edge functions get unless their env file sets one: the server's own SMTP_URL,
   * or the development inbox's SMTP listener (decision 1020).
   */
  functionsSmtpUrl?: string;
  /** The built web app, if any (apps/web/dist). */
  webDir: string | undefined;
  /** Counts what services report for /metrics (createServer supplies one when absent). */
  metrics?: ServiceCounters;
}

/** What services count for /metrics, besides the requests the server counts itself. */
export interface ServiceCounters {
  /** A mail handed to the transport (sent) or refused by it (failed). */
  mail(outcome: 'sent' | 'failed'): void;
}

export interface ServiceModule {
  routes: Hono<AppEnv>;
  /** Handles a websocket upgrade under the service's prefix; returns false if not its own. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** Settles when the service's background set-up (listeners, caches) is done; the server listens only after. */
  ready?: Promise<void>;
  /** Called on shutdown before the database closes. */
  close?: () => Promise<void>;
  /** Current values the service reports for /metrics (e.g. realtime sockets and channels). */
  gauges?: () => Record<string, number>;
  /** Hot requests under a path prefix that Node's HTTP server may answer directly (http/fast-path.ts). */
  fast?: [prefix: string, handler: FastHandler];
}
