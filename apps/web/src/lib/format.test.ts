import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, roundDecimalString } from './format';
import { rootFontSize } from './viewport';

describe('formatMoney', () => {
  it('groups thousands and shows 0 decimals by default', () => {
    expect(formatMoney('1234567.89')).toBe('1,234,568');
    expect(formatMoney('999')).toBe('999');
    expect(formatMoney('1000')).toBe('1,000');
  });

  it('shows 0.00 for empty input', () => {
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('  ', 'MXN')).toBe('Mex$0.00');
  });

  it('rounds half-up on the decimal string, however many digits it has', () => {
    expect(formatMoney('2.5')).toBe('3');
    expect(formatMoney('2.4999999999999999999')).toBe('2');
    expect(formatMoney('0.005', undefined, 2)).toBe('0.01');
    expect(formatMoney('1.005', undefined, 2)).toBe('1.01');
    expect(formatMoney('123456789012345678901234.56789', undefined, 4)).toBe('123,456,789,012,345,678,901,234.5679');
    expect(formatMoney('99999999999999999.995', undefined, 2)).toBe('100,000,000,000,000,000.00');
    expect(formatMoney('12.3', undefined, 3)).toBe('12.300');
  });

  it('keeps the sign of negative amounts and rounds them away from zero', () => {
    expect(formatMoney('-1234.5')).toBe('-1,235');
    expect(formatMoney('-0.4')).toBe('0');
    expect(formatMoney('-1234.567', 'MXN', 2)).toBe('-Mex$1,234.57');
    expect(formatMoney('-5', 'USDT')).toBe('-5 USDT');
  });

  it('uses Mex$ for MXN, $ for USD and the USDT suffix', () => {
    expect(formatMoney('125430.50', 'MXN', 2)).toBe('Mex$125,430.50');
    expect(formatMoney('1500', 'USD')).toBe('$1,500');
    expect(formatMoney('10.5', 'USDT', 2)).toBe('10.50 USDT');
    expect(formatMoney('10', 'EUR')).toBe('10 EUR');
  });

  it('returns text that is not a number unchanged', () => {
    expect(formatMoney('abc')).toBe('abc');
    expect(roundDecimalString('1.2.3', 2)).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows YYYY.MM.DD HH:mm:ss in local time', () => {
    const iso = '2025-03-14T15:30:05Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(formatDate(iso)).toBe(expected);
    expect(formatDate(iso)).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('is empty for a missing or invalid time', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('rootFontSize', () => {
  it('is 200/750 of the viewport width, capped at 750 px', () => {
    expect(rootFontSize(390)).toBe(104);
    expect(rootFontSize(750)).toBe(200);
    expect(rootFontSize(1920)).toBe(200);
  });
});
