import { Dec, type AlertKind } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { AlertIndex } from './alerts.index.js';

const I = 'i_usd_AAPL';
function indexOf(entries: [string, AlertKind, string, ('once' | 'daily')?, string?][]): AlertIndex {
  const index = new AlertIndex();
  for (const [id, kind, value, repeat, firedDay] of entries) {
    index.add({ id, instrumentId: I, kind, value, repeat: repeat ?? 'once', firedDay: firedDay ?? null });
  }
  return index;
}
const ids = (index: AlertIndex, price: string, change: string | null, day = '2031-01-02') =>
  index
    .hits(I, new Dec(price), change === null ? null : new Dec(change), day)
    .map((e) => e.id)
    .sort();

describe('AlertIndex', () => {
  it('finds exactly the thresholds the price reaches, boundaries included', () => {
    const index = indexOf([
      ['a100', 'price_above', '100'],
      ['a101', 'price_above', '101.5'],
      ['a102', 'price_above', '102'],
      ['b99', 'price_below', '99'],
      ['b100', 'price_below', '100'],
      ['b98', 'price_below', '98'],
    ]);
    expect(ids(index, '99.99', null)).toEqual(['b100']);
    expect(ids(index, '100', null)).toEqual(['a100', 'b100']);
    expect(ids(index, '101.5', null)).toEqual(['a100', 'a101']);
    expect(ids(index, '150', null)).toEqual(['a100', 'a101', 'a102']);
    expect(ids(index, '98', null)).toEqual(['b100', 'b98', 'b99']);
    expect(ids(index, '1', null)).toEqual(['b100', 'b98', 'b99']);
    expect(index.hits('i_other', new Dec('100'), null, '2031-01-02')).toEqual([]);
  });

  it('compares the change kinds with the day change: up ≥ value, down ≤ −value', () => {
    const index = indexOf([
      ['u5', 'change_up', '0.05'],
      ['u10', 'change_up', '0.1'],
      ['d5', 'change_down', '0.05'],
      ['d10', 'change_down', '0.1'],
    ]);
    expect(ids(index, '1', '0.05')).toEqual(['u5']);
    expect(ids(index, '1', '0.0499')).toEqual([]);
    expect(ids(index, '1', '0.2')).toEqual(['u10', 'u5']);
    expect(ids(index, '1', '-0.05')).toEqual(['d5']);
    expect(ids(index, '1', '-0.1')).toEqual(['d10', 'd5']);
    expect(ids(index, '1', null)).toEqual([]);
  });

  it('removes entries, and skips a daily alert until the next trading day', () => {
    const index = indexOf([
      ['once', 'price_above', '10'],
      ['daily', 'price_above', '10', 'daily', '2031-01-01'],
    ]);
    expect(ids(index, '11', null)).toEqual(['daily', 'once']);
    index.remove('once');
    index.markFired('daily', '2031-01-02');
    expect(ids(index, '11', null)).toEqual([]);
    expect(ids(index, '11', null, '2031-01-03')).toEqual(['daily']);
    index.remove('daily');
    expect(index.size).toBe(0);
    expect(index.instruments()).toEqual([]);
  });
});
