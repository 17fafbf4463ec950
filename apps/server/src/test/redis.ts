/** The local Redis for the cross-instance tests; CI starts it (.ci/run), a machine without it skips those tests. */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` (the e2e tests probe theirs with it too, e2e/services.ts). */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined); // a refused connection is the answer, told by connect() below
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
