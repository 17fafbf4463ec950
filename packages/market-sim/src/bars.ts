/**
 * OHLC bars as integers (ticks, volume units, cents) and their aggregation. Every period is an
 * aggregate of the same minutes: a bar of minutes, a day of minutes, a week or month of days.
 * Turnover is summed as a bigint so long periods of a large index cannot overflow.
 */
import { scaleTicks, type Fraction } from './corporate-actions.js';
import { formatScaled } from './decimal-text.js';
import { assertSafe } from './integer-math.js';
import type { MinutePath } from './minute-path.js';
import type { SimBar } from './types.js';

export interface BarTotals {
  /** bar open time, ms */
  readonly t: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: bigint;
}

/** The bar of minutes [from, to) of a path (to > from). */
export function barOfMinutes(path: MinutePath, from: number, to: number, t: number): BarTotals {
  const price = path.price;
  let high = price[from] as number;
  let low = high;
  let volume = 0;
  let turnover = 0;
  for (let i = from; i < to; i += 1) {
    const p = price[i] as number;
    if (p > high) high = p;
    if (p < low) low = p;
    volume += path.volume[i] as number;
    turnover += path.turnover[i] as number;
  }
  return {
    t,
    open: price[from] as number,
    high,
    low,
    close: price[to - 1] as number,
    volume: assertSafe(volume, 'bar volume'),
    turnover: BigInt(assertSafe(turnover, 'bar turnover')),
  };
}

/** The bar of consecutive bars, oldest first, opening at the first one's time. */
export function mergeBars(bars: readonly BarTotals[]): BarTotals {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (first === undefined || last === undefined) throw new RangeError('market-sim: nothing to merge');
  let high = first.high;
  let low = first.low;
  let volume = 0;
  let turnover = 0n;
  for (const bar of bars) {
    if (bar.high > high) high = bar.high;
    if (bar.low < low) low = bar.low;
    volume += bar.volume;
    turnover += bar.turnover;
  }
  return {
    t: first.t,
    open: first.open,
    high,
    low,
    close: last.close,
    volume: assertSafe(volume, 'bar volume'),
    turnover,
  };
}

/** A bar with its prices scaled by an adjustment factor (rounded half-up to the tick); volume and turnover are what traded. */
export function adjustedBar(bar: BarTotals, factor: Fraction): BarTotals {
  if (factor.numerator === factor.denominator) return bar;
  return {
    ...bar,
    open: scaleTicks(bar.open, factor),
    high: scaleTicks(bar.high, factor),
    low: scaleTicks(bar.low, factor),
    close: scaleTicks(bar.close, factor),
  };
}

export function simBarOf(bar: BarTotals, priceScale: number, volumeScale: number): SimBar {
  return {
    t: new Date(bar.t),
    o: formatScaled(bar.open, priceScale),
    h: formatScaled(bar.high, priceScale),
    l: formatScaled(bar.low, priceScale),
    c: formatScaled(bar.close, priceScale),
    v: formatScaled(bar.volume, volumeScale),
    turnover: formatScaled(bar.turnover, 2),
  };
}
