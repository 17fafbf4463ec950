import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { endOfDay, minuteBars } from './test-helpers.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());

describe('the daily rise/fall limit', () => {
  it('sets limitUp/limitDown at prevClose × (1 ± 10 %), rounded inwards to the tick', () => {
    for (const at of ['2025-05-06T18:00:00Z', '2026-02-17T15:00:00Z', '2023-09-12T19:30:00Z']) {
      for (const id of ['i_mxn_AMXL', 'i_mxn_WILD', 'i_eur_SANX']) {
        const q = sim.quote(id, new Date(at));
        const scale = q.price.split('.')[1]?.length ?? 0;
        const prev = new Decimal(q.prevClose);
        expect(q.limitUp, `${id} ${at}`).toBe(
          prev.times('1.10').toDecimalPlaces(scale, Decimal.ROUND_DOWN).toFixed(scale),
        );
        expect(q.limitDown, `${id} ${at}`).toBe(
          prev.times('0.90').toDecimalPlaces(scale, Decimal.ROUND_UP).toFixed(scale),
        );
      }
    }
  });

  it('keeps every minute of a very volatile stock inside the band, and it does reach the band', () => {
    let daysAtLimit = 0;
    const days = sim.candles('i_mxn_WILD', '1d', { at: new Date('2025-06-30T21:00:00Z'), limit: 60 });
    for (const day of days) {
      const date = day.t.toISOString().slice(0, 10);
      const q = sim.quote('i_mxn_WILD', endOfDay('mxn', date));
      const up = new Decimal(q.limitUp as string);
      const down = new Decimal(q.limitDown as string);
      for (const minute of minuteBars(sim, 'i_mxn_WILD', 'mxn', date)) {
        expect(new Decimal(minute.c).lte(up), `${date} ${minute.t.toISOString()}`).toBe(true);
        expect(new Decimal(minute.c).gte(down), `${date} ${minute.t.toISOString()}`).toBe(true);
      }
      if (q.price === q.limitUp || q.price === q.limitDown) daysAtLimit += 1;
    }
    expect(daysAtLimit).toBeGreaterThan(10);
  });

  it('chains: each day is limited relative to the previous close', () => {
    const days = sim.candles('i_mxn_WILD', '1d', { at: new Date('2025-06-30T21:00:00Z'), limit: 40 });
    for (let i = 1; i < days.length; i += 1) {
      const prev = new Decimal(days[i - 1]?.c as string);
      const bar = days[i];
      expect(new Decimal(bar?.h as string).lte(prev.times('1.1'))).toBe(true);
      expect(new Decimal(bar?.l as string).gte(prev.times('0.9'))).toBe(true);
    }
  });

  it('does not exist in markets without a limit, nor for indexes', () => {
    const at = new Date('2026-02-17T15:00:00Z');
    for (const id of ['i_usd_CRAN', 'i_crypto_BTC', 'i_forex_EURUSD', 'i_mxn_MIDX']) {
      expect(sim.quote(id, at).limitUp, id).toBeNull();
      expect(sim.quote(id, at).limitDown, id).toBeNull();
    }
  });
});
