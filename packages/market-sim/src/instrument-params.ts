/**
 * The integer constants one instrument's walk runs on, derived once from its definition and
 * market calendar with decimal.js. After this step the walk never needs a decimal, a
 * logarithm or a square root.
 */
import { isRoundTheClock } from './calendar-days.js';
import { fractionOf, parseScaled } from './decimal-text.js';
import { bigToSafe } from './integer-math.js';
import { LOG_UNIT, logUnitsOf, logUnitsTowardZero } from './log-price.js';
import { instrumentKey } from './random.js';
import { SimDecimal } from './sim-decimal.js';
import { dayNumberOf } from './day-number.js';
import type { CorporateAction, InstrumentDef, MarketCalendar } from './types.js';

/** Trading days per year used to turn annual volatility into daily volatility. */
const STOCK_DAYS_PER_YEAR = 252;
const CRYPTO_DAYS_PER_YEAR = 365;
/** The overnight gap's volatility as a fraction of the daily one (1/GAP_DIVISOR). */
const GAP_DIVISOR = 4;

/** A daily rise/fall limit: rate = numerator / denominator, and the band in log units. */
export interface LimitRule {
  readonly numerator: number;
  readonly denominator: number;
  /** log2(1 + rate) and log2(1 − rate) in log units, rounded towards zero (inside the band) */
  readonly upLog: number;
  readonly downLog: number;
}

export interface WalkParams {
  /** hash of (seed, instrument): the key of all its random draws */
  readonly key: number;
  readonly priceScale: number;
  readonly volumeScale: number;
  /** referencePrice in ticks, exactly: the continuous series' level (prices after every split) */
  readonly referenceTicks: number;
  /** log-price of the reference, the level the continuous walk mean-reverts to */
  readonly referenceLog: number;
  /** the raw reference before the first day: referencePrice × Π ratios of the splits still to come, in ticks */
  readonly firstReferenceTicks: number;
  /** log2 of the same split product: the raw − continuous offset before any action */
  readonly firstOffsetLog: number;
  /** one day's standard deviation in log units */
  readonly dailySigmaLog: number;
  /** the overnight gap's standard deviation in log units (0 for round-the-clock markets) */
  readonly gapSigmaLog: number;
  readonly limit: LimitRule | null;
  /** averageDailyVolume in volume units (10^-volumeScale) */
  readonly averageDailyVolume: number;
  /** half-spread = halfSpreadBps / 10 000 = spreadNumerator / spreadDenominator */
  readonly spreadNumerator: number;
  readonly spreadDenominator: number;
}

function limitRuleOf(rate: string | null): LimitRule | null {
  if (rate === null) return null;
  const value = new SimDecimal(rate);
  if (!(value.greaterThan(0) && value.lessThan(1)))
    throw new RangeError(`market-sim: priceLimitRate ${rate} must be in (0, 1)`);
  const { numerator, denominator } = fractionOf(rate);
  return {
    numerator: bigToSafe(numerator),
    denominator: bigToSafe(denominator),
    upLog: logUnitsTowardZero(value.plus(1)),
    downLog: logUnitsTowardZero(new SimDecimal(1).minus(value)),
  };
}

/**
 * Only actions inside the instrument's life count: ex-dates on or after its first day and not
 * after its delisting (they would never take effect).
 */
export function actionsInLife(def: InstrumentDef, firstDay: number, lastDay: number | null): CorporateAction[] {
  return (def.corporateActions ?? []).filter((a) => {
    const day = dayNumberOf(a.exDate);
    return day >= firstDay && (lastDay === null || day <= lastDay);
  });
}

export function walkParamsOf(
  def: InstrumentDef,
  calendar: MarketCalendar,
  seed: string,
  actions: readonly CorporateAction[],
): WalkParams {
  const reference = new SimDecimal(def.referencePrice);
  if (!reference.greaterThan(0))
    throw new RangeError(`market-sim: ${def.instrumentId} needs a positive referencePrice`);
  const referenceTicks = bigToSafe(parseScaled(def.referencePrice, def.priceScale));
  const daysPerYear = def.assetClass === 'crypto' ? CRYPTO_DAYS_PER_YEAR : STOCK_DAYS_PER_YEAR;
  const dailySigma = new SimDecimal(def.annualVolatility).div(new SimDecimal(daysPerYear).sqrt());
  const dailySigmaLog = dailySigma.div(new SimDecimal(2).ln()).times(LOG_UNIT).toDecimalPlaces(0).toNumber();
  const spread = fractionOf(new SimDecimal(def.halfSpreadBps).div(10_000).toString());
  const splitProduct = actions.reduce(
    (product, a) => (a.kind === 'split' ? product.times(a.ratio) : product),
    new SimDecimal(1),
  );
  const firstReferenceTicks = bigToSafe(parseScaled(reference.times(splitProduct).toString(), def.priceScale));
  return {
    key: instrumentKey(seed, def.instrumentId),
    priceScale: def.priceScale,
    volumeScale: def.volumeScale,
    referenceTicks,
    referenceLog: logUnitsOf(new SimDecimal(Math.max(referenceTicks, 1))),
    firstReferenceTicks: Math.max(1, firstReferenceTicks),
    firstOffsetLog: logUnitsOf(splitProduct),
    dailySigmaLog,
    gapSigmaLog: isRoundTheClock(calendar) ? 0 : Math.floor(dailySigmaLog / GAP_DIVISOR),
    limit: def.assetClass === 'index' ? null : limitRuleOf(calendar.priceLimitRate),
    averageDailyVolume: bigToSafe(parseScaled(def.averageDailyVolume, def.volumeScale)),
    spreadNumerator: bigToSafe(spread.numerator),
    spreadDenominator: bigToSafe(spread.denominator),
  };
}
