import { describe, expect, it } from 'vitest';
import { Money } from './money.js';
import { simpleInterest } from './interest.js';

describe('simple interest', () => {
  it('is principal × daily rate × days, rounded half-up to the currency scale once', () => {
    expect(simpleInterest(Money.of('10000', 'MXN'), '0.0003', 30).toString()).toBe('90.00');
    // 333.33 × 0.00015 × 7 = 0.34999965 → 0.35 (one rounding, not per day)
    expect(simpleInterest(Money.of('333.33', 'USD'), '0.00015', 7).toString()).toBe('0.35');
    // a 0-decimal currency pays whole won: 12345 × 0.0002 × 10 = 24.69 → 25
    expect(simpleInterest(Money.of('12345', 'KRW'), '0.0002', 10).toString()).toBe('25');
  });
  it('refuses a fractional or negative day count', () => {
    expect(() => simpleInterest(Money.of('1', 'USD'), '0.01', 1.5)).toThrow(RangeError);
    expect(() => simpleInterest(Money.of('1', 'USD'), '0.01', -1)).toThrow(RangeError);
  });
});
