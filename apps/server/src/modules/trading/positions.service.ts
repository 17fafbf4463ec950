/**
 * Position model (docs/architecture.md "Trading model", docs/api.md §1.10, §3.1). Positions are margin
 * positions against the house. The user's money sits in three ledger accounts per currency:
 * `available`, `frozen` (margin + open fee of pending limit orders) and `margin` (margin of
 * open positions). The house books fees to `fee_income`, stamp duty to `tax_payable`, and is
 * the counterparty of every P&L through `settlement`.
 *
 * Every state change below runs inside the caller's transaction on a row the caller locked
 * (`lockOrder`) and re-checked; journal entries carry idempotency keys (`open:`, `hold:`,
 * `fill:`, `release:`, `close:` + order id), so nothing is charged or paid twice.
 */
import { Dec, formatPrice, Money, type closeReasons, type Currency, type OrderEvent } from '@brokerage/contract';
import type { MarketCalendar, SimMarket } from '@brokerage/market-sim';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import {
  balancesOf,
  houseAccount,
  userAccount,
  type EntrySpec,
  type Ledger,
  type PositionTotals,
  type PostingSpec,
} from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { closingCosts, grossProfit, unitsOf } from './fees.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { messageClose, messageFill } from './order-messages.js';
import { transitionOrder } from './orders.states.js';
import { businessDaysAfter } from './sessions.js';

/** `closeReason` of §2: user, take_profit, stop_loss, stop_out, delisting. */
export type CloseReason = (typeof closeReasons)[number];

export interface TradingDeps {
  db: Db;
  clock: Clock;
  feed: MarketFeed;
  ledger: Ledger;
}

/** Posts one balanced entry, leaving out zero legs (a zero fee or a zero P&L has no posting). */
export async function postLegs(
  tx: Tx,
  ledger: Ledger,
  kind: string,
  order: OrderRow,
  key: string,
  legs: PostingSpec[],
  memo: Record<string, unknown> = {},
): Promise<void> {
  const postings = legs.filter((l) => !l.amount.isZero());
  if (postings.length < 2) return;
  await ledger.postEntry(tx, {
    kind,
    reference: order.id,
    idempotencyKey: `${key}:${order.id}`,
    memo: { orderNo: order.orderNo, ...memo },
    postings,
  });
}

const acct = (row: Pick<OrderRow, 'userId' | 'currency'>, kind: 'available' | 'frozen' | 'margin') =>
  userAccount(row.userId, row.currency, kind);
const houseOf = (row: Pick<OrderRow, 'currency'>, kind: 'fee_income' | 'tax_payable' | 'settlement') =>
  houseAccount(row.currency, kind);

export function calendarOf(feed: MarketFeed, row: Pick<OrderRow, 'market'>): MarketCalendar {
  return feed.calendar(row.market as SimMarket);
}

/** Hold-time marks fixed at the fill: min hold from the fill, T+N from the fill's trading day. */
export function holdMarks(cal: MarketCalendar, row: Pick<OrderRow, 'holdMinutesMin' | 'tPlusNDays'>, openedAt: Date) {
  return {
    minHoldUntil: new Date(openedAt.getTime() + row.holdMinutesMin * 60_000),
    tPlusUntil: businessDaysAfter(cal, openedAt, row.tPlusNDays),
  };
}

/** The entry of a market open: available −(margin + fee), margin +margin, fee income +fee (a zero fee has no leg). */
export function openEntrySpec(
  row: Pick<OrderRow, 'id' | 'orderNo' | 'userId' | 'currency' | 'margin' | 'openFee'>,
): EntrySpec {
  const margin = repo.orderMoney(row, row.margin);
  const fee = repo.orderMoney(row, row.openFee);
  const legs: PostingSpec[] = [
    { account: acct(row, 'available'), amount: margin.plus(fee).negated() },
    { account: acct(row, 'margin'), amount: margin },
    { account: houseOf(row, 'fee_income'), amount: fee },
  ];
  return {
    kind: 'order_open',
    reference: row.id,
    idempotencyKey: `open:${row.id}`,
    memo: { orderNo: row.orderNo },
    postings: legs.filter((l) => !l.amount.isZero()),
  };
}

/** Market open: available −(margin + fee), margin +margin, fee income +fee. */
export async function chargeOpen(tx: Tx, ledger: Ledger, row: OrderRow): Promise<void> {
  await ledger.postEntry(tx, openEntrySpec(row));
}

/** Limit order: hold margin + fee at the limit price (available → frozen). */
export async function holdForLimit(tx: Tx, ledger: Ledger, row: OrderRow): Promise<void> {
  const total = repo.orderMoney(row, row.margin).plus(repo.orderMoney(row, row.openFee));
  await postLegs(tx, ledger, 'order_freeze', row, 'hold', [
    { account: acct(row, 'available'), amount: total.negated() },
    { account: acct(row, 'frozen'), amount: total },
  ]);
}

/** A pending limit order reached its price: filled at the limit price, so the hold is the cost exactly. */
export async function fillLimit(tx: Tx, deps: TradingDeps, row: OrderRow, now: Date): Promise<OrderRow> {
  invariant(row.price !== null, 'fill of an order without a limit price');
  const margin = repo.orderMoney(row, row.margin);
  const fee = repo.orderMoney(row, row.openFee);
  await postLegs(tx, deps.ledger, 'order_open', row, 'fill', [
    { account: acct(row, 'frozen'), amount: margin.plus(fee).negated() },
    { account: acct(row, 'margin'), amount: margin },
    { account: houseOf(row, 'fee_income'), amount: fee },
  ]);
  const filled = await transitionOrder(
    tx,
    row,
    'limit_reached',
    {
      costPrice: row.price,
      openedAt: now,
      ...holdMarks(calendarOf(deps.feed, row), row, now),
    },
    now,
    'limit_reached',
  );
  await messageFill(tx, deps.clock, filled);
  return filled;
}

/** Cancel or expiry of a pending order: the whole hold goes back to available. */
export async function cancelPending(
  tx: Tx,
  ledger: Ledger,
  row: OrderRow,
  reason: 'user' | 'expired',
  now: Date,
): Promise<OrderRow> {
  const total = repo.orderMoney(row, row.margin).plus(repo.orderMoney(row, row.openFee));
  await postLegs(tx, ledger, 'order_release', row, 'release', [
    { account: acct(row, 'frozen'), amount: total.negated() },
    { account: acct(row, 'available'), amount: total },
  ]);
  return transitionOrder(tx, row, reason === 'user' ? 'cancel' : 'expire', { cancelReason: reason }, now, reason);
}

/** The §3.1 event by which a close reason takes a position to `closing`. */
const closeEvents: Record<CloseReason, OrderEvent> = {
  user: 'close',
  take_profit: 'tp_sl',
  stop_loss: 'tp_sl',
  stop_out: 'stop_out',
  delisting: 'delist',
};

/**
 * Closes a position at `price` (holding → closing → closed in one step: the quote is at hand;
 * a row already `closing` goes straight to closed).
 * proceeds = margin + profitLoss − closeFee − stampDuty go to available; the house's `settlement`
 * pays or receives the P&L. Negative-balance protection (choice): a negative proceeds amount is
 * taken from available up to its balance and `settlement` absorbs the rest.
 */
export async function closeAt(
  tx: Tx,
  deps: TradingDeps,
  row: OrderRow,
  price: Dec,
  reason: CloseReason,
  now: Date,
): Promise<OrderRow> {
  invariant(row.costPrice !== null, 'open position without a cost price');
  const currency = row.currency;
  const margin = repo.orderMoney(row, row.margin);
  const units = unitsOf(row.lots, row.lotSize);
  const profitLoss = grossProfit(row.side, new Dec(row.costPrice), price, units, currency);
  const { closeFee, stampDuty } = closingCosts(price, units, row.sellFeeRate, row.stampDutyRate, currency);
  const proceeds = margin.plus(profitLoss).minus(closeFee).minus(stampDuty);
  let userLeg = proceeds;
  if (proceeds.isNegative()) {
    const available = (await balancesOf(tx, row.userId)).get(currency)?.available ?? Money.zero(currency);
    userLeg = Money.max(proceeds, available.negated());
  }
  // the house's settlement account balances the entry: −profitLoss, plus any shortfall it absorbs
  const settlement = margin.minus(closeFee).minus(stampDuty).minus(userLeg);
  const legs: PostingSpec[] = [
    { account: acct(row, 'margin'), amount: margin.negated() },
    { account: houseOf(row, 'fee_income'), amount: closeFee },
    { account: houseOf(row, 'tax_payable'), amount: stampDuty },
    { account: acct(row, 'available'), amount: userLeg },
    { account: houseOf(row, 'settlement'), amount: settlement },
  ];
  invariant(legs.reduce((s, l) => s.plus(l.amount), Money.zero(currency)).isZero(), 'close entry does not balance');
  await postLegs(tx, deps.ledger, 'order_close', row, 'close', legs, { reason, price: price.toString() });
  const cal = calendarOf(deps.feed, row);
  const settlesAt = proceeds.isPositive() ? (businessDaysAfter(cal, now, row.settlementDays) ?? now) : null;
  // holding / locked → closing (by the reason's event) → closed; a row already `closing` only fills
  const steps: readonly OrderEvent[] = row.state === 'closing' ? ['fill_close'] : [closeEvents[reason], 'fill_close'];
  const closed = await transitionOrder(
    tx,
    row,
    steps,
    {
      closePrice: formatPrice(price, row.priceScale),
      closedAt: now,
      closeReason: reason,
      closeFee: repo.orderAmount(closeFee),
      stampDuty: repo.orderAmount(stampDuty),
      profitLoss: repo.orderAmount(profitLoss),
      // half-up to the currency scale: a record of what the user received; only a leg capped at an
      // 8-decimal balance has digits below the scale (the posting itself is exact)
      proceeds: repo.orderAmount(userLeg.rounded('half_up')),
      settlesAt,
    },
    now,
    reason,
  );
  // the engine's closes (TP/SL, stop-out, delisting) tell the user, in this transaction
  await messageClose(tx, deps.clock, closed);
  return closed;
}

/** An open position (holding, locked or closing) marked at the feed's current price. */
export interface PositionMark {
  orderId: string;
  instrumentId: string;
  code: string;
  name: string;
  side: OrderRow['side'];
  state: OrderRow['state'];
  lots: number;
  /** units in one lot (the quantity is lots × lotSize) */
  lotSize: string;
  costPrice: string | null;
  currentPrice: string | null;
  margin: Money;
  profitLoss: Money;
}

/** A user's open positions, marked to the feed's current price (the copy funds' holdings, §14). */
export async function openPositionMarks(db: Db, feed: MarketFeed, userId: string): Promise<PositionMark[]> {
  return (await repo.openPositionsOf(db, userId)).map((row) => {
    const known = feed.instrument(row.instrumentId) !== undefined;
    const price = known ? feed.quote(row.instrumentId).price : null;
    const profitLoss =
      row.costPrice && price !== null
        ? grossProfit(row.side, new Dec(row.costPrice), new Dec(price), unitsOf(row.lots, row.lotSize), row.currency)
        : Money.zero(row.currency);
    return {
      orderId: row.id,
      instrumentId: row.instrumentId,
      code: row.code,
      name: row.name,
      side: row.side,
      state: row.state,
      lots: row.lots,
      lotSize: row.lotSize,
      costPrice: row.costPrice,
      currentPrice: price,
      margin: repo.orderMoney(row, row.margin),
      profitLoss,
    };
  });
}

type TotalsByCurrency = Map<Currency, PositionTotals>;

function totalsEntry(out: TotalsByCurrency, c: Currency): PositionTotals {
  let e = out.get(c);
  if (!e) out.set(c, (e = { positionsValue: Money.zero(c), profit: Money.zero(c), inTransit: Money.zero(c) }));
  return e;
}

/** An open position's part of `positionTotals`: its margin plus its floating P&L at the feed's price. */
function addOpenPosition(
  out: TotalsByCurrency,
  feed: MarketFeed,
  row: Pick<OrderRow, 'instrumentId' | 'currency' | 'side' | 'lots' | 'lotSize' | 'costPrice' | 'margin'>,
): void {
  const currency = row.currency;
  const e = totalsEntry(out, currency);
  const profitLoss =
    row.costPrice && feed.instrument(row.instrumentId)
      ? grossProfit(
          row.side,
          new Dec(row.costPrice),
          new Dec(feed.quote(row.instrumentId).price),
          unitsOf(row.lots, row.lotSize),
          currency,
        )
      : Money.zero(currency);
  e.positionsValue = e.positionsValue.plus(repo.orderMoney(row, row.margin)).plus(profitLoss);
  e.profit = e.profit.plus(profitLoss);
}

/** A closed order's part of `positionTotals`: its positive proceeds while in transit. */
function addInTransit(out: TotalsByCurrency, row: Pick<OrderRow, 'currency' | 'proceeds'>): void {
  const e = totalsEntry(out, row.currency);
  if (row.proceeds !== null) e.inTransit = e.inTransit.plus(repo.orderMoney(row, row.proceeds));
}

/** The positions port of the ledger's assets (§7.11): per currency, open positions and in-transit proceeds. */
export async function positionTotals(
  db: Db,
  feed: MarketFeed,
  userId: string,
  now: Date,
): Promise<Map<Currency, PositionTotals>> {
  const out: TotalsByCurrency = new Map();
  for (const row of await repo.openPositionsOf(db, userId)) addOpenPosition(out, feed, row);
  for (const row of await repo.unsettledOf(db, userId, now)) addInTransit(out, row);
  return out;
}

/**
 * `positionTotals` of a page of users in one query (the proof of liabilities' bulk read): per user
 * that holds a position or proceeds in transit, the same totals by the same rule.
 */
export async function positionTotalsOfUsers(
  db: Db,
  feed: MarketFeed,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, Map<Currency, PositionTotals>>> {
  const out = new Map<string, TotalsByCurrency>();
  for (const row of await repo.positionRowsOfUsers(db, userIds, now)) {
    let totals = out.get(row.userId);
    if (!totals) out.set(row.userId, (totals = new Map()));
    // the query's two readings: a closed row is in transit, any other is an open position
    if (row.state === 'closed') addInTransit(totals, row);
    else addOpenPosition(totals, feed, row);
  }
  return out;
}
