/**
 * Redis helpers shared by the instances of one deployment. ioredis prefixes keys with the
 * client's `keyPrefix` (REDIS_PREFIX) but not pub/sub channels, so every channel name goes
 * through `channelName`: two deployments (or two test runs) on one Redis server hear only
 * their own messages.
 */
import type { Redis } from 'ioredis';

export function channelName(redis: Redis, name: string): string {
  return `${redis.options.keyPrefix ?? ''}${name}`;
}
