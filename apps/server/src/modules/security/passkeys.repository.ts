/** Queries of passkeys (docs/api.md §23.7): each one-use rule is one conditional statement. */
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { passkeyChallenges, passkeys } from './passkeys.tables.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'login';

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function findByCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | null> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return rows[0] ?? null;
}

/** False when the credential id is registered already (to any account). */
export async function insertPasskey(tx: Tx, row: typeof passkeys.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Deletes the user's passkey: false when there is none of that id for that user. */
export async function deletePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/**
 * Records a verified use: the counter moves from `seen` to `next` only if no other sign-in moved
 * it meanwhile (one conditional update). False when it lost that race.
 */
export async function recordUse(db: Db, id: string, seen: number, next: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: next, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, seen)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function insertChallenge(db: Db, row: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Takes a live challenge: deletes it and answers its row, in one statement, so of any number of
 * parallel requests naming it exactly one gets it. Null when unknown, used, expired, of another
 * purpose or (adding a passkey) of another user.
 */
export async function takeChallenge(
  db: Db,
  id: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<{ challenge: string } | null> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
        userId === null ? undefined : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge, userId: passkeyChallenges.userId });
  const row = rows[0];
  if (!row || (userId === null) !== (row.userId === null)) return null;
  return { challenge: row.challenge };
}

/** Challenges past their life, removed as new ones are made. */
export async function purgeChallenges(db: Db, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}
