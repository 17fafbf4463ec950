/**
 * User sessions: opaque 256-bit tokens, stored as SHA-256, idle expiry 24 h and absolute
 * expiry 30 days (docs/api.md §1.2). The `account` header must equal the session's account.
 */
import type { Clock } from '../../platform/clock.js';
import { KNOWN_DEVICE_DAYS, type SessionItem } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import type { SignInClient } from '../../platform/device.js';
import { DomainError } from '../../platform/errors.js';
import type { UserSession } from '../../platform/http.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import type { AuthCache, CachedSession } from './auth-cache.js';
import * as repo from './sessions.repository.js';

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is rewritten at most once a minute so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSession(
  db: Db,
  clock: Clock,
  userId: string,
  client: SignInClient = { device: '', ip: '' },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await repo.insertSession(db, {
    id: newId('s'),
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    device: client.device,
    ip: client.ip,
  });
  return { token, expiresAt };
}

/**
 * Whether the account opened a session from this device (browser and system) and network in the
 * last 90 days (§23.8). A client we can name nothing of is never "known", so it is always reported.
 */
export async function isKnownDevice(db: Db, clock: Clock, userId: string, client: SignInClient): Promise<boolean> {
  if (client.device === '' && client.ip === '') return false;
  const since = new Date(clock.now().getTime() - KNOWN_DEVICE_DAYS * DAY_MS);
  return repo.hasSessionFrom(db, userId, client.device, client.ip, since);
}

/** `/user/sessions`: the live sessions (not ended, not expired by either limit), the caller's marked. */
export async function listSessions(db: Db, clock: Clock, userId: string, currentId: string): Promise<SessionItem[]> {
  const now = clock.now();
  const rows = await repo.liveSessionsOfUser(db, userId, now);
  return rows
    .filter((r) => r.lastSeenAt.getTime() + SESSION_IDLE_MS > now.getTime())
    .map((r) => ({
      id: r.id,
      current: r.id === currentId,
      device: r.device,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    }));
}

/** `/user/sessionRevoke`: one of the user's own sessions, else record.not_found (another's id included). */
export async function revokeOwnSession(
  db: Db,
  clock: Clock,
  authCache: AuthCache,
  userId: string,
  sessionId: string,
): Promise<void> {
  if (!(await repo.revokeOwnSession(db, userId, sessionId, clock.now()))) throw new DomainError('record.not_found');
  authCache.invalidateSession(sessionId);
}

/**
 * The session a `token`/`account` pair opens, or null. Answers synchronously when the session is
 * cached and needs no `lastSeenAt` write (nearly every call): authenticated reads then pay no
 * promise for it. A database read or a touch makes it a promise.
 */
export function authenticate(
  db: Db,
  clock: Clock,
  authCache: AuthCache,
  token: string,
  account: string,
): UserSession | null | Promise<UserSession | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = authCache.session(tokenHash);
  return cached
    ? checkSession(db, clock, authCache, tokenHash, cached, account)
    : authenticateFromDatabase(db, clock, authCache, tokenHash, account);
}

async function authenticateFromDatabase(
  db: Db,
  clock: Clock,
  authCache: AuthCache,
  tokenHash: string,
  account: string,
): Promise<UserSession | null> {
  const readStartedAt = Date.now();
  const row = await repo.findActiveSessionByHash(db, tokenHash);
  if (!row || row.revokedAt) return null;
  const session: CachedSession = {
    sessionId: row.id,
    userId: row.userId,
    phone: row.phone,
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
  authCache.putSession(tokenHash, session, readStartedAt);
  return checkSession(db, clock, authCache, tokenHash, session, account);
}

/** Account match, absolute and idle expiry; touches `lastSeenAt` at most once a minute. */
function checkSession(
  db: Db,
  clock: Clock,
  authCache: AuthCache,
  tokenHash: string,
  session: CachedSession,
  account: string,
): UserSession | null | Promise<UserSession> {
  if (session.phone !== account) return null;
  const now = clock.now().getTime();
  if (session.expiresAt <= now) return null;
  if (session.lastSeenAt + SESSION_IDLE_MS <= now) return null;
  const found: UserSession = { userId: session.userId, account: session.phone, sessionId: session.sessionId };
  if (now - session.lastSeenAt < TOUCH_EVERY_MS) return found;
  return repo.touchSession(db, session.sessionId, new Date(now)).then(() => {
    authCache.touched(tokenHash, now);
    return found;
  });
}

export async function revokeSession(db: Db, clock: Clock, authCache: AuthCache, sessionId: string): Promise<void> {
  authCache.invalidateSession(sessionId);
  await repo.revokeSession(db, sessionId, clock.now());
}

export async function revokeUserSessions(
  db: Db,
  clock: Clock,
  authCache: AuthCache,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  authCache.invalidateUser(userId);
  await repo.revokeUserSessions(db, userId, clock.now(), exceptSessionId);
}
