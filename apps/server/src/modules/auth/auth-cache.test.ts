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
    const r = await post(t.app, '/api/admin/user/restrict', { userId: u.id, action: 'freeze', reason: 'cache test' }, admin);
    expect(r.body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.code).toBe('auth.required');
  });

  it('getUserinfo shows a profile change at once', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ hasFundPassword: false });
    await post(t.app, '/user/setFundPassword', { fundPassword: '135790', confirmFundPassword: '135790', loginPassword: u.password }, u.headers);
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
  afterAll(() => connections.forEach((c) => c.disconnect()));

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
});
