/**
 * Floating profit and loss of an open position (docs/api.md §1.10), shared by the server's order view
 * and the web app's live rows, so a position re-priced from a WebSocket frame shows exactly what
 * the next `/trade/userstocklist` answer will say for the same price.
 *
 * - `profitLoss`: long `(P − costPrice) × q`, short `(costPrice − P) × q`, with the quantity
 *   `q = lots × lotSize` (docs/decisions.md, "Lot sizes"), rounded half-up to
 *   the currency scale once (§1.11), as `grossProfit` of apps/server/src/modules/trading/fees.ts.
 * - `marketValue`: `P × q`, half-up to the currency scale (§5.2).
 *
 * Inputs are decimal strings (or `Dec`); outputs are decimal strings at the currency scale.
 */
import type { Side } from './enums.js';
import { Dec, currencyScale, type Currency } from './money.js';

export interface PositionPriceInput {
  side: Side;
  costPrice: string | Dec;
  lots: number;
  /** units in one lot (the order's `lotSize`); absent means one unit, a share */
  lotSize?: string;
  currency: Currency;
}

function dec(value: string | Dec): Dec {
  return typeof value === 'string' ? new Dec(value) : value;
}

/** The quantity in units of the instrument: `lots × lotSize`, exact. */
export function quantityOf(lots: number, lotSize: string | Dec): Dec {
  return dec(lotSize).times(lots);
}

/** Gross P&L at `price`, as an exact `Dec` already rounded to the currency scale. */
export function positionProfitLossDec(position: PositionPriceInput, price: string | Dec): Dec {
  const last = dec(price);
  const cost = dec(position.costPrice);
  const move = position.side === 'long' ? last.minus(cost) : cost.minus(last);
  return move
    .times(quantityOf(position.lots, position.lotSize ?? '1'))
    .toDecimalPlaces(currencyScale[position.currency], Dec.ROUND_HALF_UP);
}

/** Gross P&L at `price` as the wire string (`"24.00"`, `"-3.10"`). */
export function positionProfitLoss(position: PositionPriceInput, price: string | Dec): string {
  return positionProfitLossDec(position, price).toFixed(currencyScale[position.currency], Dec.ROUND_HALF_UP);
}

/** `price × lots × lotSize` at the currency scale, as the wire string. */
export function positionMarketValue(price: string | Dec, lots: number, lotSize: string, currency: Currency): string {
  return dec(price).times(quantityOf(lots, lotSize)).toFixed(currencyScale[currency], Dec.ROUND_HALF_UP);
}

/** Σ of decimal strings at the currency scale (a tab's total P&L). */
export function sumAmounts(amounts: readonly string[], currency: Currency): string {
  const total = amounts.reduce((sum, amount) => sum.plus(amount), new Dec(0));
  return total.toFixed(currencyScale[currency], Dec.ROUND_HALF_UP);
}
