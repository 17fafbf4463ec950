import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, post, TEST_INVITE, useTestApp } from '../test/harness.js';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.js';
import { DomainError } from './errors.js';
import { RateLimits } from './rate-limit.js';

// The limits of docs/api.md §1.7 as shipped, not the relaxed ones other tests use.
const t = useTestApp({});

async function register(ip: string) {
  const phone = newPhone();
  const r = await post(
    t.app,
    '/user/register',
    {
      phone,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      inviteCode: TEST_INVITE,
      agreementAccepted: true,
    },
    {},
    ip,
  );
  return { r, phone };
}

describe('rate limits (docs/api.md §1.7)', () => {
  it('allows 5 registrations per IP per hour, then answers 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await register('10.0.0.1')).r);
    expect(answers.slice(0, 5).every((a) => a.body.status === 1)).toBe(true);
    const sixth = answers[5];
    expect(sixth?.http).toBe(429);
    expect(sixth?.body.code).toBe('request.too_frequent');
    expect(Number(sixth?.headers['retry-after'])).toBeGreaterThan(0);
    expect((sixth?.body.params as { seconds: string }).seconds).toBe(sixth?.headers['retry-after']);
    // Another address is not affected.
    expect((await register('10.0.0.2')).r.body.status).toBe(1);
  });

  it('locks an account for 15 minutes after 5 failed logins, even for the right password', async () => {
    const { phone } = await register('10.0.0.3');
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post(t.app, '/user/login', { account: phone, password: 'Wrong1234' }, {}, `10.1.0.${i}`)).body.code,
      ).toBe('auth.wrong_credentials');
    }
    const locked = await post(t.app, '/user/login', { account: phone, password: 'Secret123' }, {}, '10.1.0.9');
    expect(locked.http).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 429 past 20 calls per second for one session', async () => {
    const { r } = await register('10.0.0.4');
    const data = r.body.data as { token: string; account: string };
    const headers = { token: data.token, account: data.account };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(t.app, '/user/getUserinfo', {}, headers, '10.0.0.4')),
    );
    const limited = answers.filter((a) => a.http === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.http === 200).length).toBeLessThanOrEqual(20);
  });
});

// The counters themselves, on both stores: in memory (one instance) and in Redis (several).
const redisUp = await redisReachable();

describe.each([
  { store: 'memory', redis: false },
  { store: 'Redis', redis: true },
])('the rate counters in $store', ({ redis: useRedis }) => {
  let redis: Redis | null = null;
  let limits: RateLimits;
  beforeAll(() => {
    if (useRedis) redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    limits = new RateLimits({ perCaller: { points: 3, durationSec: 5 } }, redis);
  });
  afterAll(() => redis?.disconnect());
  const key = () => `test:${randomUUID()}`;

  it.skipIf(useRedis && !redisUp)(
    'let the limit through, then refuse with the seconds left in the window',
    async () => {
      const caller = key();
      for (let i = 0; i < 3; i += 1) await limits.consume('perCaller', caller);
      const refused = await (async () => limits.consume('perCaller', caller))().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).code).toBe('request.too_frequent');
      expect(Number((refused as DomainError).params.seconds)).toBeGreaterThanOrEqual(1);
      expect(Number((refused as DomainError).params.seconds)).toBeLessThanOrEqual(5);
      // another caller has its own window
      await limits.consume('perCaller', key());
    },
  );

  it.skipIf(useRedis && !redisUp)('lock a failures counter at the limit until it is reset', async () => {
    const account = key();
    await limits.assertNotLocked('loginFailures', account);
    for (let left = 4; left >= 0; left -= 1) expect(await limits.recordFailure('loginFailures', account)).toBe(left);
    await expect(limits.assertNotLocked('loginFailures', account)).rejects.toMatchObject({
      code: 'request.too_frequent',
    });
    const seconds = await limits
      .assertNotLocked('loginFailures', account)
      .catch((error: DomainError) => Number(error.params.seconds));
    expect(seconds).toBeGreaterThan(14 * 60);
    await limits.reset('loginFailures', account);
    await limits.assertNotLocked('loginFailures', account);
  });

  it.skipIf(useRedis && !redisUp)(
    'guard: count a burst before verifying, give a right guess its point back (issue 18)',
    async () => {
      const account = key();
      let verified = 0;
      const slowWrong = async () => {
        verified += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return false;
      };
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, () => limits.guard('fundPasswordFailures', account, slowWrong)),
      );
      expect(verified).toBe(5);
      expect(results.filter((r) => r.status === 'rejected').length).toBe(7);
      const lefts = results
        .flatMap((r) => (r.status === 'fulfilled' && !r.value.ok ? [r.value.attemptsLeft] : []))
        .sort();
      expect(lefts).toEqual([0, 1, 2, 3, 4]);
      await expect(limits.assertNotLocked('fundPasswordFailures', account)).rejects.toMatchObject({
        code: 'request.too_frequent',
      });
      // right guesses never use up attempts
      const other = key();
      for (let i = 0; i < 8; i += 1)
        expect(await limits.guard('fundPasswordFailures', other, async () => true)).toEqual({ ok: true });
      expect(await limits.guard('fundPasswordFailures', other, async () => false)).toEqual({
        ok: false,
        attemptsLeft: 4,
      });
    },
  );

  it.runIf(!useRedis)('answer a call within the limit at once, without a promise', () => {
    expect(limits.consume('perCaller', key())).toBeUndefined();
  });
});
