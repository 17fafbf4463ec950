import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { sessions, users } from './auth.tables.js';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findActiveSessionByHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      phone: users.phone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return rows[0] ?? null;
}

export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, at: Date, exceptSessionId?: string): Promise<void> {
  const scope = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: at }).where(scope);
}

/** The account's sessions that are not revoked and not past their absolute end, newest first. */
export async function liveSessionsOfUser(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Whether the account opened a session from this device and network since `since` (ended ones count). */
export async function hasSessionFrom(
  db: Db,
  userId: string,
  device: string,
  ip: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.device, device), eq(sessions.ip, ip), gt(sessions.createdAt, since)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Ends one session of the user; false when it is not theirs, unknown or already ended. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
