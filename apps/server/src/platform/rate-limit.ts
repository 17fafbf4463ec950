/**
 * Rate limits of docs/api.md §1.7. In one process the counters live in memory and are answered
 * synchronously (rate-window.ts); with REDIS_URL they live in Redis so every instance shares
 * them. Both keep fixed windows that open at a key's first counted hit. With Redis, the limits
 * counted on every call (`APPROXIMATE_LIMITS`) are counted in memory and reconciled with Redis in
 * batches (rate-shared.ts: no round trip per call, an approximate shared limit); the others, the
 * secret-guessing ones above all, count every attempt in Redis first (rate-limiter-flexible).
 * "Failures" limits count only refused attempts and then lock the key for a fixed time after
 * the counted failure that reached the limit.
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { DomainError } from './errors.js';
import { andThen, type MaybePromise } from './maybe-promise.js';
import { SharedWindows } from './rate-shared.js';
import { MemoryWindows, type Tally } from './rate-window.js';

export interface LimitSpec {
  points: number;
  durationSec: number;
  /** Lock-out after the limit is reached, for failure counters. */
  blockSec?: number;
}

export const defaultLimits = {
  perCaller: { points: 20, durationSec: 1 },
  /**
   * every session of one account together (issue 29: six sessions read 120 a second): three
   * sessions' worth; when only `perCaller` is overridden, three times that (specOf below)
   */
  perAccount: { points: 60, durationSec: 1 },
  loginFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  /** failed logins per client address across all accounts (password spraying, issue 29): 30 in 15 min, then 15 min */
  loginFailuresPerAddress: { points: 30, durationSec: 15 * 60, blockSec: 15 * 60 },
  registerPerIp: { points: 5, durationSec: 60 * 60 },
  fundPasswordFailures: { points: 5, durationSec: 24 * 60 * 60, blockSec: 24 * 60 * 60 },
  /** new-share channel password and block-trade secret key, per account: 5 failures in 15 min each, then 15 min (§1.7) */
  channelPasswordFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  secretKeyFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  adminLoginFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  /** `/upload/image`, per account: 30 per hour, every attempt counted (§1.7, §1.11). */
  uploadPerAccount: { points: 30, durationSec: 60 * 60 },
  /** deposit, withdraw and exchange requests, per account: 10 a minute (choice, docs/decisions.md) */
  moneyCalls: { points: 10, durationSec: 60 },
  /** statement downloads per account (a PDF costs up to seconds of CPU): 20 in 10 minutes */
  statementDownloads: { points: 20, durationSec: 10 * 60 },
  /** `/market/candles`, per caller: a budget of points a minute, a daily, weekly or monthly period costing 5 (issue 18, docs/decisions.md) */
  candlesCost: { points: 60, durationSec: 60 },
  /** `/trade/buy`, `/trade/close`, `/trade/cancel`, per account: 1 per rolling second each, separate allowances (§1.7, §1.11) */
  buyPerAccount: { points: 1, durationSec: 1 },
  closePerAccount: { points: 1, durationSec: 1 },
  cancelPerAccount: { points: 1, durationSec: 1 },
} satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof defaultLimits;

/**
 * Limits counted on every call: with Redis, shared approximately (counted here, reconciled every
 * 50 ms, at most instances × limit in a first window; docs/decisions.md). Every other limit is
 * counted in Redis before the call goes on.
 */
export const APPROXIMATE_LIMITS: ReadonlySet<LimitName> = new Set<LimitName>([
  'perCaller',
  'perAccount',
  'candlesCost',
]);

function tooFrequent(msLeft: number): DomainError {
  return new DomainError('request.too_frequent', { seconds: String(Math.max(1, Math.ceil(msLeft / 1000))) });
}

/** Where one limit keeps its windows. */
interface Counter {
  add(key: string, points: number): MaybePromise<Tally>;
  peek(key: string): MaybePromise<Tally | null>;
  lock(key: string, count: number, seconds: number): MaybePromise<void>;
  /** Gives one counted point back to an open window (an attempt that turned out right). */
  refund(key: string): MaybePromise<void>;
  clear(key: string): MaybePromise<void>;
  close?(): Promise<void>;
}

/** A counter on windows kept in this process: MemoryWindows, or SharedWindows (reconciled with Redis in batches). */
function windowsCounter(windows: MemoryWindows | SharedWindows): Counter {
  return {
    add: (key, points) => windows.add(key, points),
    peek: (key) => windows.peek(key),
    lock: (key, count, seconds) => windows.set(key, count, seconds * 1000),
    refund: (key) => windows.refund(key),
    clear: (key) => windows.delete(key),
    close: 'close' in windows ? () => windows.close() : undefined,
  };
}

function redisCounter(name: LimitName, spec: LimitSpec, redis: Redis): Counter {
  const limiter = new RateLimiterRedis({
    points: spec.points,
    duration: spec.durationSec,
    keyPrefix: `rl:${name}`,
    storeClient: redis,
    useRedisPackage: false,
  });
  const tally = (res: { consumedPoints: number; msBeforeNext: number }): Tally => ({
    count: res.consumedPoints,
    msLeft: res.msBeforeNext,
  });
  return {
    // `penalty` counts without refusing; the limit is compared here, as for the memory windows
    add: async (key, points) => tally(await limiter.penalty(key, points)),
    peek: async (key) => {
      const res = await limiter.get(key);
      return res ? tally(res) : null;
    },
    lock: async (key, _count, seconds) => {
      await limiter.block(key, seconds);
    },
    refund: async (key) => {
      await limiter.reward(key, 1);
    },
    clear: async (key) => {
      await limiter.delete(key);
    },
  };
}

export interface RateLimitsOptions {
  /** `strict`: every limit counted in Redis on every call (the path before issue 17; the benchmark's "before") */
  redisMode?: 'batched' | 'strict';
  /** flush interval of the approximate limits (ms) */
  flushMs?: number;
}

/** A limit's spec: the override, else the default; `perAccount` follows an overridden `perCaller` (×3). */
function specOf(name: LimitName, overrides: Partial<Record<LimitName, LimitSpec>>): LimitSpec {
  const given = overrides[name];
  if (given) return given;
  if (name === 'perAccount' && overrides.perCaller)
    return { points: overrides.perCaller.points * 3, durationSec: overrides.perCaller.durationSec };
  return defaultLimits[name];
}

export class RateLimits {
  private readonly limits = new Map<LimitName, { spec: LimitSpec; counter: Counter }>();

  constructor(
    overrides: Partial<Record<LimitName, LimitSpec>> = {},
    redis: Redis | null = null,
    options: RateLimitsOptions = {},
  ) {
    for (const name of Object.keys(defaultLimits) as LimitName[]) {
      const spec = specOf(name, overrides);
      const counter = !redis
        ? windowsCounter(new MemoryWindows(spec.durationSec * 1000))
        : APPROXIMATE_LIMITS.has(name) && options.redisMode !== 'strict'
          ? windowsCounter(
              new SharedWindows(redis, `rl:${name}:shared:`, spec.durationSec * 1000, { flushMs: options.flushMs }),
            )
          : redisCounter(name, spec, redis);
      this.limits.set(name, { spec, counter });
    }
  }

  /** Sends what the approximate limits counted and stops their timers (the app's close). */
  async close(): Promise<void> {
    await Promise.all([...this.limits.values()].map(({ counter }) => counter.close?.().catch(() => undefined)));
  }

  private get(name: LimitName) {
    const entry = this.limits.get(name);
    if (!entry) throw new Error(`unknown limit ${name}`);
    return entry;
  }

  /**
   * Counts one attempt; throws `request.too_frequent` (429) past the limit. Synchronous with the
   * memory counters (the hot path of every call), a promise with Redis.
   */
  consume(name: LimitName, key: string, points = 1): MaybePromise<void> {
    const { spec, counter } = this.get(name);
    return andThen(counter.add(key, points), (tally) => {
      if (tally.count > spec.points) throw tooFrequent(tally.msLeft);
    });
  }

  /** Throws 429 while a failures counter is locked out; counts nothing. */
  async assertNotLocked(name: LimitName, key: string): Promise<void> {
    const { spec, counter } = this.get(name);
    const tally = await counter.peek(key);
    if (tally && tally.count >= spec.points) throw tooFrequent(tally.msLeft);
  }

  /**
   * Checks a secret under a failures limit (docs/api.md §1.7). The attempt is counted BEFORE `verify`
   * runs (one atomic add), so a parallel burst has at most the limit's attempts evaluated: the
   * rest answer 429 without touching the hash. A right secret gives its point back (`reset`
   * clears the key instead, for logins); a wrong one that leaves the key at the limit starts the
   * lock-out. A `verify` that throws gives its point back and rethrows.
   */
  async guard(
    name: LimitName,
    key: string,
    verify: () => Promise<boolean>,
    onSuccess: 'refund' | 'reset' = 'refund',
  ): Promise<{ ok: true } | { ok: false; attemptsLeft: number }> {
    const { spec, counter } = this.get(name);
    const tally = await counter.add(key, 1);
    if (tally.count > spec.points) throw tooFrequent(tally.msLeft);
    let ok: boolean;
    try {
      ok = await verify();
    } catch (error) {
      await counter.refund(key);
      throw error;
    }
    if (ok) {
      await (onSuccess === 'reset' ? counter.clear(key) : counter.refund(key));
      return { ok: true };
    }
    const now = await counter.peek(key);
    if (spec.blockSec && now && now.count >= spec.points) await counter.lock(key, spec.points + 1, spec.blockSec);
    return { ok: false, attemptsLeft: Math.max(0, spec.points - tally.count) };
  }

  /** Records one failure; the failure that reaches the limit starts the lock-out. Returns attempts left. */
  async recordFailure(name: LimitName, key: string): Promise<number> {
    const { spec, counter } = this.get(name);
    const tally = await counter.add(key, 1);
    if (tally.count >= spec.points && spec.blockSec) await counter.lock(key, spec.points + 1, spec.blockSec);
    return Math.max(0, spec.points - tally.count);
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.get(name).counter.clear(key);
  }
}
