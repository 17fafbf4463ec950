/**
 * Index levels: level = Σ weight_k × price_k / divisor, evaluated exactly in integers. With all
 * member prices in ticks,
 *   level ticks = round( Σ c_k × ticks_k × A / B )
 * where c_k = weight_k × 10^(decimals) × 10^(maxScale − scale_k) are integer coefficients and
 * A / B is the remaining rational factor (the divisor and the scale changes). Without a divisor
 * in the universe, A / B is chosen so the index's reference price (its previous close on its
 * first day) equals `referencePrice` exactly: A = reference ticks, B = Σ c_k × reference ticks_k.
 *
 * Members enter with their quoted prices adjusted for later splits (price × Π 1/ratio of the
 * splits still to come), i.e. at the share count the weights are given for, so a split does not
 * move the index (the divisor change providers make on a split), while a dividend lowers it as it
 * lowers the member's price, as in any price index.
 */
import { reduced } from './corporate-actions.js';
import { fractionOf, parseScaled } from './decimal-text.js';
import { bigRoundHalfUp, bigToSafe, tenPow } from './integer-math.js';
import type { InstrumentDef } from './types.js';

export interface IndexFormula {
  readonly coefficients: readonly number[];
  readonly bigCoefficients: readonly bigint[];
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export function indexFormulaOf(def: InstrumentDef, members: readonly InstrumentDef[]): IndexFormula {
  const constituents = def.constituents ?? [];
  if (constituents.length === 0 || constituents.length !== members.length) {
    throw new RangeError(`market-sim: index ${def.instrumentId} needs its constituents`);
  }
  const weights = constituents.map((c) => fractionOf(c.weight));
  const weightScale = weights.reduce((max, w) => (w.denominator > max ? w.denominator : max), 1n);
  const maxPriceScale = Math.max(...members.map((m) => m.priceScale));
  const bigCoefficients = weights.map((w, k) => {
    const member = members[k] as InstrumentDef;
    return ((w.numerator * weightScale) / w.denominator) * tenPow(maxPriceScale - member.priceScale);
  });
  if (bigCoefficients.some((c) => c <= 0n))
    throw new RangeError(`market-sim: index ${def.instrumentId} weights must be positive`);
  let numerator: bigint;
  let denominator: bigint;
  if (def.divisor !== undefined) {
    const divisor = fractionOf(def.divisor);
    if (divisor.numerator <= 0n) throw new RangeError(`market-sim: index ${def.instrumentId} divisor must be positive`);
    numerator = tenPow(def.priceScale) * divisor.denominator;
    denominator = weightScale * tenPow(maxPriceScale) * divisor.numerator;
  } else {
    numerator = parseScaled(def.referencePrice, def.priceScale);
    denominator = members.reduce(
      (sum, m, k) => sum + (bigCoefficients[k] as bigint) * parseScaled(m.referencePrice, m.priceScale),
      0n,
    );
  }
  const ratio = reduced(numerator, denominator);
  return {
    coefficients: bigCoefficients.map((c) =>
      c <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(c) : Number.POSITIVE_INFINITY,
    ),
    bigCoefficients,
    numerator: ratio.numerator,
    denominator: ratio.denominator,
  };
}

/** The level in ticks for the members' prices in ticks (rounded half-up, at least one tick). */
export function levelTicks(formula: IndexFormula, memberTicks: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < memberTicks.length; k += 1)
    sum += (formula.coefficients[k] as number) * (memberTicks[k] as number);
  let exact: bigint;
  if (sum <= Number.MAX_SAFE_INTEGER) {
    // every term is a positive integer, so a safe total means every product and partial sum was exact
    exact = BigInt(sum);
  } else {
    exact = 0n;
    for (let k = 0; k < memberTicks.length; k += 1)
      exact += (formula.bigCoefficients[k] as bigint) * BigInt(memberTicks[k] as number);
  }
  const level = bigToSafe(bigRoundHalfUp(exact * formula.numerator, formula.denominator));
  return level < 1 ? 1 : level;
}
