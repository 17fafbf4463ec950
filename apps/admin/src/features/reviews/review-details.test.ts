import { describe, expect, it } from 'vitest';
import { formatDays } from '../../lib/days';
import { netPayout, safeImageUrl } from './review-details';

describe('image links', () => {
  it('accepts same-origin paths and http(s) URLs only', () => {
    expect(safeImageUrl('/files/img_1?exp=1&sig=x')).toBe('/files/img_1?exp=1&sig=x');
    expect(safeImageUrl('https://cdn.example/qr.png')).toBe('https://cdn.example/qr.png');
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('//evil.example/x.png')).toBeNull();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeNull();
  });
});

describe('money and days', () => {
  it('computes the payout exactly at the currency scale', () => {
    expect(netPayout('1000.10', '0.20', 'MXN')).toBe('999.90');
    expect(netPayout('0.3', '0.1', 'USD')).toBe('0.20');
    expect(netPayout('1000', '5', 'JPY')).toBe('995');
    expect(netPayout('1000.00', 'not a number', 'MXN')).toBeNull();
  });

  it('names weekdays compactly', () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(formatDays([7, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(formatDays([1, 3, 6])).toBe('Mon, Wed, Sat');
    expect(formatDays([])).toBe('no days');
  });
});
