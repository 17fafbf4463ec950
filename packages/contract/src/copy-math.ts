/**
 * The arithmetic of a copy-trading subscription (docs/api.md §14, §3.5), shared by the server's
 * payout and the web app's example, so the figure shown before subscribing is the one paid.
 *
 * value  = amount × Π(1 + dailyProfitRate) over the days counted, computed exactly in integers
 *          (each rate has at most 8 decimals), then rounded **down** to the currency's scale:
 *          the fund keeps the fraction of a minor unit, the follower never gets more than the
 *          formula says.
 * profit = value − amount (exact).
 * performanceFee = performanceFeeRate × max(profit, 0), rounded **up** (the house's favour).
 * serviceFee     = serviceFeeRate × amount, rounded **up** (the house's favour), capped so the
 *                  payout is never negative.
 * payout = value − performanceFee − serviceFee.
 */
import { currencyScale } from './currency.js';
import { Dec, Money, RATE_SCALE } from './money.js';

const RATE_UNIT = 10n ** BigInt(RATE_SCALE);

/** A rate string ("0.0012", "-0.00345678") as an integer count of 1e-8. */
function rateUnits(rate: string): bigint {
  if (!/^-?\d+(\.\d{1,8})?$/.test(rate)) throw new TypeError(`not a rate with at most ${RATE_SCALE} decimals: ${rate}`);
  const negative = rate.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? rate.slice(1) : rate).split('.');
  const units = BigInt(whole) * RATE_UNIT + BigInt(fraction.padEnd(RATE_SCALE, '0'));
  return negative ? -units : units;
}

function minorUnits(amount: Money): bigint {
  const scale = currencyScale[amount.currency];
  const scaled = amount.amount.times(new Dec(10).pow(scale));
  if (!scaled.isInteger())
    throw new RangeError(`amount has more decimals than ${amount.currency} allows: ${amount.toString()}`);
  return BigInt(scaled.toFixed(0));
}

function fromMinor(units: bigint, currency: Money['currency']): Money {
  const scale = currencyScale[currency];
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return Money.of(`${negative ? '-' : ''}${text}`, currency);
}

/** amount × Π(1 + r), exact, rounded down (toward −∞; the value is never negative) to the currency's scale. */
export function copyValue(amount: Money, dailyRates: readonly string[]): Money {
  let numerator = minorUnits(amount);
  let denominator = 1n;
  for (const rate of dailyRates) {
    const factor = RATE_UNIT + rateUnits(rate);
    if (factor < 0n) throw new RangeError(`a daily result below -100%: ${rate}`);
    numerator *= factor;
    denominator *= RATE_UNIT;
  }
  return fromMinor(numerator / denominator, amount.currency); // BigInt division truncates; both are ≥ 0
}

export interface CopyPayout {
  value: Money;
  profit: Money;
  performanceFee: Money;
  serviceFee: Money;
  payout: Money;
}

/** The payout of §3.5 for `amount` after the daily results `dailyRates`, with the fund's fee rates. */
export function copyPayout(
  amount: Money,
  dailyRates: readonly string[],
  performanceFeeRate: string,
  serviceFeeRate: string,
): CopyPayout {
  const value = copyValue(amount, dailyRates);
  const profit = value.minus(amount);
  const performanceFee = profit.isPositive()
    ? profit.times(performanceFeeRate).rounded('up')
    : Money.zero(amount.currency);
  const afterPerformance = value.minus(performanceFee);
  let serviceFee = amount.times(serviceFeeRate).rounded('up');
  if (serviceFee.isGreaterThan(afterPerformance)) serviceFee = afterPerformance;
  return { value, profit, performanceFee, serviceFee, payout: afterPerformance.minus(serviceFee) };
}
