/**
 * Loan interest against an independent reference: integer cents in BigInt, one half-up rounding
 * per stretch of days between two repayments (the principal is constant within one), repayments paying interest first. The loan side is
 * the module's own `loanPosition` and `splitRepayment`, fed the balances a repayment writes.
 */
import { Money } from '@brokerage/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween, loanPosition, splitRepayment, type LoanBalances } from './loan.interest.js';

const RATE_SCALE = 100_000_000n; // rates have at most 8 decimals

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** round(n / d) half-up, n ≥ 0, d > 0 */
function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

const cents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

interface Reference {
  unpaid: bigint;
  interest: bigint;
  interestRepaid: bigint;
}

describe('loan interest (§16.5)', () => {
  it('counts whole local days', () => {
    expect(daysBetween('2026-03-02', '2026-03-02')).toBe(0);
    expect(daysBetween('2026-03-02', '2026-03-03')).toBe(1);
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-05', '2026-03-02')).toBe(0);
  });

  it('matches the reference over random principals, rates, day counts and repayments', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_00n }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.array(fc.record({ days: fc.integer({ min: 0, max: 400 }), share: fc.integer({ min: 0, max: 1000 }) }), {
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 1000 }),
        (principalCents, rateUnits, steps, finalDays) => {
          const rate = (Number(rateUnits) / 1e8).toFixed(8);
          const start = '2026-03-02';
          const loan: LoanBalances = {
            currency: 'MXN',
            principal: Money.of(cents(principalCents), 'MXN'),
            principalRepaid: Money.zero('MXN'),
            interestAccrued: Money.zero('MXN'),
            interestRepaid: Money.zero('MXN'),
            dailyRate: rate,
            accruedOn: start,
          };
          const ref: Reference = { unpaid: principalCents, interest: 0n, interestRepaid: 0n };
          let today = start;
          // days since the last principal change: one stretch, rounded once
          let stretch = 0;
          const stretchInterest = () => divHalfUp(ref.unpaid * BigInt(rateUnits) * BigInt(stretch), RATE_SCALE);
          for (const step of steps) {
            today = addDays(today, step.days);
            stretch += step.days;
            const interest = ref.interest + stretchInterest();
            const due = interest - ref.interestRepaid;
            const outstanding = ref.unpaid + due;
            const position = loanPosition(loan, today);
            expect(position.outstanding.toString()).toBe(cents(outstanding));
            expect(position.interest.toString()).toBe(cents(interest));
            // repay a share (‰) of what is owed, in whole cents
            const pay = (outstanding * BigInt(step.share)) / 1000n;
            if (pay === 0n) continue;
            const interestPart = pay < due ? pay : due;
            ref.interest = interest;
            stretch = 0;
            ref.interestRepaid += interestPart;
            ref.unpaid -= pay - interestPart;
            const split = splitRepayment(position, Money.of(cents(pay), 'MXN'));
            expect(split.interestPart.toString()).toBe(cents(interestPart));
            // what `repay` writes back on the loan
            loan.principalRepaid = loan.principalRepaid.plus(split.principalPart);
            loan.interestRepaid = loan.interestRepaid.plus(split.interestPart);
            loan.interestAccrued = position.interest;
            loan.accruedOn = today;
          }
          const end = addDays(today, finalDays);
          stretch += finalDays;
          ref.interest += stretchInterest();
          expect(loanPosition(loan, end).outstanding.toString()).toBe(
            cents(ref.unpaid + ref.interest - ref.interestRepaid),
          );
          // reading it twice changes nothing
          expect(loanPosition(loan, end).outstanding.toString()).toBe(
            cents(ref.unpaid + ref.interest - ref.interestRepaid),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
