/** Queries of news items (docs/api.md §6.2–§6.3) and their back-office management. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { news } from './market.tables.js';

export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;

/** One page, newest published first, with the total count; `category` and `publishedOnly` narrow it. */
export async function newsPage(
  db: Db,
  filter: { category?: string; publishedOnly: boolean },
  page: number,
  size: number,
): Promise<{ rows: NewsRow[]; total: number }> {
  const where: SQL | undefined = and(
    filter.category ? eq(news.category, filter.category) : undefined,
    filter.publishedOnly ? eq(news.published, true) : undefined,
  );
  const rows = await db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.createdAt), desc(news.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findPublishedNews(db: Db, id: string): Promise<NewsRow | null> {
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), eq(news.published, true)));
  return row ?? null;
}

/** The item's row, locked until the transaction ends. */
export async function lockNews(tx: Tx, id: string): Promise<NewsRow | null> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
  return row ?? null;
}

/** Inserts an item; an id already there is left as it is (and null returned). */
export async function insertNewsOnce(db: Db, row: NewNewsRow): Promise<NewsRow | null> {
  const [created] = await db.insert(news).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/** The same without reading the row back (the seed's demo items). */
export async function insertNewsIfAbsent(db: Db, row: NewNewsRow): Promise<void> {
  await db.insert(news).values(row).onConflictDoNothing();
}

export async function updateNewsRow(tx: Tx, id: string, patch: Partial<NewNewsRow>): Promise<NewsRow | null> {
  const [row] = await tx.update(news).set(patch).where(eq(news.id, id)).returning();
  return row ?? null;
}

/** A demo item's English title and translations, to fill in translations an older seed did not have. */
export async function findNewsTexts(db: Db, id: string): Promise<Pick<NewsRow, 'title' | 'translations'> | null> {
  const [row] = await db
    .select({ title: news.title, translations: news.translations })
    .from(news)
    .where(eq(news.id, id));
  return row ?? null;
}

/** Sets an item's translations only while it has none (the seed never overwrites an operator's). */
export async function fillNewsTranslations(
  db: Db,
  id: string,
  translations: NewNewsRow['translations'],
): Promise<void> {
  await db
    .update(news)
    .set({ translations })
    .where(and(eq(news.id, id), sql`${news.translations} = '{}'::jsonb`));
}
