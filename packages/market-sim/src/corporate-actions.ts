/**
 * Corporate actions. The random walk is the continuous (total-return) series; raw quoted prices
 * are that series times the cumulative effect of the actions up to the day. Each action's factor
 * is an exact fraction (price after = price before × factor):
 *   split with ratio r (new shares per old share): 1 / r
 *   cash dividend D:                                (P − D) / P, P the raw close before the ex-date
 * so on the ex-date the reference price (`prevClose`) is P × factor, as exchanges publish it, and
 * the day's change is an ordinary one. In log space the action adds round(log2(factor)) to the
 * offset between raw and continuous prices.
 *
 * An ex-date that is not a trading day takes effect on the next trading day.
 */
import { fractionOf } from './decimal-text.js';
import { bigRoundHalfUp, bigToSafe } from './integer-math.js';
import { logUnitsOf } from './log-price.js';
import { SimDecimal } from './sim-decimal.js';
import type { AdjustmentEvent, CorporateAction } from './types.js';

/** An exact positive fraction. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export const ONE: Fraction = { numerator: 1n, denominator: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function reduced(numerator: bigint, denominator: bigint): Fraction {
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export function times(a: Fraction, b: Fraction): Fraction {
  return reduced(a.numerator * b.numerator, a.denominator * b.denominator);
}

function inverse(a: Fraction): Fraction {
  return { numerator: a.denominator, denominator: a.numerator };
}

/** ticks × fraction rounded half-up to whole ticks. */
export function scaleTicks(ticks: number, factor: Fraction): number {
  if (factor.numerator === factor.denominator) return ticks;
  return bigToSafe(bigRoundHalfUp(BigInt(ticks) * factor.numerator, factor.denominator));
}

/** The exact factor of an action, given the raw reference price before it (in ticks). */
export function factorOf(
  action: CorporateAction,
  previousTicks: number,
  priceScale: number,
  instrumentId: string,
): Fraction {
  if (action.kind === 'split') {
    const ratio = fractionOf(action.ratio);
    if (ratio.numerator <= 0n) throw new RangeError(`market-sim: ${instrumentId} split ratio must be positive`);
    return reduced(ratio.denominator, ratio.numerator);
  }
  const cash = fractionOf(action.cash);
  const scale = 10n ** BigInt(priceScale);
  // (P − D) / P with P = previousTicks / 10^scale and D = cash.numerator / cash.denominator
  const before = BigInt(previousTicks) * cash.denominator;
  const after = before - cash.numerator * scale;
  if (cash.numerator < 0n || after <= 0n)
    throw new RangeError(`market-sim: ${instrumentId} dividend must be in [0, price)`);
  return reduced(after, before);
}

/** An action once the walk has reached its effective day. */
export interface AppliedAction {
  readonly action: CorporateAction;
  /** instrument index and day number of the trading day it takes effect on */
  readonly effectiveIndex: number;
  readonly effectiveDay: number;
  readonly factor: Fraction;
  /** round(log2(factor)) in log units */
  readonly logOffset: number;
  /** the reference price after the action, in ticks */
  readonly referenceTicks: number;
}

export function applyAction(
  action: CorporateAction,
  effectiveIndex: number,
  effectiveDay: number,
  previousTicks: number,
  priceScale: number,
  instrumentId: string,
): AppliedAction {
  const factor = factorOf(action, previousTicks, priceScale, instrumentId);
  const value = new SimDecimal(factor.numerator.toString()).div(factor.denominator.toString());
  return {
    action,
    effectiveIndex,
    effectiveDay,
    factor,
    logOffset: logUnitsOf(value),
    referenceTicks: Math.max(1, scaleTicks(previousTicks, factor)),
  };
}

/** The public form: the factor as a decimal (exact when it terminates, else 40 significant digits) and as a fraction. */
export function adjustmentEventOf(applied: AppliedAction): AdjustmentEvent {
  const { numerator, denominator } = applied.factor;
  return {
    exDate: applied.action.exDate,
    action: applied.action,
    factor: new SimDecimal(numerator.toString()).div(denominator.toString()).toString(),
    factorFraction: { numerator: numerator.toString(), denominator: denominator.toString() },
  };
}

/**
 * The multiplier of a daily bar under an adjustment mode, as of `throughIndex` (actions that
 * take effect later are not known yet):
 *   forward:  product of the factors of the actions effective after the bar's day
 *   backward: 1 / product of the factors of the actions effective on or before the bar's day
 */
export function adjustmentFactor(
  applied: readonly AppliedAction[],
  barIndex: number,
  throughIndex: number,
  mode: 'forward' | 'backward',
): Fraction {
  let product = ONE;
  for (const a of applied) {
    if (a.effectiveIndex > throughIndex) continue;
    const later = a.effectiveIndex > barIndex;
    if (mode === 'forward' ? later : !later) product = times(product, a.factor);
  }
  return mode === 'forward' ? product : inverse(product);
}
