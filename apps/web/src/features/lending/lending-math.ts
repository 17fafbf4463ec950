/**
 * The figures of the lending screens (docs/api.md §15), computed with the contract's `Dec`
 * (decimal.js, the server's arithmetic) so no amount or rate ever passes through a float:
 * the daily rate as a percentage, its simple annualised equivalent (× 365), the estimated
 * interest `amount × dailyRate × termDays`, and the quota used.
 */
import { Dec, isCurrency, Money, simpleInterest } from '@brokerage/contract';
import { formatDecimal } from '../../lib/format';

export const DAYS_PER_YEAR = 365;

const plainDecimal = /^\d{1,20}(\.\d+)?$/;

function decimalOrNull(value: string | null | undefined): Dec | null {
  if (value === null || value === undefined || !plainDecimal.test(value.trim())) return null;
  return new Dec(value.trim());
}

/** A rate (fraction) as a percentage: at least 2 decimals, more when the rate needs them (at most 6). */
export function ratePercent(rate: string | null | undefined): string | null {
  const value = decimalOrNull(rate);
  if (!value) return null;
  const percent = value.times(100);
  const places = Math.min(6, Math.max(2, percent.decimalPlaces()));
  return `${formatDecimal(percent, places, 'half_up')}%`;
}

/** The daily rate's simple annual equivalent (dailyRate × 365) as a percentage with 2 decimals: "0.0003" → "10.95%". */
export function annualisedPercent(dailyRate: string | null | undefined): string | null {
  const value = decimalOrNull(dailyRate);
  if (!value) return null;
  return `${formatDecimal(value.times(DAYS_PER_YEAR).times(100), 2, 'half_up')}%`;
}

/**
 * The interest an amount earns over the whole term, `amount × dailyRate × termDays`, exact,
 * then rounded half-up to the currency's display scale. Null while the amount is not a number.
 */
export function estimatedInterest(
  amount: string,
  dailyRate: string,
  termDays: number,
  currency: string,
): string | null {
  const principal = decimalOrNull(amount);
  const rate = decimalOrNull(dailyRate);
  if (!principal || !rate || !isCurrency(currency) || !Number.isInteger(termDays) || termDays < 0) return null;
  // the server's own formula (contract `simpleInterest`), so the estimate is what the settlement pays
  return simpleInterest(Money.of(principal, currency), rate.toFixed(), termDays).toString();
}

/** What is left of a product's quota (never below zero). */
export function quotaLeft(quota: string, quotaUsed: string): string {
  const total = decimalOrNull(quota);
  const used = decimalOrNull(quotaUsed);
  if (!total || !used) return '0';
  const left = total.minus(used);
  return left.isNegative() ? '0' : left.toFixed();
}

/** Share of the quota used, 0–100 with 2 decimals, for the progress bar; 100 when the quota is 0. */
export function quotaUsedPercent(quota: string, quotaUsed: string): string {
  const total = decimalOrNull(quota);
  const used = decimalOrNull(quotaUsed);
  if (!total || !used) return '0.00';
  if (total.isZero()) return '100.00';
  const share = Dec.min(Dec.max(used.dividedBy(total).times(100), 0), 100);
  return formatDecimal(share, 2, 'down');
}

/** -1, 0 or 1 for two decimal strings (text that is not a number counts as 0). */
export function compareAmounts(a: string, b: string): number {
  return (decimalOrNull(a) ?? new Dec(0)).comparedTo(decimalOrNull(b) ?? new Dec(0));
}
