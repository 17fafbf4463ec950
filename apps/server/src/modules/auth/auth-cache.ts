/**
 * The read-through cache behind every authenticated call: token hash → session, user id → user
 * row. Without it each authenticated read costs two database round trips (docs/performance.md).
 *
 * Correctness rests on invalidation, not on the TTL:
 * - every session revocation and every `users` update invalidates the entries it touches
 *   (sessions.service, users.repository), and publishes the invalidation to the other instances
 *   when Redis is configured (`attachRedisInvalidation`);
 * - an invalidation also forbids re-caching that user for `QUIET_MS`, so a read that raced the
 *   still-uncommitted change cannot put the old row back;
 * - the TTL (30 s) only bounds the damage of a lost pub/sub message between instances.
 * One cache per app: the kernel (kernel/build.ts) creates it and hands it to everything that reads or writes `users`
 * or sessions (the repository's `findUserCached` and `updateUser` take it), so two apps in one
 * process (tests) neither share entries nor overwrite each other's Redis link.
 */
import type { Redis } from 'ioredis';
import { channelName } from '../../platform/redis.js';
import type { UserRow } from './users.repository.js';

export interface CachedSession {
  sessionId: string;
  userId: string;
  phone: string;
  lastSeenAt: number;
  expiresAt: number;
}

const TTL_MS = 30_000;
const QUIET_MS = 5_000;

export interface AuthCacheOptions {
  /**
   * How long after an invalidation a user may not be cached again (5 s). A test that measures
   * the warm path right after changing its user sets 0 instead of clearing the cache.
   */
  quietMs?: number;
}
const MAX_ENTRIES = 50_000;
const CHANNEL = 'auth-cache:invalidate';

interface Stamped<T> {
  value: T;
  cachedAt: number;
}

type Invalidation = { kind: 'user'; id: string } | { kind: 'session'; id: string };

export class AuthCache {
  private readonly sessions = new Map<string, Stamped<CachedSession>>();
  private readonly users = new Map<string, Stamped<UserRow>>();
  /** userId → wall time before which nothing of that user may be cached again */
  private readonly quietUntil = new Map<string, number>();
  private publish: ((message: Invalidation) => void) | null = null;
  private readonly quietMs: number;

  constructor(options: AuthCacheOptions = {}) {
    this.quietMs = options.quietMs ?? QUIET_MS;
  }

  session(tokenHash: string): CachedSession | null {
    return this.fresh(this.sessions, tokenHash);
  }

  user(userId: string): UserRow | null {
    return this.fresh(this.users, userId);
  }

  /** `readStartedAt`: wall time taken before the database read that produced the value. */
  putSession(tokenHash: string, value: CachedSession, readStartedAt: number): void {
    if (this.isQuiet(value.userId, readStartedAt)) return;
    this.put(this.sessions, tokenHash, value);
  }

  putUser(row: UserRow, readStartedAt: number): void {
    if (this.isQuiet(row.id, readStartedAt)) return;
    this.put(this.users, row.id, row);
  }

  /** Sessions or profile of a user changed (revocation, restriction, password, any update). */
  invalidateUser(userId: string): void {
    this.dropUser(userId);
    this.publish?.({ kind: 'user', id: userId });
  }

  /** One session ended (logout). */
  invalidateSession(sessionId: string): void {
    this.dropSession(sessionId);
    this.publish?.({ kind: 'session', id: sessionId });
  }

  /** Keeps the cached idle clock in step with the database after a touch. */
  touched(tokenHash: string, at: number): void {
    const entry = this.sessions.get(tokenHash);
    if (entry) entry.value.lastSeenAt = at;
  }

  /** Fans invalidations out to every instance of this deployment (REDIS_PREFIX) sharing the Redis server. */
  attachRedisInvalidation(redis: Redis): () => void {
    const channel = channelName(redis, CHANNEL);
    const subscriber = redis.duplicate();
    void subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, text: string) => {
      const message = JSON.parse(text) as Invalidation;
      if (message.kind === 'user') this.dropUser(message.id);
      else this.dropSession(message.id);
    });
    this.publish = (message) => void redis.publish(channel, JSON.stringify(message));
    return () => {
      this.publish = null;
      subscriber.disconnect();
    };
  }

  private dropUser(userId: string): void {
    this.users.delete(userId);
    this.quietUntil.set(userId, Date.now() + this.quietMs);
    for (const [hash, entry] of this.sessions) if (entry.value.userId === userId) this.sessions.delete(hash);
  }

  private dropSession(sessionId: string): void {
    for (const [hash, entry] of this.sessions) {
      if (entry.value.sessionId === sessionId) {
        this.sessions.delete(hash);
        this.quietUntil.set(entry.value.userId, Date.now() + this.quietMs);
      }
    }
  }

  private isQuiet(userId: string, readStartedAt: number): boolean {
    const until = this.quietUntil.get(userId);
    if (until === undefined) return false;
    if (until > readStartedAt) return true;
    this.quietUntil.delete(userId);
    return false;
  }

  private fresh<T>(map: Map<string, Stamped<T>>, key: string): T | null {
    const entry = map.get(key);
    if (!entry) return null;
    if (Date.now() - entry.cachedAt > TTL_MS) {
      map.delete(key);
      return null;
    }
    return entry.value;
  }

  private put<T>(map: Map<string, Stamped<T>>, key: string, value: T): void {
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, { value, cachedAt: Date.now() });
  }
}
