/** Queries of notices and personal messages (docs/api.md §7.5). */
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { notices } from './notices.tables.js';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNoticeRow = typeof notices.$inferInsert;

/** Notices for everyone (`user_id` null). */
const everyone = isNull(notices.userId);

/** What a user sees: published notices for everyone and the user's own messages, newest first. */
export async function noticesOfUser(db: Db, userId: string, limit: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(notices)
    .where(or(and(everyone, eq(notices.published, true)), eq(notices.userId, userId)))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
}

/** An insert that leaves an id already there as it is (seeded notices keep their ids). */
export async function insertNoticeOnce(db: Db, row: NewNoticeRow): Promise<void> {
  await db.insert(notices).values(row).onConflictDoNothing();
}

export async function insertMessage(db: Db, row: NewNoticeRow): Promise<void> {
  await db.insert(notices).values(row);
}

export async function insertNoticeReturning(db: Db, row: NewNoticeRow): Promise<NoticeRow | null> {
  const [created] = await db.insert(notices).values(row).returning();
  return created ?? null;
}

/** One page of the notices for everyone (drafts included), newest first, with their total count. */
export async function everyoneNoticesPage(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const rows = await db
    .select()
    .from(notices)
    .where(everyone)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(notices).where(everyone);
  return { rows, total: total?.n ?? 0 };
}

/** A notice for everyone by id, locked until the transaction ends (never a personal message). */
export async function lockEveryoneNotice(tx: Tx, id: string): Promise<NoticeRow | null> {
  const [row] = await tx
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), everyone))
    .for('update');
  return row ?? null;
}

export async function updateNoticeRow(tx: Tx, id: string, patch: Partial<NewNoticeRow>): Promise<NoticeRow | null> {
  const [row] = await tx.update(notices).set(patch).where(eq(notices.id, id)).returning();
  return row ?? null;
}
