/** Queries of back-office accounts and their sessions (docs/api.md §19.1). */
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { adminSessions, admins } from './admin.tables.js';

export type AdminRow = typeof admins.$inferSelect;
export type AdminSessionRow = typeof adminSessions.$inferSelect;

export async function findAdminByUsername(db: Db, username: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.username, username));
  return row ?? null;
}

/** The account's row by exact username, locked until the transaction ends. */
export async function lockAdminByUsername(tx: Tx, username: string): Promise<AdminRow | null> {
  const [row] = await tx.select().from(admins).where(eq(admins.username, username)).for('update');
  return row ?? null;
}

export async function adminsByUsername(db: Db): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(asc(admins.username));
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return Number(row?.n ?? 0);
}

export async function insertAdmin(db: Db, row: typeof admins.$inferInsert): Promise<void> {
  await db.insert(admins).values(row);
}

export async function setAdminDisabledFlag(db: Db, adminId: string, disabled: boolean): Promise<void> {
  await db.update(admins).set({ disabled }).where(eq(admins.id, adminId));
}

/** Sets or clears the TOTP secret and forgets the last accepted step. */
export async function setTotpSecret(db: Db, adminId: string, secretBase32: string | null): Promise<void> {
  await db.update(admins).set({ totpSecret: secretBase32, totpLastStep: null }).where(eq(admins.id, adminId));
}

/**
 * Records `step` as the last accepted TOTP step if it is after the stored one; false when it is
 * not (a replay, or a concurrent login that used the code first: one conditional update).
 */
export async function advanceTotpStep(db: Db, adminId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return updated.length === 1;
}

export async function insertAdminSession(db: Db, row: typeof adminSessions.$inferInsert): Promise<void> {
  await db.insert(adminSessions).values(row);
}

/** The session with this token hash, not revoked, with its admin. */
export async function liveSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<{ s: AdminSessionRow; a: AdminRow } | null> {
  const [row] = await db
    .select({ s: adminSessions, a: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
  return row ?? null;
}

export async function touchAdminSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: at }).where(eq(adminSessions.id, sessionId));
}

export async function revokeAdminSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.update(adminSessions).set({ revokedAt: at }).where(eq(adminSessions.id, sessionId));
}

/** Revokes every open session of the admin; returns how many. */
export async function revokeOpenAdminSessions(db: Db, adminId: string, at: Date): Promise<number> {
  const revoked = await db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  return revoked.length;
}
