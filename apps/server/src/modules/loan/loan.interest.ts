/**
 * Loan interest (docs/api.md §16.5), computed from dates, never from when someone looked.
 *
 * Simple daily interest on the unpaid principal, accrued by whole days: one day per 00:00 in
 * `funds.timezone` passed since approval. The loan row keeps the interest of every day up to
 * `accruedOn`; the days after it are added on read at the current unpaid principal. Interest is
 * written back only when the principal changes (a repayment), so a stretch of days at one
 * principal is `principal × dailyRate × days` rounded half-up to the currency's scale once
 * (`simpleInterest`; on an exact half the house gains the minor unit, docs/api.md §1.4 half-up), and
 * reading a loan any number of times changes nothing.
 */
import { Money, simpleInterest, type Currency } from '@brokerage/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one local date to another (`"2026-03-02"` → `"2026-03-05"` = 3); never negative. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / DAY_MS));
}

export interface LoanBalances {
  currency: Currency;
  principal: Money;
  principalRepaid: Money;
  interestAccrued: Money;
  interestRepaid: Money;
  dailyRate: string;
  /** local date up to which `interestAccrued` counts; null before approval */
  accruedOn: string | null;
}

export interface LoanPosition {
  unpaidPrincipal: Money;
  /** interest of every day up to `today` (paid and unpaid) */
  interest: Money;
  interestDue: Money;
  repaid: Money;
  outstanding: Money;
}

/** Where a loan stands on the local date `today`. */
export function loanPosition(loan: LoanBalances, today: string): LoanPosition {
  const { principal, principalRepaid, interestRepaid } = loan;
  const unpaidPrincipal = principal.minus(principalRepaid);
  let interest = loan.interestAccrued;
  if (loan.accruedOn !== null && unpaidPrincipal.isPositive()) {
    interest = interest.plus(simpleInterest(unpaidPrincipal, loan.dailyRate, daysBetween(loan.accruedOn, today)));
  }
  const interestDue = interest.minus(interestRepaid);
  return {
    unpaidPrincipal,
    interest,
    interestDue,
    repaid: principalRepaid.plus(interestRepaid),
    outstanding: unpaidPrincipal.plus(interestDue),
  };
}

/** A repayment split: accrued interest first, then principal (§16.3 choice). */
export function splitRepayment(position: LoanPosition, amount: Money): { interestPart: Money; principalPart: Money } {
  const interestPart = amount.isGreaterThan(position.interestDue) ? position.interestDue : amount;
  return { interestPart, principalPart: amount.minus(interestPart) };
}
