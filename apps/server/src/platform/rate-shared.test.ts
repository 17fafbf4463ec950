import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.js';
import { DomainError } from './errors.js';
import { RateLimits } from './rate-limit.js';
import { SharedWindows } from './rate-shared.js';

// Two "instances" on one Redis server, each with its own counters: what they count is shared
// after a flush (issue 17 item 3).
const redisUp = await redisReachable();

describe.skipIf(!redisUp)('approximate limits shared through Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    // a key prefix of this file's own, as REDIS_PREFIX gives each deployment
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `t-${randomUUID()}:` });
  });
  afterAll(() => redis.disconnect());

  it("counts locally without waiting, and reads the other instance's counts back at each flush", async () => {
    const a = new SharedWindows(redis, 'w:', 5_000, { flushMs: 10_000 });
    const b = new SharedWindows(redis, 'w:', 5_000, { flushMs: 10_000 });
    const key = randomUUID();
    for (let i = 1; i <= 6; i += 1) expect(a.add(key, 1).count).toBe(i);
    await a.flush();
    // b has not flushed yet: it knows only its own count
    expect(b.add(key, 1).count).toBe(1);
    await b.flush();
    const seen = b.peek(key);
    expect(seen?.count).toBe(7);
    expect(seen?.msLeft).toBeGreaterThan(0);
    expect(seen?.msLeft).toBeLessThanOrEqual(5_000);
    expect(a.add(key, 2).count).toBe(8);
    await a.flush();
    expect(a.peek(key)?.count).toBe(9);
    expect(Number(await redis.get(`w:${key}`))).toBe(9);
    // the window is the key's lifetime in Redis
    const ttl = await redis.pttl(`w:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await a.close();
    await b.close();
  });

  it('refuses on one instance what the caller spent on the other', async () => {
    const spec = { perCaller: { points: 10, durationSec: 30 } };
    const a = new RateLimits(spec, redis, { flushMs: 5 });
    const b = new RateLimits(spec, redis, { flushMs: 5 });
    const caller = `s_${randomUUID()}`;
    for (let i = 0; i < 7; i += 1) a.consume('perCaller', caller);
    await a.close(); // flushed
    // b's first call passes on its local count and reads the shared 8 back with its flush
    b.consume('perCaller', caller);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await b.close();
    b.consume('perCaller', caller);
    b.consume('perCaller', caller);
    let refused: unknown = null;
    try {
      b.consume('perCaller', caller);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('request.too_frequent');
    await b.close();
  });

  it('keeps the strict path for secret guesses: each attempt is in Redis before the answer', async () => {
    const a = new RateLimits({}, redis);
    const b = new RateLimits({}, redis);
    const account = randomUUID();
    for (let i = 0; i < 3; i += 1) await a.recordFailure('loginFailures', account);
    expect(await b.recordFailure('loginFailures', account)).toBe(1);
    expect(await a.recordFailure('loginFailures', account)).toBe(0);
    await expect(b.assertNotLocked('loginFailures', account)).rejects.toMatchObject({ code: 'request.too_frequent' });
  });
});
