import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTradingDay, sessionBounds } from './calendar.js';
import { MarketSimulator } from './simulator.js';
import { aggregate, endOfDay, minuteBars, withoutTime } from './test-helpers.js';
import { fixtureCalendars, fixtureConfig, fixtureUniverse } from './test-fixtures.js';
import type { SimBar } from './types.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
const traded = fixtureUniverse.filter((d) => d.instrumentId !== 'i_mxn_NEWC');

/** A trading date of the instrument's market between 2023 and 2026 (within its life). */
function tradingDateArb(market: keyof typeof fixtureCalendars) {
  return fc
    .integer({ min: Date.UTC(2023, 0, 2), max: Date.UTC(2026, 2, 6) })
    .map((ms) => new Date(ms).toISOString().slice(0, 10))
    .filter((date) => isTradingDay(fixtureCalendars[market], date));
}

const instrumentDayArb = fc
  .constantFrom(...traded)
  .chain((def) => tradingDateArb(def.market).map((date) => ({ def, date })))
  .filter(({ def, date }) => def.delistingDate == null || date <= def.delistingDate)
  .filter(({ def, date }) => def.listingDate == null || date >= def.listingDate);

describe('bars of every period come from the same minutes', () => {
  it("makes a day's bar the aggregate of its 5-, 15- and 30-minute bars and of its minutes", () => {
    fc.assert(
      fc.property(instrumentDayArb, ({ def, date }) => {
        const at = endOfDay(def.market, date);
        const [day] = sim.candles(def.instrumentId, '1d', { at, limit: 1 });
        expect(day?.t.toISOString()).toBe(`${date}T00:00:00.000Z`);
        const first = sessionBounds(fixtureCalendars[def.market], date)[0]?.open as Date;
        for (const period of ['5m', '15m', '30m'] as const) {
          const bars = sim.candles(def.instrumentId, period, { at, from: first, limit: 1000 });
          expect(aggregate(bars), `${def.instrumentId} ${date} ${period}`).toEqual(withoutTime(day as SimBar));
        }
        expect(aggregate(minuteBars(sim, def.instrumentId, def.market, date))).toEqual(withoutTime(day as SimBar));
      }),
      { numRuns: 12, seed: 20_260_310 },
    );
  });

  it("makes a week's bar and a month's bar the aggregate of their days", () => {
    fc.assert(
      fc.property(instrumentDayArb, ({ def, date }) => {
        const at = endOfDay(def.market, date);
        const days = sim.candles(def.instrumentId, '1d', { at, limit: 40 });
        const [week] = sim.candles(def.instrumentId, '1w', { at, limit: 1 });
        const [month] = sim.candles(def.instrumentId, '1M', { at, limit: 1 });
        const weekDays = days.filter((d) => d.t >= (week as SimBar).t);
        const monthDays = days.filter((d) => d.t >= (month as SimBar).t);
        expect(weekDays[0]?.t).toEqual(week?.t);
        expect(aggregate(weekDays)).toEqual(withoutTime(week as SimBar));
        expect(monthDays[0]?.t).toEqual(month?.t);
        expect(aggregate(monthDays)).toEqual(withoutTime(month as SimBar));
      }),
      { numRuns: 20, seed: 7 },
    );
  });

  it('keeps every bar consistent: low ≤ open, close ≤ high, volume and turnover not negative', () => {
    fc.assert(
      fc.property(
        instrumentDayArb,
        fc.constantFrom('5m', '30m', '1d', '1w', '1M' as const),
        ({ def, date }, period) => {
          for (const bar of sim.candles(def.instrumentId, period, { at: endOfDay(def.market, date), limit: 12 })) {
            const [o, h, l, c] = [bar.o, bar.h, bar.l, bar.c].map(Number) as [number, number, number, number];
            expect(l).toBeLessThanOrEqual(Math.min(o, c));
            expect(h).toBeGreaterThanOrEqual(Math.max(o, c));
            expect(l).toBeGreaterThan(0);
            expect(bar.v).not.toMatch(/^-/);
            expect(bar.turnover).toMatch(/^\d+\.\d{2}$/);
          }
        },
      ),
      { numRuns: 15, seed: 11 },
    );
  });
});

describe('bar times', () => {
  const at = new Date('2026-03-10T21:00:00Z');

  it('aligns intraday bars to the session clock and never crosses a session', () => {
    const bars = sim.candles('i_usd_CRAN', '30m', { at, from: new Date('2026-03-10T08:00:00Z'), limit: 1000 });
    expect(bars[0]?.t.toISOString()).toBe('2026-03-10T08:00:00.000Z'); // 04:00 New York, pre-market
    expect(bars.map((b) => b.t.toISOString())).toContain('2026-03-10T13:30:00.000Z'); // 09:30, regular open
    expect(bars.map((b) => b.t.toISOString())).toContain('2026-03-10T20:00:00.000Z'); // 16:00, after-hours
    for (const bar of bars) expect(bar.t.getUTCMinutes() % 30).toBe(0);
    const mexico = sim.candles('i_mxn_AMXL', '15m', { at, from: new Date('2026-03-10T00:00:00Z'), limit: 1000 });
    expect(mexico).toHaveLength(26); // 08:30–15:00
    expect(mexico[0]?.t.toISOString()).toBe('2026-03-10T14:30:00.000Z');
  });

  it('stamps daily, weekly and monthly bars at 00:00 UTC of their first trading date', () => {
    const [week] = sim.candles('i_usd_CRAN', '1w', { at: new Date('2026-07-10T21:00:00Z'), limit: 1 });
    expect(week?.t.toISOString()).toBe('2026-07-06T00:00:00.000Z');
    const [month] = sim.candles('i_usd_CRAN', '1M', { at: new Date('2026-02-10T21:00:00Z'), limit: 1 });
    expect(month?.t.toISOString()).toBe('2026-02-02T00:00:00.000Z'); // Feb 1st is a Sunday
    const [januaryCrypto] = sim.candles('i_crypto_BTC', '1M', { at: new Date('2026-01-20T00:00:00Z'), limit: 1 });
    expect(januaryCrypto?.t.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('has no bars on holidays and weekends', () => {
    const days = sim.candles('i_usd_CRAN', '1d', { at: new Date('2026-07-10T21:00:00Z'), limit: 10 });
    const dates = days.map((d) => d.t.toISOString().slice(0, 10));
    expect(dates).not.toContain('2026-07-03');
    expect(dates).not.toContain('2026-07-04');
    expect(dates).toContain('2026-07-02');
    expect(dates).toContain('2026-07-06');
    const forex = sim.candles('i_forex_EURUSD', '1d', { at: new Date('2026-03-09T12:00:00Z'), limit: 3 });
    expect(forex.map((d) => d.t.toISOString().slice(0, 10))).toEqual(['2026-03-05', '2026-03-06', '2026-03-09']);
    const crypto = sim.candles('i_crypto_BTC', '1d', { at: new Date('2026-03-09T12:00:00Z'), limit: 3 });
    expect(crypto.map((d) => d.t.toISOString().slice(0, 10))).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });
});

describe('which bars a request gets', () => {
  const at = new Date('2026-03-10T16:07:30Z'); // 11:07:30 New York, 10:07:30 Mexico City

  it('returns bars that opened at or before `at`, the last one partial', () => {
    const bars = sim.candles('i_mxn_AMXL', '5m', { at, limit: 3 });
    expect(bars.map((b) => b.t.toISOString())).toEqual([
      '2026-03-10T15:55:00.000Z',
      '2026-03-10T16:00:00.000Z',
      '2026-03-10T16:05:00.000Z',
    ]);
    const minutes = sim.candles('i_mxn_AMXL', '1m', { at, limit: 3 });
    expect(minutes.map((b) => b.t.toISOString())).toEqual([
      '2026-03-10T16:05:00.000Z',
      '2026-03-10T16:06:00.000Z',
      '2026-03-10T16:07:00.000Z',
    ]);
    expect(aggregate(minutes)).toEqual(withoutTime(bars[2] as SimBar));
    const [today] = sim.candles('i_mxn_AMXL', '1d', { at, limit: 1 });
    expect(today?.c).toBe(sim.quote('i_mxn_AMXL', at).price);
  });

  it('gives the latest `limit` bars by default (300), oldest first', () => {
    const bars = sim.candles('i_crypto_BTC', '1d', { at });
    expect(bars).toHaveLength(300);
    expect(bars[299]?.t.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    for (let i = 1; i < bars.length; i += 1) expect((bars[i] as SimBar).t > (bars[i - 1] as SimBar).t).toBe(true);
  });

  it('with `from`, gives the oldest `limit` bars from it; `to` is inclusive on the open time', () => {
    const from = new Date('2025-01-06T00:00:00Z');
    const to = new Date('2025-01-10T00:00:00Z');
    const bars = sim.candles('i_usd_CRAN', '1d', { at, from, to });
    expect(bars.map((b) => b.t.toISOString().slice(0, 10))).toEqual([
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
    ]);
    expect(sim.candles('i_usd_CRAN', '1d', { at, from, limit: 2 }).map((b) => b.t.toISOString().slice(0, 10))).toEqual([
      '2025-01-06',
      '2025-01-07',
    ]);
    expect(sim.candles('i_usd_CRAN', '1d', { at, to, limit: 2 }).map((b) => b.t.toISOString().slice(0, 10))).toEqual([
      '2025-01-09',
      '2025-01-10',
    ]);
  });

  it('has nothing before history starts and refuses a limit outside 1…1000', () => {
    expect(sim.candles('i_usd_CRAN', '1d', { at: new Date('2020-06-01T00:00:00Z') })).toEqual([]);
    const first = sim.candles('i_usd_CRAN', '1d', { at, from: new Date('2000-01-01T00:00:00Z'), limit: 1 });
    expect(first[0]?.t.toISOString()).toBe('2021-01-04T00:00:00.000Z');
    expect(() => sim.candles('i_usd_CRAN', '1d', { at, limit: 1001 })).toThrow(RangeError);
    expect(() => sim.candles('i_usd_CRAN', '1d', { at, limit: 0 })).toThrow(RangeError);
  });
});
