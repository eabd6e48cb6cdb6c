// /metrics in Prometheus's text format (prom-client): requests and their latency per
// service and status, the database pool, realtime sockets and channels, mail sent and
// failed, and the last good backup. Each server has its own registry, so several servers
// in one process (tests) count apart. Only the service-role key, the secret key or
// METRICS_TOKEN may read it: the figures say how busy the club is.
import type { Hono } from 'hono';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { KeyMaterial } from '../access/keys';
import type { Config } from '../config';
import type { Database } from '../database/database';
import type { ServiceCounters } from '../deps';
import type { AppEnv } from '../http/app-env';
import type { RequestObserver } from '../http/request-log';
import { readBackupStatus } from './backup-status';
import { isOperator, presentedToken } from './operator-auth';

const services: [prefix: string, name: string][] = [
  ['/auth/v1', 'auth'],
  ['/rest/v1', 'rest'],
  ['/storage/v1', 'storage'],
  ['/realtime/v1', 'realtime'],
  ['/functions/v1', 'functions'],
  ['/health', 'platform'],
  ['/metrics', 'platform'],
  ['/ops/v1', 'platform'],
];

function serviceOf(path: string): string {
  for (const [prefix, name] of services) if (path.startsWith(prefix)) return name;
  return 'web';
}

export interface PlatformMetrics extends ServiceCounters {
  registry: Registry;
  observeRequest: RequestObserver;
  /** Adds a source of gauges read at each scrape (e.g. a service's sockets). */
  addGauges(name: string, read: () => Record<string, number>): void;
}

export function createPlatformMetrics(options: { db: Database; backupDir: string }): PlatformMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'club_http_requests_total',
    help: 'HTTP requests answered, by service and status code',
    labelNames: ['service', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'club_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by service and status code',
    labelNames: ['service', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'club_mail_total',
    help: 'Mails handed to the transport (outcome="sent") or refused by it (outcome="failed")',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  mail.inc({ outcome: 'sent' }, 0);
  mail.inc({ outcome: 'failed' }, 0);
  new Gauge({
    name: 'club_db_pool_connections',
    help: 'Database connections by state (the embedded database is one connection)',
    labelNames: ['engine', 'state'] as const,
    registers: [registry],
    collect() {
      const stats = options.db.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      for (const [state, value] of Object.entries(stats))
        this.set({ engine: options.db.engine, state }, value);
    },
  });
  const gaugeSources = new Map<string, () => Record<string, number>>();
  new Gauge({
    name: 'club_service_gauge',
    help: 'Current values services report: realtime sockets, channels, topics and the other instances seen (peers)',
    labelNames: ['service', 'name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [service, read] of gaugeSources) {
        for (const [name, value] of Object.entries(read())) this.set({ service, name }, value);
      }
    },
  });
  new Gauge({
    name: 'club_backup_last_success_timestamp_seconds',
    help: 'When the last good backup in BACKUP_DIR was written (0 = none yet)',
    registers: [registry],
    collect() {
      const at = readBackupStatus(options.backupDir).lastSuccess?.at;
      this.set(at ? Date.parse(at) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'club_backup_last_failure_timestamp_seconds',
    help: 'When the last backup attempt into BACKUP_DIR failed (0 = none)',
    registers: [registry],
    collect() {
      const at = readBackupStatus(options.backupDir).lastFailure?.at;
      this.set(at ? Date.parse(at) / 1000 : 0);
    },
  });
  return {
    registry,
    observeRequest(path, status, seconds) {
      const labels = { service: serviceOf(path), status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    mail(outcome) {
      mail.inc({ outcome });
    },
    addGauges(name, read) {
      gaugeSources.set(name, read);
    },
  };
}

export function mountMetricsRoute(
  app: Hono<AppEnv>,
  deps: { keys: KeyMaterial; config: Config },
  metrics: PlatformMetrics,
): void {
  app.get('/metrics', async (c) => {
    const token = presentedToken({
      authorization: c.req.header('authorization'),
      apikey: c.req.header('apikey'),
    });
    if (!isOperator(token, deps.keys, deps.config.operations.metricsToken)) {
      return c.json(
        { message: 'Metrics need the service-role key or METRICS_TOKEN as a bearer token.' },
        401,
      );
    }
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}
