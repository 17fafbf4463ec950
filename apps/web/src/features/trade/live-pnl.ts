/**
 * Live P&L of open positions: the last price of the WebSocket frame (docs/api.md §18) laid over the
 * Order of `/trade/userstocklist` or `/trade/detail`, with profitLoss and market value recomputed by
 * the contract's `positionProfitLoss` / `positionMarketValue`, the very formula the server's order view
 * uses (parity tested in apps/server/src/modules/trading/pnl-parity.test.ts). Exact decimals only.
 *
 * Pending, cancelled and closed orders keep the server's figures: their P&L does not float.
 */
import {
  Money,
  openOrderStates,
  positionMarketValue,
  positionProfitLoss,
  type Currency,
  type OrderState,
  type Side,
  type WsQuote,
} from '@brokerage/contract';
import { useStore } from 'zustand';
import { liveQuotesStore, useLiveQuote } from '../../api/live-quotes';

/** Open positions (holding, locked, closing; the contract derives them from §3.1): their P&L floats. */
const FLOATING: readonly OrderState[] = openOrderStates;

/** The fields of an Order (§5.2) that live figures read. */
export interface PricedOrder {
  instrumentId: string;
  state: OrderState;
  side: Side;
  lots: number;
  /** units in one lot: the quantity is lots × lotSize */
  lotSize: string;
  currency: Currency;
  costPrice: string | null;
  currentPrice: string | null;
  marketValue: string;
  profitLoss: string;
}

export interface LiveFigures {
  currentPrice: string | null;
  marketValue: string;
  profitLoss: string;
  /** true when a live frame priced these figures */
  live: boolean;
}

export function floats(order: Pick<PricedOrder, 'state' | 'costPrice'>): boolean {
  return FLOATING.includes(order.state) && order.costPrice !== null;
}

/** The order's figures at the live price when it floats and a frame arrived; the server's otherwise. */
export function liveFigures(order: PricedOrder, live: Pick<WsQuote, 'price'> | undefined): LiveFigures {
  if (!live || !floats(order) || order.costPrice === null) {
    return {
      currentPrice: order.currentPrice,
      marketValue: order.marketValue,
      profitLoss: order.profitLoss,
      live: false,
    };
  }
  const position = {
    side: order.side,
    costPrice: order.costPrice,
    lots: order.lots,
    lotSize: order.lotSize,
    currency: order.currency,
  };
  return {
    currentPrice: live.price,
    marketValue: positionMarketValue(live.price, order.lots, order.lotSize, order.currency),
    profitLoss: positionProfitLoss(position, live.price),
    live: true,
  };
}

/**
 * A tab's total P&L with live prices: the server's `totalProfitLoss` (the whole filtered set) moved by
 * each listed position's change from its server figure to its live figure.
 */
export function liveTotal(
  orders: readonly PricedOrder[],
  serverTotal: string,
  currency: Currency,
  quotes: Record<string, Pick<WsQuote, 'price'>>,
): string {
  // every figure is already at the currency scale, so the sum is exact and needs no rounding
  let total = Money.of(serverTotal, currency);
  for (const order of orders) {
    const figures = liveFigures(order, quotes[order.instrumentId]);
    if (figures.live)
      total = total.plus(Money.of(figures.profitLoss, currency)).minus(Money.of(order.profitLoss, currency));
  }
  return total.toString();
}

/** One position re-priced by its instrument's latest frame (subscribe with `useLiveQuotes`). */
export function useLiveFigures(order: PricedOrder): LiveFigures {
  const live = useLiveQuote(floats(order) ? order.instrumentId : undefined);
  return liveFigures(order, live);
}

/** The live total of a tab; re-renders only when the total string changes. */
export function useLiveTotal(orders: readonly PricedOrder[], serverTotal: string, currency: Currency): string {
  return useStore(liveQuotesStore, (state) => liveTotal(orders, serverTotal, currency, state.quotes));
}
