/**
 * Simple interest (docs/api.md §15, §16): `principal × dailyRate × days`, exact, then rounded
 * half-up to the currency's scale once. Shared by the server's lending settlement and the web
 * app's estimate, so the figure shown before applying is the one paid.
 *
 * Rounding: half-up; the house pays this interest, so on an exact half the lender gains the
 * minor unit (the customer's favour, docs/style.md §3).
 */
import { Money } from './money.js';

export function simpleInterest(principal: Money, dailyRate: string, days: number): Money {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`interest days must be a whole number ≥ 0, got ${days}`);
  return principal.times(dailyRate).times(days).rounded('half_up');
}
