/**
 * Order arithmetic of API.md §1.10 and the readings of §1.11. Every amount is rounded half-up
 * to the currency's scale once, where it is first computed; later sums use the rounded values.
 * Margin is computed from the rounded contract amount.
 */
import { Dec, currencyScale, type Currency, type Market, type MarketConfigField, type Side } from '@brokerage/contract';
import type { Settings } from '../../platform/settings.js';

/** The market rules of §19.7 in force now; the ones that bind an order are copied onto its row. */
export interface MarketRules {
  buyFeeRate: string;
  sellFeeRate: string;
  stampDutyRate: string;
  holdMinutesMin: number;
  tPlusNDays: number;
  leverageOptions: number[];
  minOpeningAmount: string;
  priceLimitRate: string | null;
  stopOutRatio: string;
  settlementDays: number;
}

export function marketRules(settings: Settings, market: Market): MarketRules {
  const get = <F extends MarketConfigField>(field: F) => settings.get(`market.${market}.${field}`);
  return {
    buyFeeRate: get('buyFeeRate'),
    sellFeeRate: get('sellFeeRate'),
    stampDutyRate: get('stampDutyRate'),
    holdMinutesMin: get('minHoldMinutes'),
    tPlusNDays: get('tPlusNDays'),
    leverageOptions: get('leverageOptions'),
    minOpeningAmount: get('minOpeningAmount'),
    priceLimitRate: get('priceLimitRate'),
    stopOutRatio: get('stopOutRatio'),
    settlementDays: get('settlementDays'),
  };
}

/** Half-up to the currency scale (§1.11): the one rounding every amount gets. */
export function roundMoney(amount: Dec, currency: Currency): Dec {
  return amount.toDecimalPlaces(currencyScale[currency], Dec.ROUND_HALF_UP);
}

export function fmtMoney(amount: Dec, currency: Currency): string {
  return amount.toFixed(currencyScale[currency], Dec.ROUND_HALF_UP);
}

export interface OpeningAmounts {
  contractAmount: Dec;
  margin: Dec;
  openFee: Dec;
}

export function openingAmounts(price: Dec, lots: number, leverage: number, buyFeeRate: string, currency: Currency): OpeningAmounts {
  const contractAmount = roundMoney(price.times(lots), currency);
  const margin = roundMoney(contractAmount.dividedBy(leverage), currency);
  const openFee = roundMoney(contractAmount.times(buyFeeRate), currency);
  return { contractAmount, margin, openFee };
}

export interface ClosingCosts {
  closeFee: Dec;
  stampDuty: Dec;
}

export function closingCosts(price: Dec, lots: number, sellFeeRate: string, stampDutyRate: string, currency: Currency): ClosingCosts {
  const amount = price.times(lots);
  return { closeFee: roundMoney(amount.times(sellFeeRate), currency), stampDuty: roundMoney(amount.times(stampDutyRate), currency) };
}

/** Gross P&L (`yingkui`): long (P − cost) × lots, short (cost − P) × lots. */
export function grossProfit(side: Side, costPrice: Dec, price: Dec, lots: number, currency: Currency): Dec {
  const move = side === 'long' ? price.minus(costPrice) : costPrice.minus(price);
  return roundMoney(move.times(lots), currency);
}

/**
 * The price at which the floating loss reaches `margin × stopOutRatio` (fees ignored), rounded
 * to the price scale away from the entry price: down for a long, up for a short (§1.11). A long
 * whose stop-out would be at or below zero reports zero.
 */
export function stopOutPrice(side: Side, entry: Dec, lots: number, margin: Dec, stopOutRatio: string, priceScale: number): Dec {
  const move = margin.times(stopOutRatio).dividedBy(lots);
  if (side === 'long') return Dec.max(entry.minus(move).toDecimalPlaces(priceScale, Dec.ROUND_DOWN), 0);
  return entry.plus(move).toDecimalPlaces(priceScale, Dec.ROUND_UP);
}

/** Loss that triggers a stop-out: floating loss ≥ margin × stopOutRatio. */
export function isStopOut(yingkui: Dec, margin: Dec, stopOutRatio: string): boolean {
  // lt(0), not isNegative(): a loss rounded to −0.00 is no loss (decimal.js keeps the sign of zero)
  return yingkui.lt(0) && yingkui.negated().gte(margin.times(stopOutRatio));
}

/** `maxLots = floor(available / (price × (1/leverage + buyFeeRate)))` (§9.1). */
export function maxLotsOf(available: Dec, price: Dec, leverage: number, buyFeeRate: string): number {
  const perLot = price.times(new Dec(1).dividedBy(leverage).plus(buyFeeRate));
  if (perLot.lte(0) || available.lte(0)) return 0;
  // capped at the largest order a request may carry (Lots, §1.4)
  return Dec.min(available.dividedBy(perLot).floor(), 10_000_000).toNumber();
}
