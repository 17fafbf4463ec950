/** Queries of the new-share module: offerings, applications and their history. */
import type { Currency, Money, NewShareKind, SubscriptionState } from '@brokerage/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, notLike, sql } from 'drizzle-orm';
import { moneyFrom, withMoney, type WithMoney } from '../../platform/columns.js';
import type { Db, Tx } from '../../platform/db.js';
import { inTextArray } from '../../platform/sql-arrays.js';
import { newShares, subscriptionEvents, subscriptions } from './newshare.tables.js';

/** An offering: issue price and minimum investment are `Money` in its currency. */
export type ShareRow = WithMoney<typeof newShares.$inferSelect, 'issuePrice' | 'minInvestment'>;
export type NewShareRow = typeof newShares.$inferInsert;
/** An application: its amounts are `Money` in its currency. */
export type SubscriptionRow = WithMoney<
  typeof subscriptions.$inferSelect,
  'issuePrice' | 'amount' | 'frozenAmount' | 'amountPayable' | 'amountPaid'
>;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type SubscriptionEventRow = typeof subscriptionEvents.$inferSelect;

const shareOf = (row: typeof newShares.$inferSelect): ShareRow =>
  withMoney(row, row.currency, ['issuePrice', 'minInvestment']);
const subscriptionOf = (row: typeof subscriptions.$inferSelect): SubscriptionRow =>
  withMoney(row, row.currency, ['issuePrice', 'amount', 'frozenAmount', 'amountPayable', 'amountPaid']);

export async function findShare(db: Db, id: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(newShares).where(eq(newShares.id, id));
  return row ? shareOf(row) : null;
}

/** Locks the offering against terms changes and the draw; applications take `shareShare` and do not queue on each other. */
export async function lockShare(tx: Tx, id: string): Promise<ShareRow | null> {
  const [row] = await tx.select().from(newShares).where(eq(newShares.id, id)).for('update');
  return row ? shareOf(row) : null;
}

/** A shared lock: many applications at once, but never while the draw or a terms change holds the row. */
export async function shareShare(tx: Tx, id: string): Promise<ShareRow | null> {
  const [row] = await tx.select().from(newShares).where(eq(newShares.id, id)).for('share');
  return row ? shareOf(row) : null;
}

export async function codeTaken(db: Db, code: string, instrumentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newShares.id })
    .from(newShares)
    .where(sql`${newShares.code} = ${code} or ${newShares.instrumentId} = ${instrumentId}`)
    .limit(1);
  return row !== undefined;
}

export async function listShares(
  db: Db,
  kind: NewShareKind | null,
  page: number,
  size: number,
): Promise<{ rows: ShareRow[]; total: number }> {
  const where = kind ? eq(newShares.kind, kind) : undefined;
  const rows = await db
    .select()
    .from(newShares)
    .where(where)
    .orderBy(asc(newShares.applyEnd), asc(newShares.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(newShares).where(where);
  return { rows: rows.map(shareOf), total: total?.n ?? 0 };
}

/** Newest first, for the back office. */
export async function listSharesNewest(
  db: Db,
  page: number,
  size: number,
): Promise<{ rows: ShareRow[]; total: number }> {
  const rows = await db
    .select()
    .from(newShares)
    .orderBy(desc(newShares.createdAt), desc(newShares.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(newShares);
  return { rows: rows.map(shareOf), total: total?.n ?? 0 };
}

/** Every offering (the feed lists their instruments); there are a few per month, not thousands. */
export async function allShares(db: Db): Promise<ShareRow[]> {
  return (await db.select().from(newShares).orderBy(asc(newShares.createdAt))).map(shareOf);
}

export async function insertShare(tx: Tx, row: NewShareRow): Promise<ShareRow> {
  const [created] = await tx.insert(newShares).values(row).returning();
  if (!created) throw new Error('new share not inserted');
  return shareOf(created);
}

export async function updateShare(tx: Tx, id: string, patch: Partial<NewShareRow>): Promise<ShareRow> {
  const [row] = await tx.update(newShares).set(patch).where(eq(newShares.id, id)).returning();
  if (!row) throw new Error(`new share ${id} vanished`);
  return shareOf(row);
}

/** Shares applied for (Σ quantity of every application) and the number of applications, per offering. */
export async function subscribedOf(
  db: Db,
  ids: string[],
): Promise<Map<string, { quantity: number; applications: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: subscriptions.newShareId,
      quantity: sql<string>`sum(${subscriptions.quantity})::text`,
      applications: count(),
    })
    .from(subscriptions)
    .where(inArray(subscriptions.newShareId, ids))
    .groupBy(subscriptions.newShareId);
  return new Map(rows.map((r) => [r.id, { quantity: Number(r.quantity), applications: r.applications }]));
}

export interface MyTotals {
  applications: number;
  subscriptionQuantity: number;
  allottedQuantity: number;
  amountPayable: Money;
  amountPaid: Money;
}

/** The user's totals in one offering; its amounts in the offering's `currency`. */
export async function myTotalsOf(db: Db, userId: string, shareId: string, currency: Currency): Promise<MyTotals> {
  const [row] = await db
    .select({
      applications: count(),
      subscriptionQuantity: sql<string>`coalesce(sum(${subscriptions.quantity}), 0)::text`,
      allottedQuantity: sql<string>`coalesce(sum(${subscriptions.allottedQuantity}), 0)::text`,
      amountPayable: sql<string>`coalesce(sum(${subscriptions.amountPayable}), 0)::text`,
      amountPaid: sql<string>`coalesce(sum(${subscriptions.amountPaid}), 0)::text`,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.newShareId, shareId)));
  return {
    applications: row?.applications ?? 0,
    subscriptionQuantity: Number(row?.subscriptionQuantity ?? 0),
    allottedQuantity: Number(row?.allottedQuantity ?? 0),
    amountPayable: moneyFrom(row?.amountPayable, currency),
    amountPaid: moneyFrom(row?.amountPaid, currency),
  };
}

/**
 * Serialises one user's applications to one offering (the per-user limit is counted, then a row
 * is added): a transaction-scoped advisory lock on the pair, released at commit.
 */
export async function lockApplicant(tx: Tx, userId: string, shareId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`newshare:${shareId}:${userId}`}, 0))`);
}

export async function countApplications(tx: Tx, userId: string, shareId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.newShareId, shareId)));
  return row?.n ?? 0;
}

export async function insertSubscription(tx: Tx, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [created] = await tx.insert(subscriptions).values(row).returning();
  if (!created) throw new Error('subscription not inserted');
  await tx
    .insert(subscriptionEvents)
    .values({ subscriptionId: created.id, state: created.state, at: created.appliedAt });
  return subscriptionOf(created);
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ? subscriptionOf(row) : null;
}

export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ? subscriptionOf(row) : null;
}

export async function updateSubscription(
  tx: Tx,
  id: string,
  patch: Partial<NewSubscriptionRow>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return subscriptionOf(row);
}

export async function addEvents(tx: Tx, subscriptionId: string, states: SubscriptionState[], at: Date): Promise<void> {
  if (states.length === 0) return;
  await tx.insert(subscriptionEvents).values(states.map((state) => ({ subscriptionId, state, at })));
}

export async function eventsOf(db: Db, ids: string[]): Promise<Map<string, SubscriptionEventRow[]>> {
  const out = new Map<string, SubscriptionEventRow[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(subscriptionEvents)
    .where(inArray(subscriptionEvents.subscriptionId, ids))
    .orderBy(asc(subscriptionEvents.id));
  for (const r of rows) out.set(r.subscriptionId, [...(out.get(r.subscriptionId) ?? []), r]);
  return out;
}

export async function recordsOfUser(
  db: Db,
  userId: string,
  filter: { kind?: NewShareKind; states?: SubscriptionState[] },
  page: number,
  size: number,
): Promise<{ rows: { sub: SubscriptionRow; share: ShareRow }[]; total: number }> {
  const where = and(
    eq(subscriptions.userId, userId),
    filter.kind ? eq(newShares.kind, filter.kind) : undefined,
    filter.states ? inArray(subscriptions.state, filter.states) : undefined,
  );
  const rows = await db
    .select({ sub: subscriptions, share: newShares })
    .from(subscriptions)
    .innerJoin(newShares, eq(newShares.id, subscriptions.newShareId))
    .where(where)
    .orderBy(desc(subscriptions.appliedAt), desc(subscriptions.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(subscriptions)
    .innerJoin(newShares, eq(newShares.id, subscriptions.newShareId))
    .where(where);
  return { rows: rows.map((r) => ({ sub: subscriptionOf(r.sub), share: shareOf(r.share) })), total: total?.n ?? 0 };
}

/** The applications of one offering in the given states, locked, in id order (the draw). */
export async function lockApplicationsOf(
  tx: Tx,
  shareId: string,
  states: SubscriptionState[],
): Promise<SubscriptionRow[]> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.newShareId, shareId), inArray(subscriptions.state, states)))
    .orderBy(asc(subscriptions.id))
    .for('update');
  return rows.map(subscriptionOf);
}

/** Every application of a drawn offering with its result (the public proof: ids and numbers only). */
export async function proofRowsOf(
  db: Db,
  shareId: string,
): Promise<{ id: string; quantity: number; allotted: number; appliedAt: Date }[]> {
  return db
    .select({
      id: subscriptions.id,
      quantity: subscriptions.quantity,
      allotted: subscriptions.allottedQuantity,
      appliedAt: subscriptions.appliedAt,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.newShareId, shareId), sql`${subscriptions.state} not in ('applied', 'pending_draw')`))
    .orderBy(asc(subscriptions.id));
}

/* ---- what the jobs look for ---- */

/** Offerings whose window closed with applications still `applied`. */
export async function sharesPastApplyEnd(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: subscriptions.newShareId })
    .from(subscriptions)
    .innerJoin(newShares, eq(newShares.id, subscriptions.newShareId))
    .where(and(eq(subscriptions.state, 'applied'), lte(newShares.applyEnd, now)));
  return rows.map((r) => r.id);
}

export async function dueUnpaid(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(newShares, eq(newShares.id, subscriptions.newShareId))
    .where(and(eq(subscriptions.state, 'awaiting_payment'), lte(newShares.paymentDeadline, now)))
    .orderBy(asc(subscriptions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Σ amountPaid of the user's `paid` (not yet listed) subscriptions per currency: the new-share part of `investValue`. */
export async function paidAmountOf(db: Db, userId: string): Promise<Money[]> {
  const rows = await db
    .select({ currency: subscriptions.currency, total: sql<string>`sum(${subscriptions.amountPaid})::text` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.state, 'paid')))
    .groupBy(subscriptions.currency);
  return rows.map((r) => moneyFrom(r.total, r.currency));
}

/** `paidAmountOf` of a page of users in one query: per user that has a `paid` subscription, per currency. */
export async function paidAmountOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Map<Currency, Money>>> {
  const out = new Map<string, Map<Currency, Money>>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: subscriptions.userId,
      currency: subscriptions.currency,
      total: sql<string>`sum(${subscriptions.amountPaid})::text`,
    })
    .from(subscriptions)
    .where(and(inTextArray(subscriptions.userId, userIds), eq(subscriptions.state, 'paid')))
    .groupBy(subscriptions.userId, subscriptions.currency);
  for (const r of rows) {
    let sums = out.get(r.userId);
    if (!sums) out.set(r.userId, (sums = new Map()));
    sums.set(r.currency, moneyFrom(r.total, r.currency));
  }
  return out;
}

/** Drawn offerings that still have paid applications waiting for their listing. */
export async function drawnWithPaid(db: Db): Promise<{ id: string; instrumentId: string }[]> {
  return db
    .selectDistinct({ id: newShares.id, instrumentId: newShares.instrumentId })
    .from(subscriptions)
    .innerJoin(newShares, eq(newShares.id, subscriptions.newShareId))
    .where(and(eq(subscriptions.state, 'paid'), isNotNull(newShares.drawnAt)));
}

export async function paidIdsOf(db: Db, shareId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.newShareId, shareId), eq(subscriptions.state, 'paid'), isNull(subscriptions.orderId)))
    .orderBy(asc(subscriptions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The applied subscriptions of an offering, locked in id order (the apply_end step). */
export async function lockAppliedOf(tx: Tx, shareId: string): Promise<SubscriptionRow[]> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.newShareId, shareId), eq(subscriptions.state, 'applied')))
    .orderBy(asc(subscriptions.id))
    .for('update');
  return rows.map(subscriptionOf);
}

/** Offerings not yet drawn whose seed is still stored in plain text (draw-seed.ts). */
export async function undrawnPlainSeeds(db: Db): Promise<{ id: string; drawSeed: string }[]> {
  return db
    .select({ id: newShares.id, drawSeed: newShares.drawSeed })
    .from(newShares)
    .where(and(isNull(newShares.drawnAt), notLike(newShares.drawSeed, 'v1.%')));
}

/** Swaps the stored seed only while it is still `from` and the offering undrawn; false when something changed it first. */
export async function replaceSeed(db: Db, id: string, from: string, to: string): Promise<boolean> {
  const rows = await db
    .update(newShares)
    .set({ drawSeed: to })
    .where(and(eq(newShares.id, id), eq(newShares.drawSeed, from), isNull(newShares.drawnAt)))
    .returning({ id: newShares.id });
  return rows.length > 0;
}
