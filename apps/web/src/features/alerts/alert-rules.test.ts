import { describe, expect, it } from 'vitest';
import { alertRules, alreadyMet, expiresAtOf, maxActiveOf, percentToRate, rateToPercent } from './alert-rules';
import { alertRow, amxlQuote } from './test-fixtures';

const base = {
  instrumentId: amxlQuote.instrumentId,
  kind: 'price_above' as const,
  repeat: 'once' as const,
  input: '18.50',
  priceScale: 2,
  price: '16.42',
  changeRate: '0.0074',
  active: [],
  maxActive: 50,
};

describe('a percentage as the contract rate', () => {
  it('moves the decimal point exactly, with no float digits', () => {
    expect(percentToRate('5')).toBe('0.05');
    expect(percentToRate('2.5')).toBe('0.025');
    // 0.07 * 100 and 1.1 / 100 are not exact in binary floating point
    expect(percentToRate('7')).toBe('0.07');
    expect(percentToRate('1.1')).toBe('0.011');
    expect(percentToRate('0.000001')).toBe('0.00000001');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('100.000')).toBe('1');
    expect(percentToRate('12.340000')).toBe('0.1234');
  });

  it('refuses zero, more than 100, more than 6 decimals and text', () => {
    for (const bad of ['', '0', '0.000000', '100.01', '250', '0.0000001', 'abc', '-5', '1e2'])
      expect(percentToRate(bad)).toBeNull();
  });

  it('shows a rate back as the percentage the user typed', () => {
    expect(rateToPercent('0.025')).toBe('2.5');
    expect(rateToPercent('1')).toBe('100');
  });
});

describe('the rules before the button', () => {
  it('lets a valid price through with its wire value', () => {
    expect(alertRules(base)).toEqual({ value: '18.5', rules: [] });
  });

  it('says the condition is already met at the live price', () => {
    expect(alertRules({ ...base, input: '16.42' }).rules).toEqual(['already_met']);
    expect(alertRules({ ...base, kind: 'price_below', input: '17' }).rules).toEqual(['already_met']);
    expect(alertRules({ ...base, kind: 'price_below', input: '16.41' }).rules).toEqual([]);
    // the day's change is +0.74%: up 0.5% is met, down 0.5% is not
    expect(alertRules({ ...base, kind: 'change_up', input: '0.5' }).rules).toEqual(['already_met']);
    expect(alertRules({ ...base, kind: 'change_down', input: '0.5' })).toEqual({ value: '0.005', rules: [] });
    expect(alreadyMet('change_down', '0.01', '1', '-0.0123')).toBe(true);
  });

  it('finds the same alert among the active ones, "18.5" being "18.50"', () => {
    const active = [alertRow({ value: '18.50' })];
    expect(alertRules({ ...base, input: '18.5', active }).rules).toEqual(['duplicate']);
    expect(alertRules({ ...base, input: '18.5', active, repeat: 'daily' }).rules).toEqual(['duplicate']);
    expect(alertRules({ ...base, input: '18.5', active, kind: 'price_below' }).rules).toEqual(['already_met']);
    expect(alertRules({ ...base, input: '18.5', active: [alertRow({ instrumentId: 'other' })] }).rules).toEqual([]);
  });

  it('stops at the maximum of active alerts before anything else, like the server', () => {
    const active = Array.from({ length: 3 }, (_, i) => alertRow({ id: `al_${i}`, value: '18.50' }));
    expect(alertRules({ ...base, input: '16', active, maxActive: 3 }).rules).toEqual(['too_many']);
    expect(alertRules({ ...base, input: '16', active, maxActive: 4 }).rules).toEqual(['already_met']);
  });

  it('waits for the active alerts before letting the user press', () => {
    expect(alertRules({ ...base, active: undefined }).rules).toEqual(['checking']);
  });

  it('checks the value itself first', () => {
    expect(alertRules({ ...base, input: '' }).rules).toEqual(['valueRequired']);
    expect(alertRules({ ...base, input: '0' }).rules).toEqual(['pricePositive']);
    expect(alertRules({ ...base, input: '18.505' }).rules).toEqual(['priceDecimals']);
    expect(alertRules({ ...base, kind: 'change_up', input: '' }).rules).toEqual(['percentRequired']);
    expect(alertRules({ ...base, kind: 'change_up', input: '101' }).rules).toEqual(['percentRange']);
  });
});

describe('expiry and the configured maximum', () => {
  it('stays inside the 180 days for the longest choice', () => {
    const now = Date.parse('2025-03-14T15:00:00Z');
    expect(expiresAtOf(30, now)).toBe('2025-04-13T15:00:00.000Z');
    expect(Date.parse(expiresAtOf(180, now))).toBeLessThan(now + 180 * 86_400_000);
  });

  it('reads alert_max_active from the config when the server sends it, else 50', () => {
    expect(maxActiveOf(undefined)).toBe(50);
    expect(maxActiveOf({ alert_max_active: '20' })).toBe(20);
    expect(maxActiveOf({ alert_max_active: 'x' })).toBe(50);
  });
});
