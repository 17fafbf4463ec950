/**
 * An approximate rate counter shared by every instance through Redis, for the limits counted on
 * every call (the per-caller limit, the chart budget): issue 17 item 3, docs/decisions.md.
 *
 * Each instance counts in memory and answers at once (no Redis round trip on the request path).
 * Every `flushMs` it adds what it counted since the last flush to the key's shared counter in
 * Redis (one pipelined script per key) and reads the shared count back; a key's count is then
 * "the shared count last read + what this instance counted since". The window is the Redis key's
 * lifetime: it opens at the first flush any instance makes and lasts `durationMs`.
 *
 * What that allows: a caller spreading calls over N instances gets at most the limit on each
 * instance until the first flush lands (≤ N × limit in the first window), and thereafter about
 * `flushMs` worth of calls per instance beyond it. The secret-guessing limits (login, fund
 * password, channel password, secret key) stay on the strict path (rate-limit.ts), where every
 * attempt is counted in Redis before the secret is checked.
 *
 * If Redis does not answer, counts stay local (the limit holds per instance) and are added on a
 * later flush.
 */
import type { Redis } from 'ioredis';
import type { Tally } from './rate-window.js';

/** INCRBY, then a lifetime for a key that has none (the window opens at its first count); answers [count, ms left]. */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

interface Entry {
  /** the shared count last read from Redis (this instance's flushed points included) */
  shared: number;
  /** counted here, not flushed yet */
  pending: number;
  /** counted here, in the flush now in flight */
  sending: number;
  /** local estimate of when the window closes (wall ms) */
  closesAt: number;
}

export interface SharedWindowsOptions {
  /** how often increments are sent and shared counts read (ms); 50 by default */
  flushMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

export class SharedWindows {
  private readonly entries = new Map<string, Entry>();
  private readonly flushMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** flushes that reached Redis (tests, diagnostics) */
  flushes = 0;

  constructor(
    private readonly redis: Redis,
    /** the Redis key prefix of this limit (the client's own `keyPrefix` comes before it) */
    private readonly keyPrefix: string,
    private readonly durationMs: number,
    private readonly options: SharedWindowsOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 50;
    this.now = options.now ?? Date.now;
  }

  /** Counts `points` for `key` and answers the key's approximate shared tally, synchronously. */
  add(key: string, points: number): Tally {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || (entry.closesAt <= now && entry.pending === 0 && entry.sending === 0)) {
      entry = { shared: 0, pending: 0, sending: 0, closesAt: now + this.durationMs };
      this.entries.set(key, entry);
    } else if (entry.closesAt <= now) {
      // the window closed while counts were still on their way: start over from what is unsent
      entry.shared = 0;
      entry.closesAt = now + this.durationMs;
    }
    entry.pending += points;
    this.schedule();
    return { count: entry.shared + entry.sending + entry.pending, msLeft: Math.max(0, entry.closesAt - now) };
  }

  peek(key: string): Tally | null {
    const entry = this.entries.get(key);
    const now = this.now();
    if (!entry || entry.closesAt <= now) return null;
    return { count: entry.shared + entry.sending + entry.pending, msLeft: entry.closesAt - now };
  }

  /** Gives one point back (a local correction; the shared count catches up at the next flush). */
  refund(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.pending > 0) entry.pending -= 1;
    else if (entry && entry.shared > 0) entry.shared -= 1;
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return this.redis.del(this.keyPrefix + key).then(() => undefined);
  }

  /** Replaces the key's window with `count` for `ms` (a lock-out), here and in Redis. */
  async set(key: string, count: number, ms: number): Promise<void> {
    this.entries.set(key, { shared: count, pending: 0, sending: 0, closesAt: this.now() + ms });
    await this.redis.set(this.keyPrefix + key, String(count), 'PX', ms);
  }

  /** Stops the flush timer after one last flush. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Sends every key's unsent points and reads the shared counts back; one flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const run = this.flushOnce().finally(() => {
      this.flushing = null;
      if ([...this.entries.values()].some((e) => e.pending > 0)) this.schedule();
    });
    this.flushing = run;
    return run;
  }

  private async flushOnce(): Promise<void> {
    const now = this.now();
    const batch: [string, Entry, number][] = [];
    for (const [key, entry] of this.entries) {
      if (entry.pending > 0) {
        batch.push([key, entry, entry.pending]);
        entry.sending = entry.pending;
        entry.pending = 0;
      } else if (entry.closesAt <= now && entry.sending === 0) {
        this.entries.delete(key);
      }
    }
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [key, , points] of batch) pipeline.eval(ADD_SCRIPT, 1, this.keyPrefix + key, points, this.durationMs);
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (error) {
      results = null;
      this.options.onError?.(error);
    }
    const answeredAt = this.now();
    batch.forEach(([, entry, points], i) => {
      entry.sending = 0;
      const [error, value] = results?.[i] ?? [new Error('no answer'), null];
      if (error || !Array.isArray(value)) {
        entry.pending += points; // counted again with the next flush
        return;
      }
      entry.shared = Number(value[0]);
      entry.closesAt = answeredAt + Number(value[1]);
    });
    this.flushes++;
  }
}
