/** Drizzle queries of the lending module; every function takes the transaction handle. */
import { Dec, Money, type Currency, type LendingState } from '@brokerage/contract';
import { and, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { withMoney, type WithMoney } from '../../platform/columns.js';
import type { Db, Tx } from '../../platform/db.js';
import { inTextArray } from '../../platform/sql-arrays.js';
import { lendingProducts, lendingRecords } from './lending.tables.js';

/** A product: minimum and quota are `Money` in the product's currency. */
export type ProductRow = WithMoney<typeof lendingProducts.$inferSelect, 'minAmount' | 'quota'>;
export type NewProductRow = typeof lendingProducts.$inferInsert;
/** A record: amount and final interest are `Money` in the record's currency. */
export type RecordRow = WithMoney<typeof lendingRecords.$inferSelect, 'amount' | 'interest'>;
export type NewRecordRow = typeof lendingRecords.$inferInsert;

const productOf = (row: typeof lendingProducts.$inferSelect): ProductRow =>
  withMoney(row, row.currency, ['minAmount', 'quota']);
const recordOf = (row: typeof lendingRecords.$inferSelect): RecordRow =>
  withMoney(row, row.currency, ['amount', 'interest']);

/** The states whose amounts count against a product's quota. */
export const QUOTA_STATES: LendingState[] = ['active', 'succeeded'];

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(lendingProducts).where(eq(lendingProducts.id, id));
  return row ? productOf(row) : null;
}

/** The product's row, locked until the transaction ends. */
export async function lockProduct(tx: Tx, id: string): Promise<ProductRow | null> {
  const [row] = await tx.select().from(lendingProducts).where(eq(lendingProducts.id, id)).for('update');
  return row ? productOf(row) : null;
}

/** Inserts a product; an id already there is left as it is (the demo seed). */
export async function insertProductIfAbsent(db: Db, row: NewProductRow): Promise<void> {
  await db.insert(lendingProducts).values(row).onConflictDoNothing();
}

/**
 * Gives a demo product seeded before names were translated its translations: only while it has none
 * and still has the seed's English name, so an operator's edit is never overwritten.
 */
export async function fillProductNames(db: Db, id: string, name: string, names: NewProductRow['names']): Promise<void> {
  await db
    .update(lendingProducts)
    .set({ names })
    .where(
      and(eq(lendingProducts.id, id), eq(lendingProducts.name, name), sql`${lendingProducts.names} = '{}'::jsonb`),
    );
}

export async function listProducts(
  db: Db,
  page: number,
  size: number,
  openFirst: boolean,
): Promise<{ rows: ProductRow[]; total: number }> {
  const order = openFirst
    ? [desc(lendingProducts.open), desc(lendingProducts.createdAt), desc(lendingProducts.id)]
    : [desc(lendingProducts.createdAt), desc(lendingProducts.id)];
  const rows = await db
    .select()
    .from(lendingProducts)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(lendingProducts);
  return { rows: rows.map(productOf), total: total?.n ?? 0 };
}

/** Σ amount of `active` and `succeeded` records, per product id (products without any are absent). */
export async function quotaUsedOf(db: Db, productIds: string[]): Promise<Map<string, Dec>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: lendingRecords.productId, used: sql<string>`sum(${lendingRecords.amount})::text` })
    .from(lendingRecords)
    .where(and(inArray(lendingRecords.productId, productIds), inArray(lendingRecords.state, QUOTA_STATES)))
    .groupBy(lendingRecords.productId);
  return new Map(rows.map((r) => [r.productId, new Dec(r.used)]));
}

export async function hasRecords(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lendingRecords.id })
    .from(lendingRecords)
    .where(eq(lendingRecords.productId, productId))
    .limit(1);
  return row !== undefined;
}

export async function insertProduct(db: Db, row: NewProductRow): Promise<ProductRow> {
  const [created] = await db.insert(lendingProducts).values(row).returning();
  if (!created) throw new Error('lending product not inserted');
  return productOf(created);
}

export async function updateProduct(db: Db, id: string, patch: Partial<NewProductRow>): Promise<ProductRow> {
  const [row] = await db.update(lendingProducts).set(patch).where(eq(lendingProducts.id, id)).returning();
  if (!row) throw new Error(`lending product ${id} vanished`);
  return productOf(row);
}

export async function insertRecord(db: Db, row: NewRecordRow): Promise<RecordRow> {
  const [created] = await db.insert(lendingRecords).values(row).returning();
  if (!created) throw new Error('lending record not inserted');
  return recordOf(created);
}

export async function lockRecord(tx: Tx, id: string): Promise<RecordRow | null> {
  const [row] = await tx.select().from(lendingRecords).where(eq(lendingRecords.id, id)).for('update');
  return row ? recordOf(row) : null;
}

export async function updateRecord(tx: Db, id: string, patch: Partial<NewRecordRow>): Promise<RecordRow> {
  const [row] = await tx.update(lendingRecords).set(patch).where(eq(lendingRecords.id, id)).returning();
  if (!row) throw new Error(`lending record ${id} vanished`);
  return recordOf(row);
}

export async function recordsOfUser(
  db: Db,
  userId: string,
  states: LendingState[] | undefined,
  page: number,
  size: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const where = and(eq(lendingRecords.userId, userId), states ? inArray(lendingRecords.state, states) : undefined);
  const rows = await db
    .select()
    .from(lendingRecords)
    .where(where)
    .orderBy(desc(lendingRecords.appliedAt), desc(lendingRecords.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(lendingRecords).where(where);
  return { rows: rows.map(recordOf), total: total?.n ?? 0 };
}

/** Σ amount of the user's `succeeded` records per currency: the lending part of `investValue`. */
export async function succeededPrincipalOf(db: Db, userId: string): Promise<Map<Currency, Money>> {
  const rows = await db
    .select({ currency: lendingRecords.currency, total: sql<string>`sum(${lendingRecords.amount})::text` })
    .from(lendingRecords)
    .where(and(eq(lendingRecords.userId, userId), eq(lendingRecords.state, 'succeeded')))
    .groupBy(lendingRecords.currency);
  return new Map(rows.map((r) => [r.currency, Money.of(r.total, r.currency)]));
}

/** `succeededPrincipalOf` of a page of users in one query: per user that has a `succeeded` record, per currency. */
export async function succeededPrincipalOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Map<Currency, Money>>> {
  const out = new Map<string, Map<Currency, Money>>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: lendingRecords.userId,
      currency: lendingRecords.currency,
      total: sql<string>`sum(${lendingRecords.amount})::text`,
    })
    .from(lendingRecords)
    .where(and(inTextArray(lendingRecords.userId, userIds), eq(lendingRecords.state, 'succeeded')))
    .groupBy(lendingRecords.userId, lendingRecords.currency);
  for (const r of rows) {
    let sums = out.get(r.userId);
    if (!sums) out.set(r.userId, (sums = new Map()));
    sums.set(r.currency, Money.of(r.total, r.currency));
  }
  return out;
}

/** `active` records applied before `cutoff`, oldest first: due for the settlement. */
export async function dueForMatching(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: lendingRecords.id })
    .from(lendingRecords)
    .where(and(eq(lendingRecords.state, 'active'), lt(lendingRecords.appliedAt, cutoff)))
    .orderBy(lendingRecords.appliedAt, lendingRecords.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** `succeeded` records whose term ended at or before `now`. */
export async function dueForCompletion(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: lendingRecords.id })
    .from(lendingRecords)
    .where(and(eq(lendingRecords.state, 'succeeded'), lte(lendingRecords.endsAt, now)))
    .orderBy(lendingRecords.endsAt, lendingRecords.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether the product still takes matches (the settlement reads it under the record's lock). */
export async function isProductOpen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ open: lendingProducts.open }).from(lendingProducts).where(eq(lendingProducts.id, id));
  return row?.open ?? false;
}
