/**
 * Rate limits of API.md §1.7. In one process the counters live in memory; with REDIS_URL they
 * live in Redis so every instance shares them. "Failures" limits count only refused attempts
 * and then lock the key for a fixed time after the last counted failure.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from './errors.js';

export interface LimitSpec {
  points: number;
  durationSec: number;
  /** Lock-out after the limit is reached, for failure counters. */
  blockSec?: number;
}

export const defaultLimits = {
  perCaller: { points: 20, durationSec: 1 },
  loginFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  registerPerIp: { points: 5, durationSec: 60 * 60 },
  fundPasswordFailures: { points: 5, durationSec: 24 * 60 * 60, blockSec: 24 * 60 * 60 },
  adminLoginFailures: { points: 5, durationSec: 15 * 60, blockSec: 15 * 60 },
  /** `/upload/image`, per account: 30 per hour, every attempt counted (§1.7, §1.11). */
  uploadPerAccount: { points: 30, durationSec: 60 * 60 },
  /** deposit, withdraw and exchange requests, per account: 10 a minute (choice, docs/decisions.md) */
  moneyCalls: { points: 10, durationSec: 60 },
  /** `/trade/buy`, `/trade/close`, `/trade/cancel`, per account: 1 per rolling second each, separate allowances (§1.7, §1.11) */
  buyPerAccount: { points: 1, durationSec: 1 },
  closePerAccount: { points: 1, durationSec: 1 },
  cancelPerAccount: { points: 1, durationSec: 1 },
} satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof defaultLimits;

function tooFrequent(msBeforeNext: number): DomainError {
  return new DomainError('request.too_frequent', { seconds: String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
}

export class RateLimits {
  private readonly limiters = new Map<LimitName, { spec: LimitSpec; limiter: RateLimiterAbstract }>();

  constructor(overrides: Partial<Record<LimitName, LimitSpec>> = {}, redis: Redis | null = null) {
    for (const name of Object.keys(defaultLimits) as LimitName[]) {
      const spec = overrides[name] ?? defaultLimits[name];
      const options = { points: spec.points, duration: spec.durationSec, keyPrefix: `rl:${name}` };
      const limiter = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false })
        : new RateLimiterMemory(options);
      this.limiters.set(name, { spec, limiter });
    }
  }

  private get(name: LimitName) {
    const entry = this.limiters.get(name);
    if (!entry) throw new Error(`unknown limit ${name}`);
    return entry;
  }

  /** Counts one attempt; throws `request.too_frequent` (429) past the limit. */
  async consume(name: LimitName, key: string): Promise<void> {
    try {
      await this.get(name).limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooFrequent(error.msBeforeNext);
      throw error;
    }
  }

  /** Throws 429 while a failures counter is locked out; counts nothing. */
  async assertNotLocked(name: LimitName, key: string): Promise<void> {
    const { spec, limiter } = this.get(name);
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= spec.points) throw tooFrequent(res.msBeforeNext);
  }

  /** Records one failure; the failure that reaches the limit starts the lock-out. Returns attempts left. */
  async recordFailure(name: LimitName, key: string): Promise<number> {
    const { spec, limiter } = this.get(name);
    const res = await limiter.penalty(key, 1);
    if (res.consumedPoints >= spec.points && spec.blockSec) {
      await limiter.block(key, spec.blockSec);
    }
    return Math.max(0, spec.points - res.consumedPoints);
  }

  async reset(name: LimitName, key: string): Promise<void> {
    await this.get(name).limiter.delete(key);
  }
}
