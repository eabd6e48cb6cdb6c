// Rate limits (brief §11), counted in auth.rate_limit_counters (platform migration 0006)
// so that every server process on one database shares them: per-IP request limits that
// apply only with a trusted client-IP header, and the hourly mail and SMS send limits.
// Each counted request is one upsert: a key's window opens at its first request and
// lasts a fixed time, so a burst is never split across two windows.
import type { Queryable } from '../../database/database';
import { AuthError } from './auth-errors';

/** GoTrue's burst for every per-IP limiter. */
const burst = 30;
/** Expired windows are deleted on every this-many-th counted request. */
const pruneEvery = 500;

export class RateLimits {
  private counted = 0;

  constructor(
    private readonly db: Queryable,
    private readonly mailPerHour: number | undefined,
    private readonly smsPerHour: number | undefined,
  ) {}

  /**
   * Counts one request against `perWindow` per `windowSeconds` with a burst of 30. A fixed
   * window holding the burst, burst / rate seconds long, gives the token bucket's
   * long-run rate and its burst without keeping a bucket per key.
   */
  async takeRequest(
    limiter: string,
    key: string | undefined,
    perWindow: number,
    windowSeconds: number,
  ): Promise<void> {
    if (key === undefined) return;
    const window = Math.max(1, Math.round((burst * windowSeconds) / perWindow));
    const hits = await this.hit(this.db, `${limiter}:${key}`, window);
    if (hits > burst) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /**
   * Counts one outgoing message against the hourly limit, or refuses it. Given the
   * sending transaction, so a send that is rolled back is not counted.
   */
  async takeSend(q: Queryable, channel: 'email' | 'sms'): Promise<void> {
    const limit = channel === 'email' ? this.mailPerHour : this.smsPerHour;
    if (limit === undefined) return;
    const hits = await this.hit(q, `send:${channel}`, 3600);
    if (hits > limit) {
      throw channel === 'email'
        ? new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
        : new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
    }
  }

  private async hit(q: Queryable, bucket: string, windowSeconds: number): Promise<number> {
    const { rows } = await q.query<{ hits: number }>(
      `insert into auth.rate_limit_counters as c (bucket, window_start, expires_at, hits)
       values ($1, now(), now() + make_interval(secs => $2), 1)
       on conflict (bucket) do update set
         hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
         window_start = case when c.expires_at <= now() then now() else c.window_start end,
         expires_at = case when c.expires_at <= now() then now() + make_interval(secs => $2) else c.expires_at end
       returning c.hits`,
      [bucket.slice(0, 200), windowSeconds],
    );
    this.counted += 1;
    if (this.counted % pruneEvery === 0) {
      // Through `q`: inside a transaction on PGlite, the database has no other connection.
      await q.query('delete from auth.rate_limit_counters where expires_at < now()');
    }
    return rows[0]?.hits ?? 1;
  }
}
