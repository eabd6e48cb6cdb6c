// Rate limits (brief §11): per-IP token buckets that apply only with a trusted client-IP
// header, and the process-wide hourly mail and SMS send counters.
import { AuthError } from './auth-errors';

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly sends = new Map<'email' | 'sms', { window: number; count: number }>();

  constructor(
    private readonly mailPerHour: number | undefined,
    private readonly smsPerHour: number | undefined,
  ) {}

  /** Takes one request from a bucket refilled at `perWindow` per `windowSeconds` (burst 30). */
  takeRequest(limiter: string, key: string | undefined, perWindow: number, windowSeconds: number): void {
    if (key === undefined) return;
    const id = `${limiter}:${key}`;
    const now = Date.now();
    const burst = Math.max(30, 1);
    const bucket = this.buckets.get(id) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * (perWindow / windowSeconds));
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(id, bucket);
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    bucket.tokens -= 1;
    this.buckets.set(id, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
  }

  /** Counts one outgoing message against the hourly limit, or refuses it. */
  takeSend(channel: 'email' | 'sms'): void {
    const limit = channel === 'email' ? this.mailPerHour : this.smsPerHour;
    if (limit === undefined) return;
    const window = Math.floor(Date.now() / 3_600_000);
    const current = this.sends.get(channel);
    const entry = current && current.window === window ? current : { window, count: 0 };
    if (entry.count >= limit) {
      throw channel === 'email'
        ? new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
        : new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
    }
    entry.count += 1;
    this.sends.set(channel, entry);
  }

  private prune(now: number): void {
    for (const [id, bucket] of this.buckets) if (now - bucket.at > 3_600_000) this.buckets.delete(id);
  }
}
