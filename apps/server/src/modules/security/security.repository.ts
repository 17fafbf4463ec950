/** Queries of two-step verification (docs/api.md §23.1): each one-use rule is one conditional update. */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { loginChallenges, recoveryCodes, userTotp } from './security.tables.js';

export type TotpRow = typeof userTotp.$inferSelect;

export async function findTotp(db: Db, userId: string): Promise<TotpRow | null> {
  const rows = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return rows[0] ?? null;
}

/** A new pending secret, replacing an earlier pending one (the enabled secret, if any, stays). */
export async function putPendingSecret(db: Db, userId: string, sealed: string, now: Date): Promise<void> {
  await db
    .insert(userTotp)
    .values({ userId, pendingSecret: sealed, updatedAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: sealed, updatedAt: now } });
}

/** The pending secret becomes the secret, with the step of the code that confirmed it used up. */
export async function enableTotp(tx: Tx, userId: string, pendingSealed: string, step: number, now: Date) {
  const rows = await tx
    .update(userTotp)
    .set({ secret: pendingSealed, pendingSecret: null, lastStep: step, enabledAt: now, updatedAt: now })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.pendingSecret, pendingSealed)))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

/**
 * Uses up `step` for the user's secret: true only when it is later than the last used step. One
 * statement, so two requests with the same code cannot both pass (the second waits for the
 * first's row lock and then finds the step used).
 */
export async function useStep(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, updatedAt: now })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function deleteTotp(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(
  tx: Tx,
  userId: string,
  rows: { id: string; codeHash: string }[],
  now: Date,
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(rows.map((r) => ({ ...r, userId, createdAt: now })));
}

/** Marks an unused recovery code used: true once, false for an unknown or used code. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function insertChallenge(
  db: Db,
  row: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values(row);
}

/**
 * Takes one attempt of a live challenge (unused, not expired, attempts left): the attempt is
 * counted before the code is evaluated, in one statement, so of any number of parallel requests
 * at most `max` evaluate a code. Null when the challenge cannot take another.
 */
export async function claimChallengeAttempt(
  db: Db,
  id: string,
  now: Date,
  max: number,
): Promise<{ userId: string; attempts: number } | null> {
  const rows = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, id),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, max),
      ),
    )
    .returning({ userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  return rows[0] ?? null;
}

/** Ends a challenge with its right code: true once. */
export async function useChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/** Challenges past their life (kept a day for support questions), removed as new ones start. */
export async function purgeChallenges(db: Db, before: Date): Promise<void> {
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, before));
}
