/** The snapshot table's SQL (performance.tables.ts). */
import type { Dec } from '@brokerage/contract';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { performanceSnapshots } from './performance.tables.js';

export interface SnapshotRow {
  date: string;
  value: Dec;
  flow: Dec;
  source: 'close' | 'journal';
}

export interface NewSnapshot {
  userId: string;
  currency: string;
  date: string;
  value: Dec;
  flow: Dec;
  source: 'close' | 'journal';
  createdAt: Date;
}

/** Inserts the rows; a row whose (user, currency, date) exists is left as it is. Returns how many were new. */
export async function insertSnapshots(db: Db, rows: NewSnapshot[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insert(performanceSnapshots)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ date: performanceSnapshots.date });
    inserted += out.length;
  }
  return inserted;
}

/** The user's snapshots of `currency` with from ≤ date ≤ to, by date. */
export async function snapshotsBetween(
  db: Db,
  userId: string,
  currency: string,
  from: string,
  to: string,
): Promise<SnapshotRow[]> {
  return db
    .select({
      date: performanceSnapshots.date,
      value: performanceSnapshots.value,
      flow: performanceSnapshots.flow,
      source: performanceSnapshots.source,
    })
    .from(performanceSnapshots)
    .where(
      and(
        eq(performanceSnapshots.userId, userId),
        eq(performanceSnapshots.currency, currency),
        gte(performanceSnapshots.date, from),
        lte(performanceSnapshots.date, to),
      ),
    )
    .orderBy(asc(performanceSnapshots.date));
}

/** Of the given users, those with a snapshot of `currency` on `date`: "user currency" keys. */
export async function snapshotted(db: Db, userIds: string[], date: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: performanceSnapshots.userId, currency: performanceSnapshots.currency })
    .from(performanceSnapshots)
    .where(and(inArray(performanceSnapshots.userId, userIds), eq(performanceSnapshots.date, date)));
  return new Set(rows.map((r) => `${r.userId} ${r.currency}`));
}

/** The user's latest snapshot of `currency` on or before `date`, or null. */
export async function lastSnapshotOnOrBefore(
  db: Db,
  userId: string,
  currency: string,
  date: string,
): Promise<{ date: string; value: Dec } | null> {
  const [row] = await db
    .select({ date: performanceSnapshots.date, value: performanceSnapshots.value })
    .from(performanceSnapshots)
    .where(
      and(
        eq(performanceSnapshots.userId, userId),
        eq(performanceSnapshots.currency, currency),
        lte(performanceSnapshots.date, date),
      ),
    )
    .orderBy(desc(performanceSnapshots.date))
    .limit(1);
  return row ?? null;
}
