/**
 * User order calls of docs/api.md §9.2–§9.7: buy, cancel, close, setTpSl, the positions list and the
 * detail. Each refusal is checked in the contract's order and the first failure answers; the
 * effect runs in the caller's transaction (the one shared with the stored idempotent answer).
 */
import {
  Dec,
  formatPrice,
  Money,
  type Code,
  type Currency,
  type Market,
  type OrderState,
  type Side,
  type buyRequest,
  type setTpSlRequest,
  type userStockListRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { SimMarket } from '@brokerage/market-sim';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { newId, newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import {
  findUserById,
  findUserCached,
  requireKyc,
  requireNotTradeBlocked,
  type AuthCache,
  type UserRow,
} from '../auth/index.js';
// the [TB] and [KYC] gates of §2, shared with the money calls of funds
import { InsufficientFundsError, type LockedBatch } from '../ledger/index.js';
import { currencyOfInstrument, lotSizeOf, type FeedQuote } from '../market/index.js';
import { marketRules, openingAmounts, unitsOf } from './fees.js';
import * as repo from './orders.repository.js';
import type { NewOrderRow, OrderRow } from './orders.repository.js';
import { canOrder, initialOrderState } from './orders.states.js';
import { toOrder, type OrderDetailView, type OrderView } from './orders.view.js';
import {
  calendarOf,
  cancelPending,
  chargeOpen,
  closeAt,
  holdForLimit,
  holdMarks,
  openEntrySpec,
  type TradingDeps,
} from './positions.service.js';
import { expiryOf, inAnySession, isRegularSession, tradingHours } from './sessions.js';
import { sellableAtOf } from './orders.view.js';

export interface OrdersDeps extends TradingDeps {
  settings: Settings;
  /** the app's auth cache, for the [TB]/[KYC] gates of `buy` */
  authCache: AuthCache;
}

export const settlementCurrency: Record<Market, Currency> = {
  mxn: 'MXN',
  usd: 'USD',
  eur: 'EUR',
  crypto: 'USDT',
  forex: 'USD',
};

/** A quote orders may use: fresh and not halted (`order.price_unavailable` otherwise). */
export function usableQuote(quote: FeedQuote): boolean {
  return !quote.stale && quote.status !== 'halted' && quote.status !== 'delisted';
}

async function userOf(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  return user;
}

/** `userOf` through the auth cache; only where the transaction has written no `users` row yet. */
async function cachedUserOf(db: Db, authCache: AuthCache, userId: string): Promise<UserRow> {
  const user = await findUserCached(db, authCache, userId);
  if (!user) throw new DomainError('auth.required');
  return user;
}

export async function view(db: Db, deps: TradingDeps, row: OrderRow): Promise<OrderView> {
  const user = await findUserById(db, row.userId);
  return toOrder(row, { now: deps.clock.now(), feed: deps.feed, dayTrading: user?.dayTrading ?? false });
}

/** Instrument lookup shared by preview and buy: `product.not_found` → `product.not_listed`. */
export function tradableInstrument(deps: TradingDeps, instrumentId: string) {
  const def = deps.feed.instrument(instrumentId);
  if (!def || def.assetClass === 'index') throw new DomainError('product.not_found');
  const quote = deps.feed.quote(instrumentId);
  if (quote.status === 'delisted') throw new DomainError('product.not_found');
  if (quote.status === 'pre_listing') throw new DomainError('product.not_listed', { listingDate: def.listingDate });
  return { def, quote, market: def.market as Market, currency: currencyOfInstrument(def), lotSize: lotSizeOf(def) };
}

/** Long: TP above and SL below the reference; short the other way round (§9.2 rule 7). */
export function checkTpSl(
  side: Side,
  reference: Dec,
  takeProfit: string | null | undefined,
  stopLoss: string | null | undefined,
  scale: number,
): void {
  if (takeProfit !== null && takeProfit !== undefined) {
    const tp = new Dec(takeProfit);
    if (side === 'long' ? tp.lte(reference) : tp.gte(reference))
      throw new DomainError('order.tp_sl_invalid', { field: 'takeProfit', reference: formatPrice(reference, scale) });
  }
  if (stopLoss !== null && stopLoss !== undefined) {
    const sl = new Dec(stopLoss);
    if (side === 'long' ? sl.gte(reference) : sl.lte(reference))
      throw new DomainError('order.tp_sl_invalid', { field: 'stopLoss', reference: formatPrice(reference, scale) });
  }
}

/** The price a market order fills at: the ask for a long, the bid for a short. */
export function marketFillPrice(side: Side, quote: FeedQuote): Dec {
  return new Dec(side === 'long' ? quote.ask : quote.bid);
}

/** The price a close fills at: the bid for a long, the ask for a short. */
export function closeFillPrice(side: Side, quote: FeedQuote): Dec {
  return new Dec(side === 'long' ? quote.bid : quote.ask);
}

type BuyBody = z.output<typeof buyRequest>;

/** A buy checked against everything but the funds (steps 1–8 of §9.2): the order row to write and what its answer needs. */
export interface PreparedBuy {
  row: NewOrderRow & { id: string };
  isMarket: boolean;
  /** margin + open fee, in the instrument's currency: what the funds check takes from `available` */
  required: Money;
  dayTrading: boolean;
  code: Code;
}

/**
 * Steps 1–8 of §9.2 in the contract's order, without writing: the first failure throws its
 * refusal. Reads the user through the auth cache (no `users` row is written before the effect).
 */
export async function prepareBuy(db: Db, deps: OrdersDeps, userId: string, body: BuyBody): Promise<PreparedBuy> {
  const now = deps.clock.now();
  // 1. [TB], then [KYC]; the user row may come from the auth cache: it is dropped on every `users`
  // update, and the buy writes no user row before reading it (auth-cache.ts)
  const user = await cachedUserOf(db, deps.authCache, userId);
  requireNotTradeBlocked(user);
  requireKyc(user);
  // 2. product.not_found → product.not_listed
  const { def, quote, market, currency, lotSize } = tradableInstrument(deps, body.instrumentId);
  const cal = deps.feed.calendar(market as SimMarket);
  // 3. trading time: market orders in the regular session only, limit orders in any session of the day
  const isMarket = body.orderType === 'market';
  if (isMarket ? !isRegularSession(cal, now) : !inAnySession(cal, now)) {
    throw new DomainError('order.not_trading_time', tradingHours(cal, isMarket ? 'regular' : 'any'));
  }
  // 4. a fresh, tradable quote
  if (!usableQuote(quote)) throw new DomainError('order.price_unavailable');
  // 5. leverage
  const rules = marketRules(deps.settings, market);
  if (!rules.leverageOptions.includes(body.leverage))
    throw new DomainError('order.leverage_not_allowed', { options: rules.leverageOptions.join(', ') });
  // 6. daily price band, limit orders on markets with a limit
  const limitPrice = body.price ? new Dec(body.price) : null;
  if (
    limitPrice &&
    quote.limitUp !== null &&
    quote.limitDown !== null &&
    (limitPrice.lt(quote.limitDown) || limitPrice.gt(quote.limitUp))
  ) {
    throw new DomainError('order.price_limit', { low: quote.limitDown, high: quote.limitUp });
  }
  // 7. TP/SL against the limit price, or the current price for market orders (nothing to check without them)
  if (body.takeProfit != null || body.stopLoss != null)
    checkTpSl(body.side, limitPrice ?? new Dec(quote.price), body.takeProfit, body.stopLoss, def.priceScale);
  // 8. minimum opening amount, on the contract amount (price × lots × lotSize) at the fill (market) or limit price
  const price = limitPrice ?? marketFillPrice(body.side, quote);
  const amounts = openingAmounts(price, unitsOf(body.lots, lotSize), body.leverage, rules.buyFeeRate, currency);
  if (amounts.contractAmount.isLessThan(Money.of(rules.minOpeningAmount, currency))) {
    throw new DomainError('order.below_opening_amount', { min: rules.minOpeningAmount, currency });
  }
  // 9. funds: available ≥ margin + open fee in the instrument's currency. The ledger checks it under
  // the account lock (the only debit of the entry is `available`), so there is no separate read.
  const id = newId('o');
  const openedAt = isMarket ? now : null;
  const row: NewOrderRow & { id: string } = {
    id,
    orderNo: newOrderNo('', now),
    userId,
    instrumentId: def.instrumentId,
    code: def.code,
    name: def.name,
    market,
    currency,
    priceScale: def.priceScale,
    source: 'order',
    side: body.side,
    orderType: body.orderType,
    state: initialOrderState(isMarket ? 'buy_market' : 'buy_limit'),
    lots: body.lots,
    lotSize,
    leverage: body.leverage,
    price: limitPrice?.toString() ?? null,
    costPrice: isMarket ? price.toString() : null,
    contractAmount: repo.orderAmount(amounts.contractAmount),
    margin: repo.orderAmount(amounts.margin),
    openFee: repo.orderAmount(amounts.openFee),
    takeProfit: body.takeProfit ?? null,
    stopLoss: body.stopLoss ?? null,
    buyFeeRate: rules.buyFeeRate,
    sellFeeRate: rules.sellFeeRate,
    stampDutyRate: rules.stampDutyRate,
    stopOutRatio: rules.stopOutRatio,
    holdMinutesMin: rules.holdMinutesMin,
    tPlusNDays: rules.tPlusNDays,
    settlementDays: rules.settlementDays,
    createdAt: now,
    openedAt,
    ...(openedAt ? holdMarks(cal, rules, openedAt) : {}),
    expiresAt: isMarket ? null : expiryOf(cal, market, now),
  };
  return {
    row,
    isMarket,
    required: amounts.margin.plus(amounts.openFee),
    dayTrading: user.dayTrading,
    code: body.side === 'long' ? 'result.buy.ok' : 'result.sell.ok',
  };
}

/** The ledger's refusal of step 9, as the buy answers it. */
function fundsRefusal(error: InsufficientFundsError, prepared: PreparedBuy): DomainError {
  return new DomainError('funds.insufficient_available', {
    available: error.balance.toString(),
    required: prepared.required.toString(),
    currency: prepared.row.currency,
  });
}

export async function buy(
  tx: Tx,
  deps: OrdersDeps,
  userId: string,
  body: BuyBody,
): Promise<{ order: OrderView; code: Code }> {
  const prepared = await prepareBuy(tx, deps, userId, body);
  const row = await repo.insertOrderWithEvent(tx, prepared.row);
  try {
    if (prepared.isMarket) await chargeOpen(tx, deps.ledger, row);
    else await holdForLimit(tx, deps.ledger, row);
  } catch (error) {
    // the rollback takes the order row and event back out
    if (error instanceof InsufficientFundsError) throw fundsRefusal(error, prepared);
    throw error;
  }
  // the ledger entry changes no column of the order: the inserted row is the answer
  return {
    order: toOrder(row, { now: row.createdAt, feed: deps.feed, dayTrading: prepared.dayTrading }),
    code: prepared.code,
  };
}

/**
 * Market buys of a group commit's batch (platform/group-commit.ts) in a pipelined transaction,
 * in two halves. This one locks every account the buys move (one statement, sent at once, so it
 * shares its round trip with the batch's claim).
 */
export function lockMarketBuys(tx: Tx, deps: OrdersDeps, buys: PreparedBuy[]): Promise<LockedBatch> {
  invariant(
    buys.every((b) => b.isMarket),
    'only market buys are placed in a batch',
  );
  return deps.ledger.lockEntries(
    tx,
    buys.map((b) => openEntrySpec(b.row)),
  );
}

/**
 * The second half: the buys `take` picks are checked for funds under the locks, each on its own
 * (a refusal writes nothing); the open entries and the accepted orders are sent at once, in two
 * statements, and every buy's answer is known without waiting for them: its refusal, or the
 * order as written (`orderAsStored`). `written` settles when both statements are answered.
 */
export function writeMarketBuys(
  tx: Tx,
  deps: OrdersDeps,
  batch: LockedBatch,
  buys: PreparedBuy[],
  take: readonly number[],
): { results: ({ order: OrderView; code: Code } | DomainError)[]; written: Promise<void> } {
  const posting = deps.ledger.postLocked(tx, batch, take);
  const chosen = take.map((i) => buys[i] as PreparedBuy);
  const accepted = chosen.filter((_, i) => posting.refusals[i] === null);
  const inserted = repo.sendOrdersWithEvents(
    tx,
    accepted.map((b) => b.row),
  );
  const results = chosen.map((b, i) => {
    const refusal = posting.refusals[i];
    if (refusal) return fundsRefusal(refusal, b);
    const row = repo.orderAsStored(b.row);
    return { order: toOrder(row, { now: row.createdAt, feed: deps.feed, dayTrading: b.dayTrading }), code: b.code };
  });
  const written = Promise.all([posting.written, inserted]).then(([, ids]) => {
    invariant(ids.length === accepted.length, `${ids.length} orders written for ${accepted.length}`);
  });
  return { results, written };
}

async function ownOrder(tx: Tx, userId: string, orderId: string): Promise<OrderRow> {
  const row = await repo.lockOrder(tx, orderId);
  if (!row || row.userId !== userId) throw new DomainError('order.not_found');
  return row;
}

/** §9.3: `order.not_found` → `order.not_pending`; allowed at any time of day. */
export async function cancel(tx: Tx, deps: OrdersDeps, userId: string, orderId: string): Promise<OrderView> {
  const row = await ownOrder(tx, userId, orderId);
  if (!canOrder(row, 'cancel')) throw new DomainError('order.not_pending', { state: row.state });
  return view(tx, deps, await cancelPending(tx, deps.ledger, row, 'user', deps.clock.now()));
}

/**
 * §9.4, in order: not_found → locked → not_holding → not_trading_time → min_hold → t_plus_n →
 * price_unavailable. The row lock makes a second concurrent close wait, then see `closed`.
 */
export async function close(tx: Tx, deps: OrdersDeps, userId: string, orderId: string): Promise<OrderView> {
  const now = deps.clock.now();
  const row = await ownOrder(tx, userId, orderId);
  if (!canOrder(row, 'close')) {
    // a position still in its lock-up gets the reason and the date it ends (§3.1)
    if (canOrder(row, 'lock_ends'))
      throw new DomainError('order.locked', { lockUntil: row.lockUntil?.toISOString() ?? null });
    throw new DomainError('order.not_holding', { state: row.state });
  }
  const cal = calendarOf(deps.feed, row);
  if (!inAnySession(cal, now)) throw new DomainError('order.not_trading_time', tradingHours(cal, 'any'));
  const user = await userOf(tx, userId);
  const sellableAt = sellableAtOf(row, user.dayTrading, now)?.toISOString() ?? null;
  if (row.minHoldUntil && now < row.minHoldUntil)
    throw new DomainError('order.min_hold', { minutes: String(row.holdMinutesMin), sellableAt });
  if (!user.dayTrading && row.tPlusUntil && now < row.tPlusUntil)
    throw new DomainError('order.t_plus_n', { days: String(row.tPlusNDays), sellableAt });
  const quote = deps.feed.quote(row.instrumentId);
  if (!usableQuote(quote)) throw new DomainError('order.price_unavailable');
  const closed = await closeAt(tx, deps, row, closeFillPrice(row.side, quote), 'user', now);
  return toOrder(closed, { now, feed: deps.feed, dayTrading: user.dayTrading });
}

type TpSlBody = z.output<typeof setTpSlRequest>;

/** §9.5: not_found → not_holding (pending, holding or locked) → tp_sl_invalid (limit price while pending, else current price). */
export async function setTpSl(tx: Tx, deps: OrdersDeps, userId: string, body: TpSlBody): Promise<OrderView> {
  const row = await ownOrder(tx, userId, body.orderId);
  // TP/SL belong to an order that can still fill or be closed by them: pending, holding, locked
  if (!canOrder(row, 'limit_reached') && !canOrder(row, 'stop_out'))
    throw new DomainError('order.not_holding', { state: row.state });
  const reference =
    row.state === 'pending' && row.price !== null
      ? new Dec(row.price)
      : new Dec(deps.feed.quote(row.instrumentId).price);
  checkTpSl(row.side, reference, body.takeProfit, body.stopLoss, row.priceScale);
  const updated = await repo.updateOrder(tx, row.id, { takeProfit: body.takeProfit, stopLoss: body.stopLoss });
  // the engine's change tail reads events: a TP/SL edit writes a marker (not part of the history)
  await repo.addEvent(tx, row.id, row.state, deps.clock.now(), repo.TP_SL_EVENT);
  return view(tx, deps, updated);
}

type ListBody = z.output<typeof userStockListRequest>;

/** `/trade/userstocklist`'s answer (§9.6) as the service returns it; the route maps it to the wire. */
export interface StockListView {
  list: OrderView[];
  total: number;
  page: number;
  size: number;
  currency: Currency;
  totalProfitLoss: string;
}

export async function userStockList(db: Db, deps: OrdersDeps, userId: string, body: ListBody): Promise<StockListView> {
  const user = await userOf(db, userId);
  const now = deps.clock.now();
  const currency = settlementCurrency[body.type];
  // the closed rows' P&L is summed in SQL, each row rounded half-up to the currency scale by
  // PostgreSQL's round() as the row view rounds it (docs/decisions.md, "Lists page in SQL")
  const { rows, total, closedProfitLoss, open } = await repo.listOfUser(
    db,
    userId,
    body.type,
    body.states,
    body.page,
    body.size,
  );
  const ctx = { now, feed: deps.feed, dayTrading: user.dayTrading };
  const list = rows.map((r) => toOrder(r, ctx));
  // Σ profitLoss of the whole filtered set (§9.6), each already rounded to the currency scale:
  // closed rows summed in SQL, open rows at the live price
  const totalProfitLoss = open.reduce(
    (sum, r) => sum.plus(Money.of(toOrder(r, ctx).profitLoss, currency)),
    Money.of(closedProfitLoss, currency),
  );
  return { list, total, page: body.page, size: body.size, currency, totalProfitLoss: totalProfitLoss.toString() };
}

export async function detail(db: Db, deps: OrdersDeps, userId: string, orderId: string): Promise<OrderDetailView> {
  const row = await repo.findOrder(db, orderId);
  if (!row || row.userId !== userId) throw new DomainError('order.not_found');
  const events = await repo.eventsOf(db, orderId);
  return {
    ...(await view(db, deps, row)),
    history: events.map((e) => ({ state: e.state as OrderState, at: e.at.toISOString(), reason: e.reason })),
  };
}
