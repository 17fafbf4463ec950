import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnknownInstrumentError } from './errors.js';
import { MarketSimulator } from './simulator.js';
import { minuteBars } from './test-helpers.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
const tradable = fixtureUniverse.filter((d) => d.assetClass !== 'index');
const instantArb = fc.integer({ min: Date.UTC(2022, 0, 3), max: Date.UTC(2026, 2, 10) }).map((ms) => new Date(ms));

describe('a quote', () => {
  it('has bid ≤ price ≤ ask and bid < ask, and volumes that are not negative', () => {
    fc.assert(
      fc.property(fc.constantFrom(...tradable), instantArb, (def, at) => {
        const q = sim.quote(def.instrumentId, at);
        const bid = new Decimal(q.bid);
        const price = new Decimal(q.price);
        const ask = new Decimal(q.ask);
        expect(bid.lte(price) && price.lte(ask), `${def.instrumentId} ${at.toISOString()}`).toBe(true);
        expect(bid.lt(ask)).toBe(true);
        expect(new Decimal(q.volume).gte(0)).toBe(true);
        expect(new Decimal(q.turnover).gte(0)).toBe(true);
      }),
      { numRuns: 150, seed: 3 },
    );
  });

  it('equals the price of the minute it falls in, at any second of it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtureUniverse.filter((d) => d.instrumentId !== 'i_mxn_NEWC')),
        fc.integer({ min: 0, max: 59_999 }),
        fc.nat(),
        (def, offset, pick) => {
          const date = def.delistingDate ?? '2025-06-11';
          const minutes = minuteBars(sim, def.instrumentId, def.market, date);
          const minute = minutes[pick % minutes.length];
          if (minute === undefined) return;
          const q = sim.quote(def.instrumentId, new Date(minute.t.getTime() + offset));
          expect(q.price).toBe(minute.c);
          expect(q.ts).toEqual(minute.t);
          expect(q.inSession).toBe(true);
        },
      ),
      { numRuns: 40, seed: 5 },
    );
  });

  it('outside sessions shows the last price and says it is not in session', () => {
    const evening = sim.quote('i_mxn_AMXL', new Date('2026-03-10T23:00:00Z'));
    const [today] = sim.candles('i_mxn_AMXL', '1d', { at: new Date('2026-03-10T23:00:00Z'), limit: 1 });
    expect(evening).toMatchObject({
      inSession: false,
      session: null,
      tradingDay: '2026-03-10',
      price: today?.c,
      ts: new Date('2026-03-10T20:59:00Z'),
    });
    const saturday = sim.quote('i_mxn_AMXL', new Date('2026-03-14T18:00:00Z'));
    expect(saturday).toMatchObject({ inSession: false, tradingDay: '2026-03-13' });
  });

  it('keeps the day figures of a US stock to the regular session; pre-market moves the price only', () => {
    const preMarket = sim.quote('i_usd_CRAN', new Date('2026-03-10T12:00:00Z'));
    expect(preMarket).toMatchObject({ session: 'pre', tradingDay: '2026-03-10', volume: '0', turnover: '0.00' });
    expect(preMarket.open).toBe(preMarket.prevClose);
    const after = sim.quote('i_usd_CRAN', new Date('2026-03-10T23:00:00Z'));
    const regularMinutes = minuteBars(sim, 'i_usd_CRAN', 'usd', '2026-03-10').filter(
      (m) => m.t >= new Date('2026-03-10T13:30:00Z') && m.t < new Date('2026-03-10T20:00:00Z'),
    );
    expect(after.session).toBe('after');
    expect(after.open).toBe(regularMinutes[0]?.o);
    expect(after.volume).toBe(regularMinutes.reduce((v, m) => v.plus(m.v), new Decimal(0)).toFixed(0));
    expect(after.high).toBe(Decimal.max(...regularMinutes.map((m) => m.h)).toFixed(2));
  });

  it('quotes an index with bid = ask = level', () => {
    const q = sim.quote('i_usd_FIDX', new Date('2026-03-10T15:00:00Z'));
    expect(q.bid).toBe(q.price);
    expect(q.ask).toBe(q.price);
  });

  it('refuses an unknown instrument', () => {
    expect(() => sim.quote('i_usd_NOPE', new Date('2026-03-10T15:00:00Z'))).toThrow(UnknownInstrumentError);
    expect(() => sim.candles('i_usd_NOPE', '1d', { at: new Date('2026-03-10T15:00:00Z') })).toThrow(
      UnknownInstrumentError,
    );
    expect(sim.instrument('i_usd_NOPE')).toBeUndefined();
    expect(sim.instruments()).toHaveLength(fixtureUniverse.length);
  });
});

describe('the time-share of a day', () => {
  it('has one point per minute up to now, avgPrice = cumulative turnover / cumulative volume', () => {
    const at = new Date('2026-03-10T16:07:30Z');
    const points = sim.timeShare('i_mxn_AMXL', at);
    const minutes = sim.candles('i_mxn_AMXL', '1m', { at, from: new Date('2026-03-10T14:30:00Z'), limit: 1000 });
    expect(points).toHaveLength(98); // 08:30 to 10:07 Mexico City
    let volume = new Decimal(0);
    let turnover = new Decimal(0);
    points.forEach((p, i) => {
      const m = minutes[i];
      expect(p.t).toEqual(m?.t);
      expect(p.price).toBe(m?.c);
      expect(p.v).toBe(m?.v);
      volume = volume.plus(p.v);
      turnover = turnover.plus(m?.turnover as string);
      expect(p.avgPrice).toBe(turnover.div(volume).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    });
  });

  it('shows the last trading day when today has not opened, for crypto the whole UTC day', () => {
    const weekend = sim.timeShare('i_mxn_AMXL', new Date('2026-03-14T18:00:00Z'));
    expect(weekend).toHaveLength(390);
    expect(weekend[0]?.t.toISOString()).toBe('2026-03-13T14:30:00.000Z');
    const crypto = sim.timeShare('i_crypto_BTC', new Date('2026-03-14T23:59:59Z'));
    expect(crypto).toHaveLength(1440);
    expect(crypto[0]?.avgPrice).toBe(crypto[0]?.price);
  });
});

describe('52-week statistics', () => {
  it('bracket every forward-adjusted daily bar of the last 52 weeks, and give the market value', () => {
    const at = new Date('2026-03-10T18:00:00Z');
    const stats = sim.stats('i_mxn_AMXL', at);
    const days = sim.candles('i_mxn_AMXL', '1d', {
      at,
      from: new Date('2025-03-12T00:00:00Z'),
      limit: 1000,
      adjust: 'forward',
    });
    expect(stats.high52w).toBe(Decimal.max(...days.map((d) => d.h)).toFixed(2));
    expect(stats.low52w).toBe(Decimal.min(...days.map((d) => d.l)).toFixed(2));
    expect(stats.marketCap).toBe(new Decimal(sim.quote('i_mxn_AMXL', at).price).times(61_100_000_000).toFixed(2));
    expect(sim.stats('i_mxn_MIDX', at).marketCap).toBeNull();
  });

  it('compare with the split-adjusted price after a split', () => {
    const stats = sim.stats('i_usd_ACME', new Date('2024-09-10T18:00:00Z'));
    const price = new Decimal(sim.quote('i_usd_ACME', new Date('2024-09-10T18:00:00Z')).price);
    expect(new Decimal(stats.high52w).div(price).toNumber()).toBeLessThan(1.8);
  });
});
