/** Drizzle queries of the day-trading applications (docs/api.md §9.8). */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { dayTradingApplications } from './day-trading.tables.js';

export type DayTradingRow = typeof dayTradingApplications.$inferSelect;
export type NewDayTradingRow = typeof dayTradingApplications.$inferInsert;

export async function latestOf(db: Db, userId: string): Promise<DayTradingRow | null> {
  const [row] = await db
    .select()
    .from(dayTradingApplications)
    .where(eq(dayTradingApplications.userId, userId))
    .orderBy(desc(dayTradingApplications.submittedAt), desc(dayTradingApplications.id))
    .limit(1);
  return row ?? null;
}

export async function hasPending(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dayTradingApplications.id })
    .from(dayTradingApplications)
    .where(and(eq(dayTradingApplications.userId, userId), eq(dayTradingApplications.state, 'pending')));
  return row !== undefined;
}

export async function insertApplication(tx: Tx, row: NewDayTradingRow): Promise<void> {
  await tx.insert(dayTradingApplications).values(row);
}

/** Writes a review decision (state, reviewer, time, reason) on the application. */
export async function decide(tx: Tx, id: string, decision: Partial<NewDayTradingRow>): Promise<void> {
  await tx.update(dayTradingApplications).set(decision).where(eq(dayTradingApplications.id, id));
}
