import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { adminLogin, post, registerUser, useTestApp } from '../../test/harness.js';
import { AuthCache } from './auth-cache.js';
import type { UserRow } from './users.repository.js';

const t = useTestApp();

describe('the auth cache never outlives a change', () => {
  it('a cached session stops working the moment an operator freezes the user', async () => {
    const u = await registerUser(t.app);
    // two reads: the second is served from the cache
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.status).toBe(1);
    const admin = await adminLogin(t.app, 'admin');
    const r = await post(
      t.app,
      '/api/admin/user/restrict',
      { userId: u.id, action: 'freeze', reason: 'cache test' },
      admin,
    );
    expect(r.body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.code).toBe('auth.required');
  });

  it('getUserinfo shows a profile change at once', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ hasFundPassword: false });
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '135790', confirmFundPassword: '135790', loginPassword: u.password },
      u.headers,
    );
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ hasFundPassword: true });
  });

  it('logout ends a cached token', async () => {
    const u = await registerUser(t.app);
    await post(t.app, '/user/getUserinfo', {}, u.headers);
    await post(t.app, '/user/logout', {}, u.headers);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.code).toBe('auth.required');
  });
});

function row(id: string): UserRow {
  return { id } as UserRow;
}

// CI starts Redis (.ci/run); a machine without it skips only this cross-instance check.
describe.skipIf(!(await redisReachable()))('invalidation across instances (Redis pub/sub)', () => {
  const connections: Redis[] = [];
  const detachAll: (() => void)[] = [];
  afterAll(() => {
    detachAll.forEach((d) => d());
    connections.forEach((c) => c.disconnect());
  });

  it('an invalidation on one instance drops the entry on the other', async () => {
    const [a, b] = [new AuthCache(), new AuthCache()];
    const [ra, rb] = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
    connections.push(ra, rb);
    const detach = [a.attachRedisInvalidation(ra), b.attachRedisInvalidation(rb)];
    await new Promise((r) => setTimeout(r, 200)); // subscriptions established
    const userId = `u_cache_${Date.now()}`;
    b.putUser(row(userId), Date.now());
    b.putSession('hash-1', { sessionId: 's1', userId, phone: '1', lastSeenAt: 0, expiresAt: 0 }, Date.now());
    expect(b.user(userId)).not.toBeNull();
    a.invalidateUser(userId);
    for (let i = 0; i < 50 && b.user(userId); i++) await new Promise((r) => setTimeout(r, 20));
    expect(b.user(userId)).toBeNull();
    expect(b.session('hash-1')).toBeNull();
    // and b refuses to re-cache what it read while the change was settling
    b.putUser(row(userId), Date.now() - 10);
    expect(b.user(userId)).toBeNull();
    detach.forEach((d) => d());
  });

  it('two deployments with their own REDIS_PREFIX do not hear each other', async () => {
    const [one, two] = [`t-${randomUUID()}:`, `t-${randomUUID()}:`];
    const [a, b, c, d] = [new AuthCache(), new AuthCache(), new AuthCache(), new AuthCache()];
    const links: [AuthCache, string][] = [
      [a, one],
      [b, one],
      [c, two],
      [d, two],
    ];
    for (const [cache, keyPrefix] of links) {
      const client = new Redis(TEST_REDIS_URL, { keyPrefix });
      connections.push(client);
      detachAll.push(cache.attachRedisInvalidation(client));
    }
    await new Promise((r) => setTimeout(r, 200)); // subscriptions established
    const [u1, u2, u3] = [`u_prefix_1_${randomUUID()}`, `u_prefix_2_${randomUUID()}`, `u_prefix_3_${randomUUID()}`];
    for (const cache of [b, c]) for (const id of [u1, u2, u3]) cache.putUser(row(id), Date.now());
    const dropped = async (cache: AuthCache, id: string) => {
      for (let i = 0; i < 100 && cache.user(id); i++) await new Promise((r) => setTimeout(r, 20));
      expect(cache.user(id)).toBeNull();
    };
    // Redis handles one PUBLISH after another: once a later message of one deployment has arrived,
    // an earlier one of the other deployment would have arrived before it, had it been heard.
    a.invalidateUser(u1);
    await dropped(b, u1); // the same deployment hears it
    d.invalidateUser(u2);
    await dropped(c, u2);
    expect(c.user(u1)).not.toBeNull(); // the other deployment did not hear a's message
    a.invalidateUser(u3);
    await dropped(b, u3);
    expect(b.user(u2)).not.toBeNull(); // nor this one d's
  });
});
