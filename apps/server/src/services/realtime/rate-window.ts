// A per-second counter: at most `limit` events in any one-second window.
export class RateWindow {
  private windowStart = 0;
  private count = 0;

  constructor(private readonly limit: number) {}

  /** Counts one event; false when the limit for the current second is already used up. */
  take(now = Date.now()): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    if (this.count >= this.limit) return false;
    this.count += 1;
    return true;
  }
}
