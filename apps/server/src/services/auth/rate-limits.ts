// Rate limits (brief §11), counted in auth.rate_limit_counters (platform migration 0006)
// so that every server process on one database shares them: per-IP request limits that
// apply only with a trusted client-IP header, the hourly mail and SMS send limits, and the
// failed password sign-ins per account and per client address (decision 0813).
// Each counted request is one upsert: a key's window opens at its first request and
// lasts a fixed time, so a burst is never split across two windows.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import { AuthError } from './auth-errors';

export interface SignInFailureLimits {
  /** Failures per account in one window; 0 turns the limit off. */
  perAccount: number;
  /** Failures per client address in one window; 0 turns the limit off. */
  perIp: number;
  windowSeconds: number;
}

/** Whose failures a sign-in counts against: the address it names, and where it came from. */
export interface SignInKeys {
  /** The e-mail address or phone number as the request named it (lower-cased). */
  account: string | undefined;
  ip: string;
}

/** One more hit on a bucket, in a new window ($2 seconds) when its window has ended. */
const countInWindow = `on conflict (bucket) do update set
         hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
         window_start = case when c.expires_at <= now() then now() else c.window_start end,
         expires_at = case when c.expires_at <= now() then now() + make_interval(secs => $2) else c.expires_at end`;

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
    private readonly signInFailures: SignInFailureLimits = { perAccount: 0, perIp: 0, windowSeconds: 300 },
  ) {}

  /**
   * Refuses a password sign-in, before the password is even compared, while the account
   * or the client address has used up its failures in the current window.
   */
  async refuseSignInWhileLimited(who: SignInKeys): Promise<void> {
    const buckets = this.signInBuckets(who);
    if (buckets.length === 0) return;
    const { rows } = await this.db.query<{ bucket: string; hits: number; retry: number }>(
      `select bucket, hits, greatest(1, ceil(extract(epoch from expires_at - now())))::int as retry
         from auth.rate_limit_counters
        where bucket = any($1::text[]) and expires_at > now()`,
      [buckets.map(([bucket]) => bucket)],
    );
    for (const row of rows) {
      const limit = buckets.find(([bucket]) => bucket === row.bucket)?.[1] ?? 0;
      if (row.hits >= limit) {
        const limited = new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
        limited.retryAfterSeconds = row.retry;
        throw limited;
      }
    }
  }

  /** Counts one failed password sign-in against its account and its client address. */
  async countFailedSignIn(who: SignInKeys): Promise<void> {
    const buckets = this.signInBuckets(who).map(([bucket]) => bucket);
    if (buckets.length === 0) return;
    await this.db.query(
      `insert into auth.rate_limit_counters as c (bucket, window_start, expires_at, hits)
       select b, now(), now() + make_interval(secs => $2), 1 from unnest($1::text[]) b
       ${countInWindow}`,
      [buckets, this.signInFailures.windowSeconds],
    );
  }

  /** The limited buckets for a sign-in: the account's address (hashed) and the client's IP. */
  private signInBuckets(who: SignInKeys): [bucket: string, limit: number][] {
    const { perAccount, perIp } = this.signInFailures;
    const buckets: [string, number][] = [];
    if (perAccount > 0 && who.account) {
      const digest = crypto.createHash('sha256').update(who.account).digest('base64url');
      buckets.push([`signin-fail:account:${digest}`, perAccount]);
    }
    if (perIp > 0) buckets.push([`signin-fail:ip:${who.ip}`, perIp]);
    return buckets;
  }

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

  /**
   * True the first time `bucket` is taken in a window of `windowSeconds`, false after. Given
   * the calling transaction, so a rolled-back take is not counted.
   */
  async takeOncePer(q: Queryable, bucket: string, windowSeconds: number): Promise<boolean> {
    return (await this.hit(q, bucket, Math.max(1, windowSeconds))) === 1;
  }

  private async hit(q: Queryable, bucket: string, windowSeconds: number): Promise<number> {
    const { rows } = await q.query<{ hits: number }>(
      `insert into auth.rate_limit_counters as c (bucket, window_start, expires_at, hits)
       values ($1, now(), now() + make_interval(secs => $2), 1)
       ${countInWindow}
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
