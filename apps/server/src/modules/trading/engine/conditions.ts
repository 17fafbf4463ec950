/**
 * The price conditions of docs/api.md §3.1, twice: as exact Dec predicates on an order row (what the
 * engine re-checks under the row lock, the truth) and as scaled-integer keys for the trigger
 * index (the hint). For every `last` with at most 8 decimals, "the key says it fired" equals
 * "the predicate holds" (trigger-index.test.ts checks it against the predicates).
 */
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the stop-out key is exact integer arithmetic in units of the currency scale (see stopOutKey)
import { Dec, currencyScale, Money, type Currency, type Side } from '@brokerage/contract';
import { grossProfit, isStopOut, unitsOf } from '../fees.js';
import { ceilDiv, floorDiv, KEY_SCALE, toScaled } from '../../../platform/scaled.js';

/** What a price entry does when it fires. */
export type PriceKind = 'limit' | 'take_profit' | 'stop_loss' | 'stop_out';

/**
 * `down`: fires when last ≤ key (long limit, long stop-loss, long stop-out, short take-profit);
 * `up`: fires when last ≥ key (the mirror images).
 */
export type Direction = 'down' | 'up';

export function directionOf(kind: PriceKind, side: Side): Direction {
  const longDown = kind !== 'take_profit';
  return (side === 'long') === longDown ? 'down' : 'up';
}

/** Long fills when last ≤ limit, short when last ≥ limit. */
export function limitCrossed(side: Side, limit: Dec, last: Dec): boolean {
  return side === 'long' ? last.lte(limit) : last.gte(limit);
}

/** Long: last ≥ TP; short: last ≤ TP. */
export function takeProfitCrossed(side: Side, takeProfit: Dec, last: Dec): boolean {
  return side === 'long' ? last.gte(takeProfit) : last.lte(takeProfit);
}

/** Long: last ≤ SL; short: last ≥ SL. */
export function stopLossCrossed(side: Side, stopLoss: Dec, last: Dec): boolean {
  return side === 'long' ? last.lte(stopLoss) : last.gte(stopLoss);
}

export interface StopOutTerms {
  side: Side;
  costPrice: string;
  lots: number;
  /** units in one lot: the quantity is lots × lotSize */
  lotSize: string;
  margin: string;
  stopOutRatio: string;
  currency: Currency;
}

/** The engine's stop-out rule: floating loss (rounded like every profitLoss) ≥ margin × stopOutRatio. */
export function stoppedOut(terms: StopOutTerms, last: Dec): boolean {
  const units = unitsOf(terms.lots, terms.lotSize);
  const profitLoss = grossProfit(terms.side, new Dec(terms.costPrice), last, units, terms.currency);
  return isStopOut(profitLoss, Money.of(terms.margin, terms.currency), terms.stopOutRatio);
}

const POW10 = Array.from({ length: 2 * KEY_SCALE + 1 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

/**
 * The stop-out key, exact: long fires iff last ≤ key, short iff last ≥ key.
 *
 * With q = lots × lotSize the quantity and X the loss (cost − last) × q of a long (mirrored for a short), c the currency scale
 * and u = 10^−c: profitLoss = −round_half_up(X, c), and the rule holds iff round(X) ≥ max(⌈M×r⌉_c, u)
 * (the loss must also be non-zero), iff X ≥ K − u/2 with K that bound. So a long fires iff
 * last ≤ cost − (K − u/2) / q; with Q = q × 10^8 (a lot size has at most 8 decimals) and prices in
 * units of 10^−8 that is ⌊(cost·Q − T·10^8) / Q⌋ with T = K − u/2, all integers (with a lot size
 * of 1, Q = lots × 10^8 and the key is ⌊(cost·lots − T) / lots⌋, as before lot sizes). Unlike the preview's `stopOutPrice` (fees and rounding of the loss
 * ignored, shown to the user), this is the price at which the engine's own rule starts to hold,
 * so the index never fires late and never early.
 */
export function stopOutKey(terms: StopOutTerms): bigint {
  const c = currencyScale[terms.currency];
  const quantity = BigInt(terms.lots) * toScaled(terms.lotSize);
  const cost = toScaled(terms.costPrice);
  // M × r in units of 10^-16, rounded up to the currency scale, at least one unit
  const product = toScaled(terms.margin) * toScaled(terms.stopOutRatio);
  const boundInUnits = ceilDiv(product, pow10(2 * KEY_SCALE - c));
  const bound = (boundInUnits > 1n ? boundInUnits : 1n) * pow10(KEY_SCALE - c);
  const threshold = bound - 5n * pow10(KEY_SCALE - 1 - c);
  const scaledThreshold = threshold * pow10(KEY_SCALE);
  return terms.side === 'long'
    ? floorDiv(cost * quantity - scaledThreshold, quantity)
    : ceilDiv(cost * quantity + scaledThreshold, quantity);
}

/** Does a key fire at `last`? `lastCeil`/`lastFloor` are last × 10^8 rounded up / down. */
export function keyFires(direction: Direction, key: bigint, lastCeil: bigint, lastFloor: bigint): boolean {
  return direction === 'down' ? lastCeil <= key : lastFloor >= key;
}
