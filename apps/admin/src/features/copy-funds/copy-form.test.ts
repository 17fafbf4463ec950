import { describe, expect, it } from 'vitest';
import {
  copyCreateBody,
  copyEditProblems,
  copyFormValuesOf,
  copyProblems,
  copyUpdateBody,
  percentText,
} from './copy-form';
import { dailyText } from './CopyFundsPage';
import { copyFund } from './test-fixtures';

const now = Date.parse('2099-01-01T00:00:00Z');
const valid = {
  ...copyFormValuesOf(null),
  name: 'Crypto Rebound',
  names: { de: '', zh: '', esp: '', kor: ' 크립토 반등 ' },
  strategyNo: 'MR-5' as const,
  currency: 'USDT' as const,
  fundSize: '1000000',
  minAmount: '100',
  lockupDays: 0,
  tradeCycleDays: 30,
  copyDeadline: '2099-03-31T21:00:00Z',
  endTime: '2099-06-30T21:00:00Z',
  expectedReturnRate: '0.15',
  reason: 'Launch',
};

describe('the copy fund form', () => {
  it('accepts a valid fund and builds the create body', () => {
    expect(copyProblems(valid, now)).toEqual({});
    expect(copyCreateBody(valid)).toEqual({
      name: 'Crypto Rebound',
      names: { kor: '크립토 반등' },
      strategyNo: 'MR-5',
      currency: 'USDT',
      fundSize: '1000000',
      minAmount: '100',
      lockupDays: 0,
      tradeCycleDays: 30,
      copyDeadline: '2099-03-31T21:00:00Z',
      endTime: '2099-06-30T21:00:00Z',
      expectedReturnRate: '0.15',
      open: true,
      reason: 'Launch',
    });
  });

  it('refuses amounts that are not whole, a minimum above the size, a deadline after the end and an end in the past', () => {
    expect(copyProblems({ ...valid, fundSize: '1000.50' }, now).fundSize).toMatch(/whole amount/);
    expect(copyProblems({ ...valid, minAmount: '2000000' }, now).minAmount).toMatch(/above the fund size/);
    expect(copyProblems({ ...valid, copyDeadline: '2099-07-01T00:00:00Z' }, now).copyDeadline).toMatch(
      /before the end time/,
    );
    expect(
      copyProblems({ ...valid, copyDeadline: '2098-01-01T00:00:00Z', endTime: '2098-06-01T00:00:00Z' }, now).endTime,
    ).toMatch(/future/);
    expect(copyProblems({ ...valid, copyDeadline: '31.03.2099' }, now).copyDeadline).toMatch(/UTC time/);
    expect(copyProblems({ ...valid, expectedReturnRate: '12%' }, now).expectedReturnRate).toMatch(/fraction/);
  });

  it('sends the names in other languages as a whole map when one changed', () => {
    const values = { ...copyFormValuesOf(copyFund), minAmount: '1000', reason: 'x' };
    expect(copyUpdateBody(copyFund, { ...values, names: { ...values.names, de: 'US-Momentum 3' } })).toEqual({
      id: 'cf_demo_momentum',
      names: { de: 'US-Momentum 3' },
      reason: 'x',
    });
  });

  it('sends only what an edit changed, and only the editable fields', () => {
    const values = { ...copyFormValuesOf(copyFund), minAmount: '1000', reason: 'x' };
    expect(copyUpdateBody(copyFund, values)).toBeNull();
    expect(copyUpdateBody(copyFund, { ...values, name: 'US Momentum', minAmount: '500', open: false })).toEqual({
      id: 'cf_demo_momentum',
      name: 'US Momentum',
      minAmount: '500',
      open: false,
      reason: 'x',
    });
    expect(copyEditProblems(copyFund, { ...values, copyDeadline: '2099-07-01T00:00:00Z' }).copyDeadline).toMatch(
      /before the end time/,
    );
    expect(copyEditProblems(copyFund, { ...values, minAmount: '6000000' }).minAmount).toMatch(/above the fund size/);
  });

  it('reads rates as percentages', () => {
    expect(percentText('0.12')).toBe('12 %');
    expect(dailyText('0.0012')).toBe('+0.12 %');
    expect(dailyText('-0.0045')).toBe('-0.45 %');
    expect(dailyText('0.00000000')).toBe('0.00 %');
    expect(dailyText(null)).toBe('no result yet');
  });
});
