/** Queries of the block-trade module: products and applications. */
import type { Market, ReviewState } from '@brokerage/contract';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { withMoney, type WithMoney } from '../../platform/columns.js';
import type { Db, Tx } from '../../platform/db.js';
import { blockApplications, blockProducts } from './block.tables.js';

/** A product: its deal price is `Money` in the product's currency. */
export type ProductRow = WithMoney<typeof blockProducts.$inferSelect, 'price'>;
export type NewProductRow = typeof blockProducts.$inferInsert;
/** An application: price, amount and fee are `Money` in the application's currency. */
export type ApplicationRow = WithMoney<typeof blockApplications.$inferSelect, 'price' | 'amount' | 'fee'>;
export type NewApplicationRow = typeof blockApplications.$inferInsert;

export const productOf = (row: typeof blockProducts.$inferSelect): ProductRow =>
  withMoney(row, row.currency, ['price']);
export const applicationOf = (row: typeof blockApplications.$inferSelect): ApplicationRow =>
  withMoney(row, row.currency, ['price', 'amount', 'fee']);

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(blockProducts).where(eq(blockProducts.id, id));
  return row ? productOf(row) : null;
}

/** Locks the product against a key rotation or a terms change while an application is checked. */
export async function shareProduct(tx: Tx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select().from(blockProducts).where(eq(blockProducts.id, id)).for('share');
  return row ? productOf(row) : null;
}

export async function lockProduct(tx: Tx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select().from(blockProducts).where(eq(blockProducts.id, id)).for('update');
  return row ? productOf(row) : null;
}

export async function listProducts(
  db: Db,
  market: Market | null,
  page: number,
  size: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = market ? eq(blockProducts.market, market) : undefined;
  const rows = await db
    .select()
    .from(blockProducts)
    .where(where)
    .orderBy(desc(blockProducts.open), asc(blockProducts.code), asc(blockProducts.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(blockProducts).where(where);
  return { rows: rows.map(productOf), total: total?.n ?? 0 };
}

export async function listProductsNewest(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const rows = await db
    .select()
    .from(blockProducts)
    .orderBy(desc(blockProducts.createdAt), desc(blockProducts.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(blockProducts);
  return { rows: rows.map(productOf), total: total?.n ?? 0 };
}

export async function insertProduct(tx: Tx, row: NewProductRow): Promise<ProductRow> {
  const [created] = await tx.insert(blockProducts).values(row).onConflictDoNothing().returning();
  if (!created) throw new Error('block product not inserted');
  return productOf(created);
}

export async function updateProduct(tx: Tx, id: string, patch: Partial<NewProductRow>): Promise<ProductRow> {
  const [row] = await tx.update(blockProducts).set(patch).where(eq(blockProducts.id, id)).returning();
  if (!row) throw new Error(`block product ${id} vanished`);
  return productOf(row);
}

export async function applicationsCountOf(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: blockApplications.productId, n: count() })
    .from(blockApplications)
    .where(inArray(blockApplications.productId, ids))
    .groupBy(blockApplications.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Shares the user applied for today per product, pending and approved (a rejection gives its shares back). */
export async function usedTodayOf(
  db: Db,
  userId: string,
  tradingDays: Map<string, string>,
): Promise<Map<string, number>> {
  if (tradingDays.size === 0) return new Map();
  const rows = await db
    .select({
      id: blockApplications.productId,
      day: blockApplications.tradingDay,
      n: sql<string>`sum(${blockApplications.shares})::text`,
    })
    .from(blockApplications)
    .where(
      and(
        eq(blockApplications.userId, userId),
        inArray(blockApplications.productId, [...tradingDays.keys()]),
        ne(blockApplications.state, 'rejected'),
      ),
    )
    .groupBy(blockApplications.productId, blockApplications.tradingDay);
  const out = new Map<string, number>();
  for (const r of rows) if (tradingDays.get(r.id) === r.day) out.set(r.id, Number(r.n));
  return out;
}

/** Serialises one user's applications to one product (the daily limit is summed, then a row added). */
export async function lockApplicant(tx: Tx, userId: string, productId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`block:${productId}:${userId}`}, 0))`);
}

export async function insertApplication(tx: Tx, row: NewApplicationRow): Promise<ApplicationRow> {
  const [created] = await tx.insert(blockApplications).values(row).returning();
  if (!created) throw new Error('block application not inserted');
  return applicationOf(created);
}

export async function decide(tx: Tx, id: string, patch: Partial<NewApplicationRow>): Promise<ApplicationRow> {
  const [row] = await tx.update(blockApplications).set(patch).where(eq(blockApplications.id, id)).returning();
  if (!row) throw new Error(`block application ${id} vanished`);
  return applicationOf(row);
}

export async function applicationsOfUser(
  db: Db,
  userId: string,
  states: ReviewState[] | undefined,
  page: number,
  size: number,
): Promise<{ rows: ApplicationRow[]; total: number }> {
  const where = and(
    eq(blockApplications.userId, userId),
    states ? inArray(blockApplications.state, states) : undefined,
  );
  const rows = await db
    .select()
    .from(blockApplications)
    .where(where)
    .orderBy(desc(blockApplications.submittedAt), desc(blockApplications.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(blockApplications).where(where);
  return { rows: rows.map(applicationOf), total: total?.n ?? 0 };
}
