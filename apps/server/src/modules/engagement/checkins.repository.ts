/** Queries of the daily check-ins (docs/api.md §16.6). */
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { checkins } from './checkins.tables.js';

export type CheckinRow = typeof checkins.$inferSelect;

/** Inserts the day's row unless it is there: true when this call inserted it (exactly one of concurrent calls). */
export async function insertCheckinOnce(db: Db, row: CheckinRow): Promise<boolean> {
  const inserted = await db
    .insert(checkins)
    .values(row)
    .onConflictDoNothing({ target: [checkins.userId, checkins.day] })
    .returning({ day: checkins.day });
  return inserted.length === 1;
}

export async function countCheckins(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(checkins).where(eq(checkins.userId, userId));
  return Number(row?.n ?? 0);
}

/** The user's check-in days in [from, to] (ISO dates, inclusive), newest first. */
export async function checkinDaysBetween(db: Db, userId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ day: checkins.day })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), gte(checkins.day, from), lte(checkins.day, to)))
    .orderBy(desc(checkins.day));
  return rows.map((r) => r.day);
}

/** The user's check-in days up to `to` (inclusive), newest first, at most `limit` of them. */
export async function checkinDaysUpTo(db: Db, userId: string, to: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ day: checkins.day })
    .from(checkins)
    .where(and(eq(checkins.userId, userId), lte(checkins.day, to)))
    .orderBy(desc(checkins.day))
    .limit(limit);
  return rows.map((r) => r.day);
}
