import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';
import type { SimBar } from './types.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
const AFTER = new Date('2026-03-10T21:00:00Z');
const dayOf = (bars: SimBar[], date: string) => bars.find((b) => b.t.toISOString().startsWith(date)) as SimBar;
const half = (price: string) => new Decimal(price).div(2).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

describe('a 2-for-1 split (ACME, ex-date 2024-06-10)', () => {
  const asOf = new Date('2024-12-31T21:00:00Z'); // after the split, before the 2025 dividend
  const window = { at: asOf, from: new Date('2024-06-03T00:00:00Z'), to: new Date('2024-06-14T00:00:00Z') };
  const raw = sim.candles('i_usd_ACME', '1d', window);

  it('has the exact factor 1/2', () => {
    const split = sim.adjustments('i_usd_ACME').find((a) => a.action.kind === 'split');
    expect(split).toMatchObject({
      exDate: '2024-06-10',
      factor: '0.5',
      factorFraction: { numerator: '1', denominator: '2' },
    });
  });

  it('halves the quoted price at the ex-date, and quotes the halved previous close as prevClose', () => {
    const before = dayOf(raw, '2024-06-07');
    const exDay = sim.quote('i_usd_ACME', new Date('2024-06-10T15:00:00Z'));
    expect(exDay.prevClose).toBe(half(before.c));
    expect(new Decimal(exDay.price).div(before.c).toNumber()).toBeLessThan(0.6);
    expect(new Decimal(exDay.price).div(exDay.prevClose).minus(1).abs().toNumber()).toBeLessThan(0.1);
  });

  it('forward-adjusts bars before the ex-date to raw / 2 exactly at the price scale, and leaves later bars alone', () => {
    const forward = sim.candles('i_usd_ACME', '1d', { ...window, adjust: 'forward' });
    for (const date of ['2024-06-03', '2024-06-07']) {
      const r = dayOf(raw, date);
      const f = dayOf(forward, date);
      expect([f.o, f.h, f.l, f.c]).toEqual([r.o, r.h, r.l, r.c].map(half));
      expect(f.v).toBe(r.v); // volumes are not adjusted
      expect(f.turnover).toBe(r.turnover);
    }
    expect(dayOf(forward, '2024-06-10')).toEqual(dayOf(raw, '2024-06-10'));
    expect(dayOf(forward, '2024-06-14')).toEqual(dayOf(raw, '2024-06-14'));
  });

  it('backward-adjusts bars on or after each ex-date by the factors up to it, keeping history as first quoted', () => {
    const backward = sim.candles('i_usd_ACME', '1d', { ...window, adjust: 'backward' });
    const [dividend, split] = sim.adjustments('i_usd_ACME', asOf);
    const divide = (price: string, ...events: (typeof dividend)[]) =>
      events
        .reduce(
          (p, e) => p.times(e?.factorFraction.denominator as string).div(e?.factorFraction.numerator as string),
          new Decimal(price),
        )
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2);
    expect(dayOf(backward, '2024-06-12').c).toBe(divide(dayOf(raw, '2024-06-12').c, dividend, split));
    expect(dayOf(backward, '2024-06-07').c).toBe(divide(dayOf(raw, '2024-06-07').c, dividend));
    const early = sim.candles('i_usd_ACME', '1d', {
      at: asOf,
      from: new Date('2023-08-01T00:00:00Z'),
      limit: 1,
      adjust: 'backward',
    });
    const earlyRaw = sim.candles('i_usd_ACME', '1d', { at: asOf, from: new Date('2023-08-01T00:00:00Z'), limit: 1 });
    expect(early).toEqual(earlyRaw);
  });

  it('adjusts weekly bars day by day, so a split week aggregates its adjusted days', () => {
    const days = sim.candles('i_usd_ACME', '1d', { ...window, adjust: 'forward' });
    const [week] = sim.candles('i_usd_ACME', '1w', {
      at: asOf,
      from: new Date('2024-06-03T00:00:00Z'),
      limit: 1,
      adjust: 'forward',
    });
    expect(days[0]?.t.toISOString()).toBe('2024-06-03T00:00:00.000Z');
    expect(week?.t.toISOString()).toBe('2024-06-03T00:00:00.000Z');
    expect(week?.o).toBe(days[0]?.o);
    expect(week?.c).toBe(days[4]?.c);
  });

  it('ignores adjustment for intraday periods', () => {
    const at = new Date('2024-06-07T18:00:00Z');
    expect(sim.candles('i_usd_ACME', '5m', { at, limit: 5, adjust: 'forward' })).toEqual(
      sim.candles('i_usd_ACME', '5m', { at, limit: 5 }),
    );
  });
});

describe('a cash dividend', () => {
  it('has the factor (P − D) / P with P the raw close before the ex-date, and prevClose P − D', () => {
    const [dividend] = sim.adjustments('i_usd_ACME');
    const [before] = sim.candles('i_usd_ACME', '1d', { at: new Date('2023-08-10T23:59:00Z'), limit: 1 });
    const exDay = sim.quote('i_usd_ACME', new Date('2023-08-11T15:00:00Z'));
    const p = new Decimal(before?.c as string);
    expect(dividend?.exDate).toBe('2023-08-11');
    expect(
      new Decimal(dividend?.factorFraction.numerator as string)
        .div(dividend?.factorFraction.denominator as string)
        .equals(p.minus('0.25').div(p)),
    ).toBe(true);
    expect(exDay.prevClose).toBe(p.minus('0.25').toFixed(2));
  });

  it('takes effect on the next trading day when the ex-date is a Saturday', () => {
    const [friday] = sim.candles('i_usd_ACME', '1d', { at: new Date('2025-02-09T12:00:00Z'), limit: 1 });
    const monday = sim.quote('i_usd_ACME', new Date('2025-02-10T15:00:00Z'));
    expect(friday?.t.toISOString()).toBe('2025-02-07T00:00:00.000Z');
    expect(monday.prevClose).toBe(new Decimal(friday?.c as string).minus('0.30').toFixed(2));
    expect(sim.adjustments('i_usd_ACME')[2]?.exDate).toBe('2025-02-08');
  });

  it('forward-adjusts earlier bars by the exact factor, rounded half-up', () => {
    const events = sim.adjustments('i_usd_ACME');
    const raw = sim.candles('i_usd_ACME', '1d', { at: AFTER, from: new Date('2023-08-01T00:00:00Z'), limit: 3 });
    const forward = sim.candles('i_usd_ACME', '1d', {
      at: AFTER,
      from: new Date('2023-08-01T00:00:00Z'),
      limit: 3,
      adjust: 'forward',
    });
    const product = events.reduce(
      (f, e) => f.times(e.factorFraction.numerator).div(e.factorFraction.denominator),
      new Decimal(1),
    );
    expect(forward[0]?.c).toBe(
      new Decimal(raw[0]?.c as string).times(product).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );
  });

  it('is known only once it has happened', () => {
    expect(sim.adjustments('i_usd_ACME', new Date('2024-01-02T15:00:00Z')).map((e) => e.exDate)).toEqual([
      '2023-08-11',
    ]);
    expect(sim.adjustments('i_usd_ACME', new Date('2023-08-10T15:00:00Z'))).toEqual([]);
    const asOf2023 = sim.candles('i_usd_ACME', '1d', {
      at: new Date('2023-12-29T21:00:00Z'),
      from: new Date('2023-08-01T00:00:00Z'),
      limit: 1,
      adjust: 'forward',
    });
    const raw = sim.candles('i_usd_ACME', '1d', {
      at: new Date('2023-12-29T21:00:00Z'),
      from: new Date('2023-08-01T00:00:00Z'),
      limit: 1,
    });
    expect(asOf2023[0]?.c).not.toBe(raw[0]?.c); // the August dividend applies, the 2024 split does not yet
    expect(new Decimal(asOf2023[0]?.c as string).div(raw[0]?.c as string).toNumber()).toBeGreaterThan(0.99);
  });
});

describe('prices before a split', () => {
  it('start at referencePrice × the split ratios still to come', () => {
    const first = sim.quote('i_usd_ACME', new Date('2021-01-04T05:00:00Z'));
    expect(first.prevClose).toBe('300.00');
  });

  it('leave an index of the stock without a jump on the ex-date', () => {
    const before = sim.quote('i_usd_FIDX', new Date('2024-06-07T23:59:00Z'));
    const exDay = sim.quote('i_usd_FIDX', new Date('2024-06-10T08:00:00Z'));
    expect(exDay.prevClose).toBe(before.price);
    expect(new Decimal(exDay.price).div(before.price).minus(1).abs().toNumber()).toBeLessThan(0.03);
  });
});
