import { describe, expect, it } from 'vitest';
import type { LendingProduct } from '@brokerage/contract';
import {
  isHighRate,
  lendingCreateBody,
  lendingFormValuesOf,
  lendingProblems,
  lendingUpdateBody,
  quotaShare,
  rateDescription,
  termsLockedOf,
  type LendingFormValues,
} from './lending-form';

const product: LendingProduct = {
  id: 'lp_1',
  name: 'MXN 30-day lending',
  names: {},
  currency: 'MXN',
  dailyRate: '0.0003',
  termDays: 30,
  minAmount: '10000.00',
  quota: '5000000.00',
  quotaUsed: '0.00',
  open: true,
};

function values(overrides: Partial<LendingFormValues> = {}): LendingFormValues {
  return { ...lendingFormValuesOf(product), reason: 'New terms', ...overrides };
}

describe('the lending product form', () => {
  it('starts from the product with whole amounts and an empty reason', () => {
    expect(lendingFormValuesOf(product)).toEqual({
      name: 'MXN 30-day lending',
      names: { de: '', zh: '', esp: '', kor: '' },
      currency: 'MXN',
      dailyRate: '0.0003',
      termDays: 30,
      minAmount: '10000',
      quota: '5000000',
      open: true,
      reason: '',
    });
  });

  it('refuses what the contract refuses, and a minimum above the quota', () => {
    expect(lendingProblems(values())).toEqual({});
    expect(
      lendingProblems(values({ name: '  ', dailyRate: '3%', termDays: 0, minAmount: '100.50', quota: '-1' })),
    ).toEqual({
      name: 'Enter the name users see',
      dailyRate: 'A decimal fraction with at most 8 decimals, e.g. 0.0003 for 0.03 % a day',
      termDays: 'A whole number of days, 1–3650',
      minAmount: 'A whole amount above 0, no decimals',
      quota: 'A whole amount above 0, no decimals',
    });
    expect(lendingProblems(values({ dailyRate: '0' })).dailyRate).toBe('The daily rate must be above 0');
    expect(lendingProblems(values({ dailyRate: '0.000000001' })).dailyRate).toMatch(/at most 8 decimals/);
    expect(lendingProblems(values({ minAmount: '6000000' })).minAmount).toBe('The minimum cannot be above the quota');
  });

  it('builds the create body with trimmed text', () => {
    expect(
      lendingCreateBody(
        values({
          name: ' USD 7-day ',
          currency: 'USD',
          dailyRate: ' 0.00025 ',
          termDays: 7,
          minAmount: '500',
          quota: '100000',
          open: false,
        }),
      ),
    ).toEqual({
      name: 'USD 7-day',
      names: {},
      currency: 'USD',
      dailyRate: '0.00025',
      termDays: 7,
      minAmount: '500',
      quota: '100000',
      open: false,
      reason: 'New terms',
    });
  });

  it('sends the names in other languages written, trimmed, and the whole map when one changed', () => {
    const withNames = { ...product, names: { de: 'MXN-Verleihung 30 Tage' } };
    expect(lendingFormValuesOf(withNames).names).toEqual({ de: 'MXN-Verleihung 30 Tage', zh: '', esp: '', kor: '' });
    expect(lendingUpdateBody(withNames, { ...lendingFormValuesOf(withNames), reason: 'x' }, false)).toBeNull();
    const values = {
      ...lendingFormValuesOf(withNames),
      names: { de: '', zh: ' MXN 30 天出借 ', esp: '', kor: '' },
      reason: 'Names',
    };
    expect(lendingUpdateBody(withNames, values, false)).toEqual({
      id: 'lp_1',
      reason: 'Names',
      names: { zh: 'MXN 30 天出借' },
    });
  });

  it('sends only what changed, comparing amounts and rates as decimals, and never locked terms', () => {
    expect(lendingUpdateBody(product, values({ dailyRate: '0.00030', minAmount: '10000.0' }), false)).toBeNull();
    expect(lendingUpdateBody(product, values({ dailyRate: '0.0004', termDays: 60, quota: '6000000' }), false)).toEqual({
      id: 'lp_1',
      reason: 'New terms',
      quota: '6000000',
      dailyRate: '0.0004',
      termDays: 60,
    });
    expect(lendingUpdateBody(product, values({ dailyRate: '0.0004', termDays: 60 }), true)).toBeNull();
    expect(lendingUpdateBody(product, values({ open: false }), true)).toEqual({
      id: 'lp_1',
      reason: 'New terms',
      open: false,
    });
  });

  it('locks the terms once quota is used or the server said so', () => {
    expect(termsLockedOf(product, new Set())).toBe(false);
    expect(termsLockedOf({ ...product, quotaUsed: '20000.00' }, new Set())).toBe(true);
    expect(termsLockedOf(product, new Set(['lp_1']))).toBe(true);
    expect(termsLockedOf(null, new Set(['lp_1']))).toBe(false);
  });

  it('describes a rate as percentages exactly and flags one that looks like a percentage', () => {
    expect(rateDescription('0.0003')).toBe('0.03 % a day, ≈ 10.95 % a year');
    expect(rateDescription('0.00035')).toBe('0.035 % a day, ≈ 12.78 % a year');
    expect(rateDescription('abc')).toBeNull();
    expect(isHighRate('0.0003')).toBe(false);
    expect(isHighRate('0.03')).toBe(true);
    expect(quotaShare('5000000.00', '1200000.00')).toBe('24.0 %');
    expect(quotaShare('0', '0')).toBe('—');
  });
});
