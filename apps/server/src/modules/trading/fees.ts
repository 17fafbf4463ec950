/**
 * Order arithmetic of docs/api.md §1.10 and the readings of §1.11. Amounts are the contract's Money,
 * each rounded once, where it is first computed, with its mode named; later sums use the rounded
 * values. Margin is computed from the rounded contract amount. Prices stay Decimals.
 */
import {
  Dec,
  Money,
  roundPrice,
  type Currency,
  type Market,
  type MarketConfigField,
  type Side,
} from '@brokerage/contract';
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

/** Per settings, the rules of each market read at one version of them (`marketRules`). */
const rulesCache = new WeakMap<Settings, { version: number; byMarket: Map<Market, MarketRules> }>();

/**
 * The rules of `market` now. Read once per version of the settings (every change moves it) and
 * shared: ten lookups by a built key on every order otherwise. Callers read them, never change them.
 */
export function marketRules(settings: Settings, market: Market): MarketRules {
  let cached = rulesCache.get(settings);
  if (!cached || cached.version !== settings.version) {
    cached = { version: settings.version, byMarket: new Map() };
    rulesCache.set(settings, cached);
  }
  let rules = cached.byMarket.get(market);
  if (!rules) {
    rules = readMarketRules(settings, market);
    cached.byMarket.set(market, rules);
  }
  return rules;
}

function readMarketRules(settings: Settings, market: Market): MarketRules {
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

/**
 * The quantity of an order in units of the instrument: lots × lotSize (shares, coins, units of a
 * currency's base). Every amount below is priced on it, never on the bare lot count, so 1 lot of
 * BTC (0.001 BTC) costs a thousandth of a coin. Branded so a lot count cannot be passed by mistake.
 */
export type Units = Dec & { readonly __units: 'lots × lotSize' };

/** `lots × lotSize`, exact (a lot size has at most 8 decimals; nothing is rounded). */
export function unitsOf(lots: number, lotSize: string | Dec): Units {
  return new Dec(lotSize).times(lots) as Units;
}

// Rounding (§1.11, docs/style.md §3): every amount below is rounded half-up to the currency scale once,
// where it is first computed, and later sums use the rounded values. Half-up is the mode docs/api.md
// names for fees and margin; on an exact half it gives the house the sub-unit of a fee and of a
// margin (the larger hold) and the customer that of a gain, so each call says who gains.

export interface OpeningAmounts {
  contractAmount: Money;
  margin: Money;
  openFee: Money;
}

export function openingAmounts(
  price: Dec,
  units: Units,
  leverage: number,
  buyFeeRate: string,
  currency: Currency,
): OpeningAmounts {
  // half-up: a reading of price × units, the base of the minimum opening amount; on a half the larger base
  const contractAmount = Money.of(price, currency).times(units).rounded('half_up');
  // half-up, from the rounded contract amount (§1.11): on a half the house holds the larger margin
  const margin = contractAmount.dividedBy(leverage).rounded('half_up');
  // half-up (§1.11): on a half the house gains the sub-unit of the fee
  const openFee = contractAmount.times(buyFeeRate).rounded('half_up');
  return { contractAmount, margin, openFee };
}

export interface ClosingCosts {
  closeFee: Money;
  stampDuty: Money;
}

export function closingCosts(
  price: Dec,
  units: Units,
  sellFeeRate: string,
  stampDutyRate: string,
  currency: Currency,
): ClosingCosts {
  const amount = Money.of(price, currency).times(units);
  // half-up (§1.11): on a half the house gains the sub-unit of the fee and the duty
  return {
    closeFee: amount.times(sellFeeRate).rounded('half_up'),
    stampDuty: amount.times(stampDutyRate).rounded('half_up'),
  };
}

/** Gross P&L (`profitLoss`): long (P − cost) × units, short (cost − P) × units. */
export function grossProfit(side: Side, costPrice: Dec, price: Dec, units: Units, currency: Currency): Money {
  const move = side === 'long' ? price.minus(costPrice) : costPrice.minus(price);
  // half-up, away from zero on a half (as the web app's `positionProfitLoss`): the customer gains a
  // half-unit gain and bears a half-unit loss
  return Money.of(move, currency).times(units).rounded('half_up');
}

/**
 * The price at which the floating loss reaches `margin × stopOutRatio` (fees ignored), rounded
 * to the price scale away from the entry price: down for a long, up for a short (§1.11). A long
 * whose stop-out would be at or below zero reports zero. A price, not money.
 */
export function stopOutPrice(
  side: Side,
  entry: Dec,
  units: Units,
  margin: Money,
  stopOutRatio: string,
  priceScale: number,
): Dec {
  const move = margin.amount.times(stopOutRatio).dividedBy(units);
  if (side === 'long') return Dec.max(roundPrice(entry.minus(move), priceScale, 'down'), 0);
  return roundPrice(entry.plus(move), priceScale, 'up');
}

/** Loss that triggers a stop-out: floating loss ≥ margin × stopOutRatio. */
export function isStopOut(profitLoss: Money, margin: Money, stopOutRatio: string): boolean {
  // isNegative() of Money is false for a loss rounded to −0.00: no loss
  return profitLoss.isNegative() && profitLoss.negated().compare(margin.times(stopOutRatio)) >= 0;
}

/**
 * `maxLots = floor(available / (price × lotSize × (1/leverage + buyFeeRate)))` (§9.1, with the lot
 * size of docs/decisions.md). Floor: never a lot the funds check would refuse, up to the rounding
 * of margin and fee to the currency scale (the preview's `total` is the exact figure for a count).
 */
export function maxLotsOf(
  available: Money,
  price: Dec,
  lotSize: string | Dec,
  leverage: number,
  buyFeeRate: string,
): number {
  const perLot = price.times(lotSize).times(new Dec(1).dividedBy(leverage).plus(buyFeeRate));
  if (perLot.lte(0) || !available.isPositive()) return 0;
  // capped at the largest order a request may carry (Lots, §1.4)
  let lots = Dec.min(available.amount.dividedBy(perLot).floor(), 10_000_000).toNumber();
  // margin and fee are each rounded half-up to the currency scale, so the exact quotient can be one
  // lot above what the funds check accepts: step down until margin + fee fits (at most twice)
  const fits = (n: number) => {
    const a = openingAmounts(price, unitsOf(n, lotSize), leverage, buyFeeRate, available.currency);
    return !a.margin.plus(a.openFee).isGreaterThan(available);
  };
  while (lots > 0 && !fits(lots)) lots -= 1;
  return lots;
}
