/** `candleSteps` gives exactly the bars of `candles`, in steps of one instrument-day each (issue 18). */
import { describe, expect, it } from 'vitest';
import { DayBarStore } from './day-bar-store.js';
import { MarketSimulator } from './simulator.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';
import type { SimBar, SimPeriod } from './types.js';

const at = new Date('2026-03-04T15:30:00Z');

function drain(steps: Generator<void, SimBar[], void>): { bars: SimBar[]; steps: number } {
  let count = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { bars: next.value, steps: count };
    count += 1;
  }
}

describe('candles computed in steps', () => {
  const cases: [
    string,
    SimPeriod,
    { from?: Date; to?: Date; limit: number; adjust?: 'none' | 'forward' | 'backward' },
  ][] = [
    ['i_usd_FIDX', '1d', { limit: 300 }],
    ['i_usd_FIDX', '1M', { limit: 1000 }],
    ['i_mxn_MIDX', '1w', { limit: 60, to: new Date('2025-06-01T00:00:00Z') }],
    ['i_usd_ACME', '1d', { limit: 500, adjust: 'forward' }],
    ['i_usd_ACME', '1M', { limit: 1000, adjust: 'backward' }],
    ['i_eur_SANX', '5m', { limit: 1000 }],
    ['i_crypto_BTC', '30m', { limit: 200, from: new Date('2025-12-30T10:00:00Z') }],
    ['i_usd_FIDX', '15m', { limit: 400 }],
  ];

  it('returns the same bars as the one-go call, on a cold and on a warm simulator', () => {
    const reference = new MarketSimulator(fixtureUniverse, fixtureConfig());
    const stepped = new MarketSimulator(fixtureUniverse, fixtureConfig());
    for (const [id, period, query] of cases) {
      const expected = reference.candles(id, period, { at, ...query });
      const cold = drain(stepped.candleSteps(id, period, { at, ...query }));
      expect(cold.bars, `${id} ${period}`).toEqual(expected);
      expect(cold.bars.length).toBeGreaterThan(0);
      const warm = drain(stepped.candleSteps(id, period, { at, ...query }));
      expect(warm.bars).toEqual(expected);
    }
  });

  it('splits a cold index chart into one step per member path, and a warm one into none', () => {
    const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
    const cold = drain(sim.candleSteps('i_usd_FIDX', '1d', { at, limit: 250 }));
    // 250 days × (3 member paths + the index path) at least, plus the walks' checkpoints
    expect(cold.steps).toBeGreaterThanOrEqual(250 * 4);
    // every finished day is stored: only today's minute path may be asked again
    const warm = drain(sim.candleSteps('i_usd_FIDX', '1d', { at, limit: 250 }));
    expect(warm.steps).toBe(0);
    expect(sim.dayBarBytes()).toBeGreaterThan(0);
  });
});

describe('the day-bar store', () => {
  it('gives back what it was given, exactly, and grows on demand', () => {
    const store = new DayBarStore();
    const bar = {
      t: 0,
      open: 123_456_789,
      high: 123_999_999,
      low: 120_000_001,
      close: 121_212_121,
      volume: 9_007_199_254_740,
      turnover: 9_007_199_254_740_991n,
    };
    expect(store.has(5000)).toBe(false);
    store.set(5000, bar);
    expect(store.get(5000, 42)).toEqual({ ...bar, t: 42 });
    expect(store.has(4999)).toBe(false);
    expect(store.get(4999, 0)).toBeUndefined();
    store.set(3, bar);
    expect(store.get(5000, 0)?.turnover).toBe(9_007_199_254_740_991n);
  });
});
