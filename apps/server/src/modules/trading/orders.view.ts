/**
 * Order rows → the Order object of docs/api.md §5.2, with the floating figures of open positions
 * computed from the current quote: profitLoss, todayProfit, yesterdayProfit, expectedIncome.
 */
import {
  Dec,
  formatPrice,
  Money,
  openOrderStates,
  type Order,
  type OrderDetail,
  type ProfitLossNamed,
} from '@brokerage/contract';
import { previousTradingDay, tradingDayOf, type MarketCalendar, type SimMarket } from '@brokerage/market-sim';
import type { FeedQuote, MarketFeed } from '../market/index.js';
import { closingCosts, grossProfit, stopOutPrice, unitsOf } from './fees.js';
import { orderMoney, type OrderRow } from './orders.repository.js';

/**
 * The Order of §5.2 as the services return it, its gross P&L named `profitLoss` (docs/glossary.md);
 * the routes turn it into the wire's Order (`orderToWire`, trading.routes.ts).
 */
export type OrderView = ProfitLossNamed<Order>;
/** `/trade/detail`'s answer (§9.7) as the service returns it: the order and its history. */
export type OrderDetailView = OrderView & Pick<OrderDetail, 'history'>;

export interface ViewContext {
  now: Date;
  feed: MarketFeed;
  dayTrading: boolean;
}

const d = (v: string | null): Dec | null => (v === null ? null : new Dec(v));

/** The earliest close min hold and T+N allow (§5.2 `sellableAt`); null once reached. Day trading lifts T+N. */
export function sellableAtOf(row: OrderRow, dayTrading: boolean, now: Date): Date | null {
  const candidates = [row.minHoldUntil, dayTrading ? null : row.tPlusUntil].filter((x): x is Date => x !== null);
  if (candidates.length === 0) return null;
  const latest = new Date(Math.max(...candidates.map((c) => c.getTime())));
  return latest.getTime() > now.getTime() ? latest : null;
}

/** Close of the trading day before the previous one, from the feed's daily bars (yesterdayProfit). */
function closeOfDay(feed: MarketFeed, instrumentId: string, date: string): Dec | null {
  const bars = feed.candles(instrumentId, '1d', { limit: 5 });
  const bar = bars.find((b) => b.t.toISOString().slice(0, 10) === date);
  return bar ? new Dec(bar.c) : null;
}

interface DayFigures {
  todayProfit: Money;
  yesterdayProfit: Money;
}

/**
 * todayProfit: change of profitLoss since the previous session close, or since the fill if opened
 * on the current trading day. yesterdayProfit: the change during the previous trading day,
 * zero if the position was not open then.
 */
function dayFigures(
  row: OrderRow,
  quote: FeedQuote,
  cal: MarketCalendar,
  feed: MarketFeed,
  profitLoss: Money,
): DayFigures {
  const currency = row.currency;
  const zero = Money.zero(currency);
  const side = row.side;
  if (!row.openedAt || !row.costPrice) return { todayProfit: zero, yesterdayProfit: zero };
  const openDay = tradingDayOf(cal, row.openedAt);
  const today = quote.tradingDay;
  const prevClose = new Dec(quote.prevClose);
  const cost = new Dec(row.costPrice);
  const units = unitsOf(row.lots, row.lotSize);
  const todayProfit =
    openDay >= today ? profitLoss : grossProfit(side, prevClose, new Dec(quote.price), units, currency);
  const prevDay = previousTradingDay(cal, today);
  let yesterdayProfit = zero;
  if (openDay === prevDay) yesterdayProfit = grossProfit(side, cost, prevClose, units, currency);
  else if (openDay < prevDay) {
    const before = closeOfDay(feed, row.instrumentId, previousTradingDay(cal, prevDay));
    yesterdayProfit = before ? grossProfit(side, before, prevClose, units, currency) : zero;
  }
  return { todayProfit, yesterdayProfit };
}

/** A price at the order's scale, or null. */
const px = (v: Dec | null, scale: number): string | null => (v === null ? null : formatPrice(v, scale));

export function toOrder(row: OrderRow, ctx: ViewContext): OrderView {
  const currency = row.currency;
  const side = row.side;
  const state = row.state;
  const scale = row.priceScale;
  // the order's amount columns are `numeric` strings: the repository makes them Money (`orderMoney`)
  const zero = Money.zero(currency);
  const isOpen = openOrderStates.includes(state);
  const quote = ctx.feed.instrument(row.instrumentId) ? ctx.feed.quote(row.instrumentId) : null;
  const current = quote ? new Dec(quote.price) : null;
  const cost = d(row.costPrice);
  const closePrice = d(row.closePrice);
  const margin = orderMoney(row, row.margin);
  const openFee = orderMoney(row, row.openFee);
  const units = unitsOf(row.lots, row.lotSize);

  let profitLoss = zero;
  let actualProfit: Money | null = null;
  let expectedIncome = zero;
  let todayProfit = zero;
  let yesterdayProfit = zero;
  if (state === 'closed' && row.profitLoss !== null) {
    profitLoss = orderMoney(row, row.profitLoss);
    actualProfit = profitLoss
      .minus(openFee)
      .minus(orderMoney(row, row.closeFee ?? '0'))
      .minus(orderMoney(row, row.stampDuty ?? '0'));
    expectedIncome = actualProfit;
  } else if (isOpen && cost && current && quote) {
    profitLoss = grossProfit(side, cost, current, units, currency);
    const costs = closingCosts(current, units, row.sellFeeRate, row.stampDutyRate, currency);
    expectedIncome = profitLoss.minus(costs.closeFee).minus(costs.stampDuty);
    ({ todayProfit, yesterdayProfit } = dayFigures(
      row,
      quote,
      ctx.feed.calendar(row.market as SimMarket),
      ctx.feed,
      profitLoss,
    ));
  }
  const valuePrice = state === 'closed' ? closePrice : current;
  const sellableAt = isOpen ? sellableAtOf(row, ctx.dayTrading, ctx.now) : null;
  // amounts go out at the currency scale, half-up (Money's wire form, docs/api.md §1.4)
  return {
    orderId: row.id,
    orderNo: row.orderNo,
    instrumentId: row.instrumentId,
    code: row.code,
    name: row.name,
    market: row.market,
    currency,
    source: row.source,
    side,
    orderType: row.orderType,
    state,
    lots: row.lots,
    // the stored decimal (8 places) in its shortest form: "0.001", "1"
    lotSize: new Dec(row.lotSize).toString(),
    leverage: row.leverage,
    price: px(d(row.price), scale),
    costPrice: px(cost, scale),
    currentPrice: px(current, scale),
    closePrice: px(closePrice, scale),
    contractAmount: orderMoney(row, row.contractAmount).toString(),
    marketValue: (valuePrice ? Money.of(valuePrice, currency).times(units) : zero).toString(),
    margin: margin.toString(),
    openFee: openFee.toString(),
    closeFee: row.closeFee === null ? null : orderMoney(row, row.closeFee).toString(),
    stampDuty: row.stampDuty === null ? null : orderMoney(row, row.stampDuty).toString(),
    takeProfit: px(d(row.takeProfit), scale),
    stopLoss: px(d(row.stopLoss), scale),
    profitLoss: profitLoss.toString(),
    actualProfit: actualProfit === null ? null : actualProfit.toString(),
    todayProfit: todayProfit.toString(),
    yesterdayProfit: yesterdayProfit.toString(),
    expectedIncome: expectedIncome.toString(),
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    lockUntil: row.lockUntil?.toISOString() ?? null,
    sellableAt: sellableAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    closeReason: row.closeReason,
    stopOutPrice: isOpen && cost ? px(stopOutPrice(side, cost, units, margin, row.stopOutRatio, scale), scale) : null,
  };
}
