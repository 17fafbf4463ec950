import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyPayout, copyValue } from './copy-math.js';
import { Dec, Money } from './money.js';

const Big = Dec.clone({ precision: 400 });
const rateArb = fc.integer({ min: -9_999_999, max: 9_999_999 }).map((n) => new Big(n).dividedBy(1e8).toFixed(8));

/** An independent reference: the product in 400-digit decimals, floored at the currency's scale. */
function reference(amount: string, rates: string[], scale: number): string {
  let v = new Big(amount);
  for (const r of rates) v = v.times(new Big(1).plus(r));
  return v.toDecimalPlaces(scale, Big.ROUND_FLOOR).toFixed(scale);
}

describe('copy payout arithmetic (§3.5)', () => {
  it('value = amount × Π(1 + r), floored, equals a 400-digit reference for any daily results', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(rateArb, { maxLength: 60 }), (cents, rates) => {
        const amount = new Big(cents).dividedBy(100).toFixed(2);
        expect(copyValue(Money.of(amount, 'USD'), rates).toString()).toBe(reference(amount, rates, 2));
      }),
      { numRuns: 300 },
    );
  });

  it('whole-unit currencies floor to units', () => {
    expect(copyValue(Money.of('1000', 'JPY'), ['0.00123456']).toString()).toBe('1001');
  });

  it('fees round up, the payout is never negative, and the parts add up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1_000_000 }), fc.array(rateArb, { maxLength: 30 }), (whole, rates) => {
        const amount = Money.of(String(whole), 'USD');
        const p = copyPayout(amount, rates, '0.18', '0.02');
        expect(p.profit.toString()).toBe(p.value.minus(amount).toString());
        expect(p.payout.isNegative()).toBe(false);
        expect(p.payout.plus(p.performanceFee).plus(p.serviceFee).toString()).toBe(p.value.toString());
        if (p.profit.isPositive())
          expect(p.performanceFee.toString()).toBe(
            new Big(p.profit.toString()).times('0.18').toDecimalPlaces(2, Big.ROUND_UP).toFixed(2),
          );
        else expect(p.performanceFee.isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a worked example: 2,000.00 after +1 %, −0.5 %, +0.2 %', () => {
    const p = copyPayout(Money.of('2000.00', 'USD'), ['0.01', '-0.005', '0.002'], '0.18', '0.02');
    // 2000 × 1.01 × 0.995 × 1.002 = 2013.9198 → 2013.91 (floored)
    expect(p.value.toString()).toBe('2013.91');
    expect(p.performanceFee.toString()).toBe('2.51'); // 13.91 × 0.18 = 2.5038 → up
    expect(p.serviceFee.toString()).toBe('40.00');
    expect(p.payout.toString()).toBe('1971.40');
  });
});
