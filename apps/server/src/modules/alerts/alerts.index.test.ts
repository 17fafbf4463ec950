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
/** with a change: the price is 100 × (1 + change) on a previous close of 100 (`price` is ignored) */
const ids = (index: AlertIndex, price: string, change: string | null, day = '2031-01-02') =>
  index
    .hits(
      I,
      change === null ? price : new Dec(100).times(new Dec(1).plus(change)).toFixed(),
      change === null ? null : '100',
      day,
    )
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
    expect(index.hits('i_other', '100', null, '2031-01-02')).toEqual([]);
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

  it('removes the right one of several alerts on the same threshold', () => {
    const index = indexOf([
      ['x1', 'price_above', '10'],
      ['x2', 'price_above', '10'],
      ['x3', 'price_above', '10.00000000'],
      ['y', 'price_above', '9'],
    ]);
    index.remove('x2');
    expect(ids(index, '10', null)).toEqual(['x1', 'x3', 'y']);
    index.remove('y');
    index.remove('x1');
    expect(ids(index, '10', null)).toEqual(['x3']);
    expect(index.size).toBe(1);
  });

  it('keeps a daily alert that stays past its threshold asleep for the rest of its trading day', () => {
    const index = indexOf([['d', 'price_below', '50', 'daily']]);
    expect(ids(index, '49', null, '2031-01-02')).toEqual(['d']);
    index.markFired('d', '2031-01-02');
    for (const price of ['48', '47', '50']) expect(ids(index, price, null, '2031-01-02')).toEqual([]);
    // a daily alert loaded already fired today goes to sleep on its first hit, not handed out
    const loaded = new AlertIndex();
    loaded.load([
      { id: 'd', instrumentId: I, kind: 'price_below', repeat: 'daily', value: '50', firedDay: '2031-01-02' },
    ]);
    expect(ids(loaded, '49', null, '2031-01-02')).toEqual([]);
    expect(ids(loaded, '49', null, '2031-01-03')).toEqual(['d']);
    expect(ids(index, '49', null, '2031-01-03')).toEqual(['d']);
    index.remove('d');
    expect(index.instruments()).toEqual([]);
  });

  it('answers the same after a bulk load as after adding one by one (random book)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const kinds: AlertKind[] = ['price_above', 'price_below', 'change_up', 'change_down'];
    const rows = Array.from({ length: 400 }, (_, n) => {
      const kind = kinds[n % 4]!;
      const value = kind.startsWith('price')
        ? (90 + Math.floor(random() * 2000) / 100).toFixed(2)
        : (Math.floor(random() * 1000) / 10000).toFixed(4);
      return { id: `a${n}`, instrumentId: I, kind, repeat: 'once' as const, value, firedDay: null };
    });
    const one = new AlertIndex();
    for (const row of rows) one.add(row);
    const bulk = new AlertIndex();
    bulk.load(rows);
    const merged = new AlertIndex();
    merged.addAll(rows.slice(0, 150));
    merged.addAll(rows.slice(150));
    const hitIds = (index: AlertIndex, price: string, prevClose: string) =>
      index
        .hits(I, price, prevClose, '2031-01-02')
        .map((e) => e.id)
        .sort();
    for (const [price, prevClose] of [
      ['95.5', '92.63'],
      ['100', '105.26'],
      ['109.99', '109.99'],
      ['89', '98.88'],
      ['100.5', '91.37'],
    ] as const) {
      expect(hitIds(bulk, price, prevClose)).toEqual(hitIds(one, price, prevClose));
      expect(hitIds(merged, price, prevClose)).toEqual(hitIds(one, price, prevClose));
      // the same answer as checking every alert with the exact predicate
      const change = new Dec(price).dividedBy(prevClose).minus(1);
      const expected = rows
        .filter((r) =>
          r.kind === 'price_above'
            ? new Dec(price).gte(r.value)
            : r.kind === 'price_below'
              ? new Dec(price).lte(r.value)
              : r.kind === 'change_up'
                ? change.gte(r.value)
                : change.lte(new Dec(r.value).negated()),
        )
        .map((r) => r.id)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(hitIds(bulk, price, prevClose)).toEqual(expected);
    }
  });

  it('settles a tick in one pass: once alerts leave, daily ones sleep until the next day', () => {
    const index = indexOf([
      ['o1', 'price_above', '10'],
      ['o2', 'price_above', '11'],
      ['d1', 'price_above', '10', 'daily'],
      ['keep', 'price_above', '12'],
    ]);
    expect(ids(index, '11', null)).toEqual(['d1', 'o1', 'o2']);
    index.settle(I, ['o1', 'o2', 'd1'], '2031-01-02');
    expect(index.size).toBe(2);
    expect(ids(index, '12', null)).toEqual(['keep']);
    expect(ids(index, '12', null, '2031-01-03')).toEqual(['d1', 'keep']);
  });

  it('wakes many sleepers at once into the right places', () => {
    const rows = Array.from({ length: 30 }, (_, n) => [
      `d${n}`,
      'price_below',
      String(50 + n),
      n % 3 === 0 ? 'once' : 'daily',
    ]) as [string, AlertKind, string, 'once' | 'daily'][];
    const index = indexOf(rows);
    const first = ids(index, '60', null);
    expect(first).toHaveLength(20); // 60…79
    index.settle(I, first, '2031-01-02');
    expect(ids(index, '60', null)).toEqual([]);
    const awake = ids(index, '65', null, '2031-01-03');
    const expected = rows
      .filter(([, , value, repeat]) => Number(value) >= 65 && (repeat === 'daily' || Number(value) < 60))
      .map(([id]) => id)
      .sort();
    expect(awake).toEqual(expected);
  });
});
