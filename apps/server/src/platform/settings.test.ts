import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.js';
import { openTestDatabase } from '../test/test-db.js';
import { systemClock } from './clock.js';
import { transaction, type Database } from './db.js';
import { Settings } from './settings.js';

const KEY = 'display.title';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function loaded(): Promise<Settings> {
  const settings = new Settings(database.db, systemClock);
  await settings.load();
  return settings;
}

describe('a settings change', () => {
  it('reaches the cache only once its transaction has committed', async () => {
    const settings = await loaded();
    const before = settings.get(KEY);
    const version = settings.version;
    await expect(
      transaction(database.db, async (tx) => {
        const { item } = await settings.set(tx, KEY, 'Rolled back title', 'a_test');
        expect(item.value).toBe('Rolled back title');
        throw new Error('the audit write failed');
      }),
    ).rejects.toThrow('the audit write failed');
    expect(settings.get(KEY)).toBe(before);
    expect(settings.version).toBe(version);

    const { publish } = await transaction(database.db, (tx) => settings.set(tx, KEY, 'Committed title', 'a_test'));
    expect(settings.get(KEY)).toBe(before);
    publish();
    expect(settings.get(KEY)).toBe('Committed title');
    expect(settings.version).toBe(version + 1);
  });

  it('a reload that finds nothing new keeps the version (derived caches are not rebuilt)', async () => {
    const settings = await loaded();
    const version = settings.version;
    await settings.load();
    expect(settings.version).toBe(version);
    const other = await loaded();
    const { publish } = await transaction(database.db, (tx) => other.set(tx, KEY, 'Changed elsewhere', 'a_test'));
    publish();
    await settings.load();
    expect(settings.get(KEY)).toBe('Changed elsewhere');
    expect(settings.version).toBe(version + 1);
  });
});

// CI starts Redis (.ci/run); a machine without it skips only this cross-instance check.
describe.skipIf(!(await redisReachable()))('across instances (Redis pub/sub)', () => {
  const connections: Redis[] = [];
  const detach: (() => void)[] = [];
  afterAll(() => {
    detach.forEach((d) => d());
    connections.forEach((c) => c.disconnect());
  });

  it('a change committed on one instance is served by the other without a restart', async () => {
    const [a, b] = [await loaded(), await loaded()];
    const [ra, rb] = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)];
    connections.push(ra, rb);
    const errors: unknown[] = [];
    // the periodic reload is set far out, so only the message can explain b's new value
    detach.push(
      a.attachRedis(ra, (e) => errors.push(e), 3_600_000),
      b.attachRedis(rb, (e) => errors.push(e), 3_600_000),
    );
    await new Promise((r) => setTimeout(r, 200)); // both subscriptions are live

    const title = `Title ${Date.now()}`;
    const { publish } = await transaction(database.db, (tx) => a.set(tx, KEY, title, 'a_test'));
    expect(b.get(KEY)).not.toBe(title);
    publish();
    await expect.poll(() => b.get(KEY), { timeout: 5_000 }).toBe(title);
    expect(errors).toEqual([]);
  });
});
