/**
 * The in-process counters of the rate limits (one instance, no REDIS_URL): fixed windows that
 * open at a key's first counted hit and close `durationMs` later, as rate-limiter-flexible's
 * memory store keeps them. Answered synchronously, so a call that passes its limit pays no
 * promise; with Redis the library's store is used instead (rate-limit.ts).
 */

/** What a key has counted in its current window, and how long until the window closes. */
export interface Tally {
  count: number;
  msLeft: number;
}

interface Window {
  count: number;
  closesAt: number;
}

export class MemoryWindows {
  private readonly windows = new Map<string, Window>();
  /** Expired windows are dropped in one pass at most once per window length. */
  private sweepAfter = 0;

  constructor(
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `points` for `key` in its open window, or opens a new one. */
  add(key: string, points: number): Tally {
    const now = this.now();
    const open = this.openWindow(key, now);
    if (open) {
      open.count += points;
      return { count: open.count, msLeft: open.closesAt - now };
    }
    this.sweep(now);
    this.windows.set(key, { count: points, closesAt: now + this.durationMs });
    return { count: points, msLeft: this.durationMs };
  }

  /** The open window of `key`, or null. */
  peek(key: string): Tally | null {
    const now = this.now();
    const open = this.openWindow(key, now);
    return open ? { count: open.count, msLeft: open.closesAt - now } : null;
  }

  /** Replaces the window of `key` with one of `count` that closes `ms` from now (a lock-out). */
  set(key: string, count: number, ms: number): void {
    this.windows.set(key, { count, closesAt: this.now() + ms });
  }

  /** Takes one point off the open window of `key`, if any (never below 0). */
  refund(key: string): void {
    const open = this.openWindow(key, this.now());
    if (open && open.count > 0) open.count -= 1;
  }

  delete(key: string): void {
    this.windows.delete(key);
  }

  /** Keys held (open windows, and closed ones not swept yet). */
  get size(): number {
    return this.windows.size;
  }

  private openWindow(key: string, now: number): Window | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (window.closesAt > now) return window;
    this.windows.delete(key);
    return null;
  }

  private sweep(now: number): void {
    if (now < this.sweepAfter) return;
    this.sweepAfter = now + this.durationMs;
    for (const [key, window] of this.windows) if (window.closesAt <= now) this.windows.delete(key);
  }
}
