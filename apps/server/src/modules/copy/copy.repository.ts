/** Drizzle queries of the copy-trading module; every function takes the transaction handle. */
import { formatPrice, Money, RATE_SCALE, type CopyCurrency, type CopyState, type Dec } from '@brokerage/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { inTextArray } from '../../platform/sql-arrays.js';
import { copyFundDays, copyFunds, copySubscriptions } from './copy.tables.js';

/**
 * The amount, unit and rate columns of copy funds and subscriptions stay decimal strings on the
 * rows; the repository is where they become money and back, so services call these three and
 * never Money's string conversions or an unnamed `toFixed`.
 */
export function copyMoney(row: { currency: CopyCurrency }, value: string): Money {
  return Money.fromLedger(value, row.currency);
}

/** The value of an amount column: the ledger's 8 decimals, half-up. */
export function copyAmount(amount: Money): string {
  return amount.toLedgerString();
}

/** The value of a NAV, rate or units column: 8 decimals (RATE_SCALE), half-up. */
export function copyDecimal(value: Dec): string {
  return formatPrice(value, RATE_SCALE);
}

export type FundRow = typeof copyFunds.$inferSelect;
export type NewFundRow = typeof copyFunds.$inferInsert;
export type DayRow = typeof copyFundDays.$inferSelect;
export type NewDayRow = typeof copyFundDays.$inferInsert;
export type SubscriptionRow = typeof copySubscriptions.$inferSelect;
export type NewSubscriptionRow = typeof copySubscriptions.$inferInsert;

export async function findFund(db: Db, id: string): Promise<FundRow | null> {
  const [row] = await db.select().from(copyFunds).where(eq(copyFunds.id, id));
  return row ?? null;
}

/** The fund's row, locked until the transaction ends: subscriptions, redemptions and marks serialise on it. */
export async function lockFund(tx: Tx, id: string): Promise<FundRow | null> {
  const [row] = await tx.select().from(copyFunds).where(eq(copyFunds.id, id)).for('update');
  return row ?? null;
}

export async function insertFund(db: Db, row: NewFundRow): Promise<FundRow> {
  const [created] = await db.insert(copyFunds).values(row).returning();
  if (!created) throw new Error('copy fund not inserted');
  return created;
}

export async function updateFund(tx: Db, id: string, patch: Partial<NewFundRow>): Promise<FundRow> {
  const [row] = await tx.update(copyFunds).set(patch).where(eq(copyFunds.id, id)).returning();
  if (!row) throw new Error(`copy fund ${id} vanished`);
  return row;
}

/** Funds for the user list: running first, then by creation, newest first. */
export async function listFunds(db: Db, page: number, size: number): Promise<{ rows: FundRow[]; total: number }> {
  const rows = await db
    .select()
    .from(copyFunds)
    .orderBy(
      sql`case ${copyFunds.state} when 'running' then 0 when 'closing' then 1 else 2 end`,
      desc(copyFunds.createdAt),
      desc(copyFunds.id),
    )
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(copyFunds);
  return { rows, total: total?.n ?? 0 };
}

export async function listFundsNewest(db: Db, page: number, size: number): Promise<{ rows: FundRow[]; total: number }> {
  const rows = await db
    .select()
    .from(copyFunds)
    .orderBy(desc(copyFunds.createdAt), desc(copyFunds.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(copyFunds);
  return { rows, total: total?.n ?? 0 };
}

/** Ids of the funds the engine still works on (running or closing). */
/** Every fund's own account (user id), whatever its state: accounts the house runs. */
export async function fundAccountIds(db: Db): Promise<Set<string>> {
  const rows = await db.select({ id: copyFunds.fundUserId }).from(copyFunds);
  return new Set(rows.map((r) => r.id));
}

export async function liveFundIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: copyFunds.id })
    .from(copyFunds)
    .where(ne(copyFunds.state, 'closed'))
    .orderBy(asc(copyFunds.id));
  return rows.map((r) => r.id);
}

export async function insertDay(db: Db, row: NewDayRow): Promise<void> {
  await db.insert(copyFundDays).values(row).onConflictDoNothing();
}

/** The last `limit` days of a fund, oldest first. */
export async function lastDays(db: Db, fundId: string, limit: number): Promise<DayRow[]> {
  const rows = await db
    .select()
    .from(copyFundDays)
    .where(eq(copyFundDays.fundId, fundId))
    .orderBy(desc(copyFundDays.date))
    .limit(limit);
  return rows.reverse();
}

/** The live (not backtest) daily results of a fund for dates in (after, upTo], oldest first. */
export async function ratesBetween(db: Db, fundId: string, after: string, upTo: string): Promise<string[]> {
  const rows = await db
    .select({ rate: copyFundDays.dailyProfitRate })
    .from(copyFundDays)
    .where(
      and(
        eq(copyFundDays.fundId, fundId),
        eq(copyFundDays.backtest, false),
        gt(copyFundDays.date, after),
        lte(copyFundDays.date, upTo),
      ),
    )
    .orderBy(asc(copyFundDays.date));
  return rows.map((r) => r.rate);
}

export async function insertSubscription(db: Db, row: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [created] = await db.insert(copySubscriptions).values(row).returning();
  if (!created) throw new Error('copy subscription not inserted');
  return created;
}

export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await tx.select().from(copySubscriptions).where(eq(copySubscriptions.id, id)).for('update');
  return row ?? null;
}

export async function updateSubscription(
  tx: Db,
  id: string,
  patch: Partial<NewSubscriptionRow>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(copySubscriptions).set(patch).where(eq(copySubscriptions.id, id)).returning();
  if (!row) throw new Error(`copy subscription ${id} vanished`);
  return row;
}

export async function pageOfUser(db: Db, userId: string, states: CopyState[] | undefined, page: number, size: number) {
  const where = states
    ? and(eq(copySubscriptions.userId, userId), inArray(copySubscriptions.state, states))
    : eq(copySubscriptions.userId, userId);
  const rows = await db
    .select()
    .from(copySubscriptions)
    .where(where)
    .orderBy(desc(copySubscriptions.startedAt), desc(copySubscriptions.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(copySubscriptions).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function activeOfFund(db: Db, fundId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(copySubscriptions)
    .where(and(eq(copySubscriptions.fundId, fundId), eq(copySubscriptions.state, 'active')))
    .orderBy(asc(copySubscriptions.startedAt), asc(copySubscriptions.id));
}

/** Active subscriptions still waiting for their units (issued at the mark of their day). */
export async function pendingUnitsOf(db: Db, fundId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(copySubscriptions)
    .where(
      and(eq(copySubscriptions.fundId, fundId), eq(copySubscriptions.state, 'active'), isNull(copySubscriptions.units)),
    );
}

/** Σ amount and count of active subscriptions per fund. */
export async function activeTotalsOf(db: Db, fundIds: string[]): Promise<Map<string, { amount: string; n: number }>> {
  if (fundIds.length === 0) return new Map();
  const rows = await db
    .select({
      fundId: copySubscriptions.fundId,
      amount: sql<string>`sum(${copySubscriptions.amount})::text`,
      n: count(),
    })
    .from(copySubscriptions)
    .where(and(inArray(copySubscriptions.fundId, fundIds), eq(copySubscriptions.state, 'active')))
    .groupBy(copySubscriptions.fundId);
  return new Map(rows.map((r) => [r.fundId, { amount: r.amount, n: r.n }]));
}

/** A user's active subscriptions (their value counts in `investValue`, §1.10). */
export async function activeOfUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(copySubscriptions)
    .where(and(eq(copySubscriptions.userId, userId), eq(copySubscriptions.state, 'active')));
}

/** `activeOfUser` of a page of users in one query, each subscription with its fund (one that has none is left out). */
export async function activeOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<{ sub: SubscriptionRow; fund: FundRow }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ sub: copySubscriptions, fund: copyFunds })
    .from(copySubscriptions)
    .innerJoin(copyFunds, eq(copyFunds.id, copySubscriptions.fundId))
    .where(and(inTextArray(copySubscriptions.userId, userIds), eq(copySubscriptions.state, 'active')));
  return rows;
}

/**
 * The live daily rates of `fundIds` after the date `after` up to each fund's last mark, by fund
 * then date: `ratesBetween` of many subscriptions at once (each keeps the days after its own start).
 */
export async function liveRatesOfFunds(
  db: Db,
  fundIds: readonly string[],
  after: string,
): Promise<{ fundId: string; date: string; rate: string }[]> {
  if (fundIds.length === 0) return [];
  return db
    .select({ fundId: copyFundDays.fundId, date: copyFundDays.date, rate: copyFundDays.dailyProfitRate })
    .from(copyFundDays)
    .innerJoin(copyFunds, eq(copyFunds.id, copyFundDays.fundId))
    .where(
      and(
        inArray(copyFundDays.fundId, [...fundIds]),
        eq(copyFundDays.backtest, false),
        gt(copyFundDays.date, after),
        lte(copyFundDays.date, copyFunds.lastMarkDate),
      ),
    )
    .orderBy(asc(copyFundDays.fundId), asc(copyFundDays.date));
}

export async function findSubscription(db: Db, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(copySubscriptions).where(eq(copySubscriptions.id, id));
  return row ?? null;
}
