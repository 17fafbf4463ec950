/** Drizzle queries for orders and their events; every function takes the transaction handle. */
import { Dec, liveOrderStates, Money, openOrderStates, type Market, type OrderState } from '@brokerage/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { inTextArray } from '../../platform/sql-arrays.js';
import { orderEvents, orders } from './trading.tables.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * The amount columns of an order (`numeric(30, 8)`) stay decimal strings on the row: every buy
 * inserts it through the hot-path template below and a group commit answers with `orderAsStored`.
 * The repository is where they become money and back; services call these two, never Money's
 * string conversions.
 */
export function orderMoney(row: Pick<OrderRow, 'currency'>, value: string): Money {
  return Money.fromLedger(value, row.currency);
}

/** The value of an order's amount column: the ledger's 8 decimals, half-up. */
export function orderAmount(amount: Money): string {
  return amount.toLedgerString();
}

/** §3.1's states of a live order and of an open position (the contract derives them from its table). */
export const LIVE_STATES = [...liveOrderStates];
export const OPEN_STATES = [...openOrderStates];

export async function insertOrder(tx: Db, row: NewOrderRow): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(row).returning();
  if (!created) throw new Error('order not inserted');
  return created;
}

/** The columns of `orders` in table order, with their driver mappings (read once: the insert below runs on every order). */
const ORDER_COLUMNS = Object.entries(getTableColumns(orders));
const ORDER_COLUMN_LIST = sql.raw(ORDER_COLUMNS.map(([, c]) => `"${c.name}"`).join(', '));

/**
 * The order and its first event in one statement (the event rides in a CTE; `order_events` has
 * no foreign key). Hot path of every buy: written as one SQL template instead of drizzle's insert
 * builder, whose per-column work (45 columns in, 45 out) cost a tenth of the server's CPU per
 * order; values and the returned row go through the same column mappings drizzle uses.
 */
export async function insertOrderWithEvent(
  tx: Db,
  row: NewOrderRow & { id: string },
  reason: string | null = null,
): Promise<OrderRow> {
  const [created] = await insertOrdersWithEvents(tx, [row], reason);
  if (!created) throw new Error('order not inserted');
  return created;
}

/** `insertOrderWithEvent` for many orders in one statement: the rows come back in the order given. */
export async function insertOrdersWithEvents(
  tx: Db,
  rows: (NewOrderRow & { id: string })[],
  reason: string | null = null,
): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        ORDER_COLUMNS.map(([key, column]) => {
          const value = (row as Record<string, unknown>)[key];
          return value === undefined || value === null ? sql`null` : sql.param(value, column);
        }),
        sql`, `,
      )})`,
  );
  const events = rows.map((row) => sql`(${row.id}, ${row.state}, ${row.createdAt.toISOString()}, ${reason})`);
  const result = await tx.execute(sql`with first_event as (
      insert into order_events (order_id, state, at, reason) values ${sql.join(events, sql`, `)})
    insert into orders (${ORDER_COLUMN_LIST}) values ${sql.join(tuples, sql`, `)} returning *`);
  const byId = new Map<string, OrderRow>();
  for (const created of rowsOf<Record<string, unknown>>(result)) {
    const out: Record<string, unknown> = {};
    for (const [key, column] of ORDER_COLUMNS) {
      const value = created[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    byId.set(out.id as string, out as OrderRow);
  }
  return rows.map((row) => {
    const created = byId.get(row.id);
    if (!created) throw new Error(`order ${row.id} not inserted`);
    return created;
  });
}

const given = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const at = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

/**
 * A row as the object `jsonb_populate_recordset(null::orders, …)` reads: its columns by name,
 * nulls left out (undefined: JSON leaves them out), dates as ISO strings. One object literal in
 * the table's column order: JSON.stringify serialises it on V8's fast path, at half the cost of
 * an object built key by key (orders-json.test.ts checks it against the table's columns).
 */
function orderJsonRecord(row: NewOrderRow) {
  return {
    id: given(row.id),
    order_no: given(row.orderNo),
    user_id: given(row.userId),
    instrument_id: given(row.instrumentId),
    code: given(row.code),
    name: given(row.name),
    market: given(row.market),
    currency: given(row.currency),
    price_scale: given(row.priceScale),
    source: given(row.source),
    side: given(row.side),
    order_type: given(row.orderType),
    state: given(row.state),
    lots: given(row.lots),
    lot_size: given(row.lotSize),
    leverage: given(row.leverage),
    price: given(row.price),
    cost_price: given(row.costPrice),
    close_price: given(row.closePrice),
    contract_amount: given(row.contractAmount),
    margin: given(row.margin),
    open_fee: given(row.openFee),
    close_fee: given(row.closeFee),
    stamp_duty: given(row.stampDuty),
    profit_loss: given(row.profitLoss),
    proceeds: given(row.proceeds),
    settles_at: at(row.settlesAt),
    take_profit: given(row.takeProfit),
    stop_loss: given(row.stopLoss),
    buy_fee_rate: given(row.buyFeeRate),
    sell_fee_rate: given(row.sellFeeRate),
    stamp_duty_rate: given(row.stampDutyRate),
    stop_out_ratio: given(row.stopOutRatio),
    hold_minutes_min: given(row.holdMinutesMin),
    t_plus_n_days: given(row.tPlusNDays),
    settlement_days: given(row.settlementDays),
    created_at: at(row.createdAt),
    opened_at: at(row.openedAt),
    closed_at: at(row.closedAt),
    lock_until: at(row.lockUntil),
    min_hold_until: at(row.minHoldUntil),
    t_plus_until: at(row.tPlusUntil),
    expires_at: at(row.expiresAt),
    cancel_reason: given(row.cancelReason),
    close_reason: given(row.closeReason),
  };
}

/** The rows as the JSON array `sendOrdersWithEvents` sends (one object per row, see `orderJsonRecord`). */
export function ordersJson(rows: readonly NewOrderRow[]): string {
  return JSON.stringify(rows.map(orderJsonRecord));
}

/**
 * `insertOrdersWithEvents` for a group commit's batch, where the rows are not read back
 * (`orderAsStored` is the answer): one JSON parameter, so the statement's text is the same for
 * every batch and a pipelined connection prepares it once (platform/db.ts). Resolves to the ids written.
 */
export async function sendOrdersWithEvents(
  tx: Tx,
  rows: (NewOrderRow & { id: string })[],
  reason: string | null = null,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const result =
    await tx.execute(sql`with o as (select * from jsonb_populate_recordset(null::orders, ${ordersJson(rows)}::jsonb)),
      first_event as (insert into order_events (order_id, state, at, reason) select id, state, created_at, ${reason}::text from o)
    insert into orders select * from o returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * The row `insertOrdersWithEvents` stores for `row`, without reading it back: every column the
 * new row leaves out is null (the table has no other defaults). Values keep the form given
 * (a price "1.5" is stored as 1.50000000); readers format through Money and Dec, which do not
 * tell the two apart (trading/buy-group.test.ts compares the answers).
 */
export function orderAsStored(row: NewOrderRow & { id: string }): OrderRow {
  // one literal in the table's column order (orders-json.test.ts checks it against the columns)
  return {
    id: row.id,
    orderNo: row.orderNo ?? null,
    userId: row.userId ?? null,
    instrumentId: row.instrumentId ?? null,
    code: row.code ?? null,
    name: row.name ?? null,
    market: row.market ?? null,
    currency: row.currency ?? null,
    priceScale: row.priceScale ?? null,
    source: row.source ?? null,
    side: row.side ?? null,
    orderType: row.orderType ?? null,
    state: row.state ?? null,
    lots: row.lots ?? null,
    lotSize: row.lotSize ?? null,
    leverage: row.leverage ?? null,
    price: row.price ?? null,
    costPrice: row.costPrice ?? null,
    closePrice: row.closePrice ?? null,
    contractAmount: row.contractAmount ?? null,
    margin: row.margin ?? null,
    openFee: row.openFee ?? null,
    closeFee: row.closeFee ?? null,
    stampDuty: row.stampDuty ?? null,
    profitLoss: row.profitLoss ?? null,
    proceeds: row.proceeds ?? null,
    settlesAt: row.settlesAt ?? null,
    takeProfit: row.takeProfit ?? null,
    stopLoss: row.stopLoss ?? null,
    buyFeeRate: row.buyFeeRate ?? null,
    sellFeeRate: row.sellFeeRate ?? null,
    stampDutyRate: row.stampDutyRate ?? null,
    stopOutRatio: row.stopOutRatio ?? null,
    holdMinutesMin: row.holdMinutesMin ?? null,
    tPlusNDays: row.tPlusNDays ?? null,
    settlementDays: row.settlementDays ?? null,
    createdAt: row.createdAt ?? null,
    openedAt: row.openedAt ?? null,
    closedAt: row.closedAt ?? null,
    lockUntil: row.lockUntil ?? null,
    minHoldUntil: row.minHoldUntil ?? null,
    tPlusUntil: row.tPlusUntil ?? null,
    expiresAt: row.expiresAt ?? null,
    cancelReason: row.cancelReason ?? null,
    closeReason: row.closeReason ?? null,
  };
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  return rows[0] ?? null;
}

/** Locks the order row for the rest of the transaction: every state change re-reads under this lock. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const rows = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return rows[0] ?? null;
}

export async function updateOrder(tx: Db, id: string, patch: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(patch).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/**
 * Reason of the event a TP/SL edit writes: not a state change (the history of §9.7 leaves it
 * out), but it lets the engine's change tail see the new prices.
 */
export const TP_SL_EVENT = 'tp_sl_set';
/** Reason of the marker a day-trading approval writes on the user's open orders (T+N no longer holds their TP/SL back). */
export const DAY_TRADING_EVENT = 'day_trading_enabled';
/** Markers for the engine's change tail, not states the order entered. */
const MARKER_REASONS = new Set<string | null>([TP_SL_EVENT, DAY_TRADING_EVENT]);

export async function addEvent(
  tx: Db,
  orderId: string,
  state: OrderState,
  at: Date,
  reason: string | null,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, state, at, reason });
}

/** The states an order entered, oldest first (the engine's markers left out). */
export async function eventsOf(db: Db, orderId: string): Promise<OrderEventRow[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  return rows.filter((e) => !MARKER_REASONS.has(e.reason));
}

/**
 * One page of the user's orders in a market (§9.6), newest `openedAt` (else `createdAt`) first,
 * paged in SQL. `totalProfitLoss` covers the whole filtered set: closed rows add their booked P&L,
 * each rounded half-up to the currency scale in SQL (as the row view rounds it); open rows are
 * returned in full (`open`) because their P&L needs live quotes; the other states have none.
 */
export async function listOfUser(
  db: Db,
  userId: string,
  market: Market,
  states: OrderState[],
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number; closedProfitLoss: Dec; open: OrderRow[] }> {
  const where = and(eq(orders.userId, userId), eq(orders.market, market), inArray(orders.state, states));
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(sql`coalesce(${orders.openedAt}, ${orders.createdAt})`), desc(orders.id))
    .limit(size)
    .offset((page - 1) * size);
  const [summary] = await db
    .select({
      n: count(),
      // each stored P&L was rounded to the currency's scale when the position closed, so the sum is exact at that scale
      closedProfitLoss: sql<string>`coalesce(sum(${orders.profitLoss}) filter (where ${orders.state} = 'closed'), 0)::text`,
    })
    .from(orders)
    .where(where);
  const openStates = states.filter((s) => OPEN_STATES.includes(s));
  const open =
    openStates.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.market, market), inArray(orders.state, openStates)));
  return { rows, total: summary?.n ?? 0, closedProfitLoss: new Dec(summary?.closedProfitLoss ?? '0'), open };
}

export async function openPositionsOf(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.state, OPEN_STATES)));
}

/** Closed orders whose positive proceeds are still in transit at `now`. */
export async function unsettledOf(db: Db, userId: string, now: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.state, 'closed'),
        isNotNull(orders.settlesAt),
        gt(orders.settlesAt, now),
        gt(orders.proceeds, '0'),
      ),
    );
}

/** The columns `positionTotals` reads of an order. */
export type PositionTotalsRow = Pick<
  OrderRow,
  'userId' | 'instrumentId' | 'currency' | 'side' | 'state' | 'lots' | 'lotSize' | 'costPrice' | 'margin' | 'proceeds'
>;

/**
 * `openPositionsOf` and `unsettledOf` of a page of users in one query (the proof of liabilities'
 * bulk read): their open positions, and their closed orders whose positive proceeds are still in
 * transit at `now`, with the columns `positionTotals` reads.
 */
export async function positionRowsOfUsers(db: Db, userIds: readonly string[], now: Date): Promise<PositionTotalsRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: orders.userId,
      instrumentId: orders.instrumentId,
      currency: orders.currency,
      side: orders.side,
      state: orders.state,
      lots: orders.lots,
      lotSize: orders.lotSize,
      costPrice: orders.costPrice,
      margin: orders.margin,
      proceeds: orders.proceeds,
    })
    .from(orders)
    .where(
      and(
        inTextArray(orders.userId, userIds),
        or(
          inArray(orders.state, OPEN_STATES),
          and(
            eq(orders.state, 'closed'),
            isNotNull(orders.settlesAt),
            gt(orders.settlesAt, now),
            gt(orders.proceeds, '0'),
          ),
        ),
      ),
    );
}

/** Live orders after `afterId` in id order, at most `limit` (the engine's keyset load). */
export async function livePageAfter(db: Db, afterId: string, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.state, LIVE_STATES), gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export async function ordersByIds(db: Db, ids: string[]): Promise<OrderRow[]> {
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/** Back office: one user's orders in every market, newest first, optionally by state, paged in SQL. */
export async function pageOfUser(
  db: Db,
  userId: string,
  states: OrderState[] | undefined,
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const filters: SQL[] = [eq(orders.userId, userId)];
  if (states) filters.push(inArray(orders.state, states));
  const where = and(...filters);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size)
    .offset((page - 1) * size);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function countOpenOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.state, OPEN_STATES)));
  return row?.n ?? 0;
}

/** The newest order event id (0 when none): where the engine's change tail starts. */
export async function newestEventId(db: Db): Promise<bigint> {
  const [row] = await db.select({ id: max(orderEvents.id) }).from(orderEvents);
  return row?.id ?? 0n;
}

/** (event id, order id) of the events among `ids` that are now visible. */
export async function eventsWithIds(db: Db, ids: bigint[]): Promise<{ id: bigint; orderId: string }[]> {
  return db
    .select({ id: orderEvents.id, orderId: orderEvents.orderId })
    .from(orderEvents)
    .where(inArray(orderEvents.id, ids));
}

/** (event id, order id) of the events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Db, afterId: bigint, limit: number): Promise<{ id: bigint; orderId: string }[]> {
  return db
    .select({ id: orderEvents.id, orderId: orderEvents.orderId })
    .from(orderEvents)
    .where(gt(orderEvents.id, afterId))
    .orderBy(asc(orderEvents.id))
    .limit(limit);
}
