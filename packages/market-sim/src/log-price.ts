/**
 * Prices live in integer log space. A log-price is an integer count of LOG_UNIT-ths of one
 * binary octave of the price measured in ticks (ticks = price × 10^priceScale), so
 * ticks = 2^(L / 2^24). The random walk, the Brownian bridges and the limit band are all
 * additions and clamps of these integers, hence exact and identical on every machine.
 *
 * Floats appear only in the one-way conversion below: 2^(L/2^24) is the product of a power of
 * two and three table entries 2^(a/2^8), 2^(b/2^16), 2^(c/2^24) (a, b, c the three bytes of
 * the fractional part). The tables are computed once with decimal.js (deterministic digits),
 * read with Number() on a ≤ 20-digit string (correctly rounded by the language), and the
 * product uses IEEE multiplication, which is exactly specified. Math.exp/log/pow are never
 * called at run time because their last bit is not specified. The product is rounded to whole
 * ticks with Math.round, and from then on everything is an integer tick count that leaves the
 * simulator as a decimal string.
 */
import { SimDecimal } from './sim-decimal.js';

export const LOG_UNIT = 16_777_216; // 2^24, written out: `**` is not exactly specified by the language
/** Largest log-price we accept: 2^52 ticks, beyond any real price. */
export const MAX_LOG = 52 * LOG_UNIT;

/**
 * 2^(k / 2^rootExponent) for k = 0…255: one decimal root, then repeated decimal products at 40
 * significant digits (far more than the 20 kept), much faster than 256 fractional powers.
 */
function powerTable(rootExponent: number): Float64Array {
  const table = new Float64Array(256);
  const root = new SimDecimal(2).pow(new SimDecimal(2).pow(-rootExponent));
  let value = new SimDecimal(1);
  for (let k = 0; k < 256; k += 1) {
    table[k] = Number(value.toSignificantDigits(20, SimDecimal.ROUND_HALF_EVEN).toString());
    value = value.times(root);
  }
  return table;
}

/** 2^q for q = 0…52, by exact doubling. */
function octaveTable(): Float64Array {
  const table = new Float64Array(53);
  let power = 1;
  for (let q = 0; q < 53; q += 1) {
    table[q] = power;
    power *= 2;
  }
  return table;
}

// Built on first use (a few milliseconds), not at import.
let octaves: Float64Array | null = null;
let highs: Float64Array = new Float64Array(0);
let middles: Float64Array = new Float64Array(0);
let lows: Float64Array = new Float64Array(0);

function buildTables(): Float64Array {
  highs = powerTable(8);
  middles = powerTable(16);
  lows = powerTable(24);
  octaves = octaveTable();
  return octaves;
}

/** Whole ticks of a log-price (at least one tick). */
export function ticksOfLog(log: number): number {
  if (log <= 0) return 1;
  const octaveOf = octaves ?? buildTables();
  const clamped = log > MAX_LOG ? MAX_LOG : log;
  // 0 < clamped ≤ 52 × 2^24 < 2^31, so the bit operations below are exact
  const value =
    (octaveOf[clamped >>> 24] as number) *
    (highs[(clamped >>> 16) & 255] as number) *
    (middles[(clamped >>> 8) & 255] as number) *
    (lows[clamped & 255] as number);
  const ticks = Math.round(value);
  return ticks < 1 ? 1 : ticks;
}

/** log2(x) in log units, rounded half-even; x > 0. Setup-time only (decimal.js). */
export function logUnitsOf(x: SimDecimal): number {
  if (!x.isPositive() || x.isZero()) throw new RangeError(`market-sim: log of non-positive ${x.toString()}`);
  return x.log(2).times(LOG_UNIT).toDecimalPlaces(0, SimDecimal.ROUND_HALF_EVEN).toNumber();
}

/** log2(x) in log units rounded towards zero, for band edges that must stay inside the band. */
export function logUnitsTowardZero(x: SimDecimal): number {
  return x.log(2).times(LOG_UNIT).toDecimalPlaces(0, SimDecimal.ROUND_DOWN).toNumber();
}
