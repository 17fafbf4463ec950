/** Watchlist and search-history rows (docs/api.md §8.4–§8.6). */
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { searchHistory, watchlist } from './market.tables.js';

export async function watchlistOf(db: Db, userId: string) {
  return db
    .select()
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(desc(watchlist.addedAt), watchlist.instrumentId);
}

export async function watchedIds(db: Db, userId: string, instrumentIds: string[]): Promise<Set<string>> {
  if (instrumentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: watchlist.instrumentId })
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), inArray(watchlist.instrumentId, instrumentIds)));
  return new Set(rows.map((r) => r.id));
}

export async function watchCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId));
  return row?.n ?? 0;
}

export async function addWatch(db: Db, userId: string, instrumentId: string, at: Date): Promise<void> {
  await db.insert(watchlist).values({ userId, instrumentId, addedAt: at }).onConflictDoNothing();
}

export async function removeWatches(db: Db, userId: string, instrumentIds: string[]): Promise<number> {
  const removed = await db
    .delete(watchlist)
    .where(and(eq(watchlist.userId, userId), inArray(watchlist.instrumentId, instrumentIds)))
    .returning({ id: watchlist.instrumentId });
  return removed.length;
}

/** Adds or moves a keyword to the top and keeps the newest `keep`. */
export async function recordSearch(db: Db, userId: string, keyword: string, at: Date, keep: number): Promise<void> {
  await db
    .insert(searchHistory)
    .values({ userId, keyword, at })
    .onConflictDoUpdate({ target: [searchHistory.userId, searchHistory.keyword], set: { at } });
  const newest = db
    .select({ keyword: searchHistory.keyword })
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(desc(searchHistory.at), searchHistory.keyword)
    .limit(keep);
  await db
    .delete(searchHistory)
    .where(and(eq(searchHistory.userId, userId), notInArray(searchHistory.keyword, newest)));
}

export async function searchHistoryOf(db: Db, userId: string, page: number, size: number) {
  const where = eq(searchHistory.userId, userId);
  const rows = await db
    .select()
    .from(searchHistory)
    .where(where)
    .orderBy(desc(searchHistory.at), searchHistory.keyword)
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(searchHistory).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function clearSearchHistory(db: Db, userId: string): Promise<void> {
  await db.delete(searchHistory).where(eq(searchHistory.userId, userId));
}
