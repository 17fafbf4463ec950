/** Upload rows (docs/api.md §17). Drizzle queries only; every function takes the database or a transaction. */
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { uploads, type UploadRow } from './uploads.tables.js';

export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id));
  return rows[0] ?? null;
}

/** The upload's row, locked until the transaction ends (a claim). */
export async function lockUpload(tx: Tx, id: string): Promise<UploadRow | null> {
  const rows = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
  return rows[0] ?? null;
}

export async function markUsed(db: Db, id: string, usedBy: string, at: Date): Promise<void> {
  await db.update(uploads).set({ usedAt: at, usedBy }).where(eq(uploads.id, id));
}

/**
 * Marks up to `limit` uploads deleted that are unused and created at or before `cutoff`, and
 * returns their storage keys. Rows locked by a claim in progress are skipped (SKIP LOCKED), so a
 * claim and the cleanup never both win.
 */
export async function markUnusedDeleted(
  db: Db,
  cutoff: Date,
  at: Date,
  limit: number,
): Promise<{ id: string; storageKey: string }[]> {
  const due = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.usedAt), isNull(uploads.deletedAt), lte(uploads.createdAt, cutoff)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(uploads)
    .set({ deletedAt: at })
    .where(and(inArray(uploads.id, due), isNull(uploads.usedAt), isNull(uploads.deletedAt)))
    .returning({ id: uploads.id, storageKey: uploads.storageKey });
}
