import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';

const AT = new Date('2026-03-10T18:00:00Z');
const ids = fixtureUniverse.map((d) => d.instrumentId);

function snapshotOf(sim: MarketSimulator, at: Date) {
  return ids.map((id) => ({
    quote: sim.quote(id, at),
    days: sim.candles(id, '1d', { at, limit: 30 }),
    fiveMinutes: sim.candles(id, '5m', { at, limit: 50 }),
  }));
}

describe('two simulators with the same seed', () => {
  it('give identical quotes, candles and statistics', () => {
    const a = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    const b = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    expect(snapshotOf(a, AT)).toEqual(snapshotOf(b, AT));
  });

  it('give identical 52-week statistics', () => {
    const a = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    const b = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    for (const id of ['i_usd_ACME', 'i_crypto_BTC', 'i_mxn_MIDX']) expect(a.stats(id, AT)).toEqual(b.stats(id, AT));
  });

  it('agree whatever order the questions come in', () => {
    const a = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    const b = new MarketSimulator(fixtureUniverse, fixtureConfig('same'));
    for (const id of [...ids].reverse()) b.candles(id, '1M', { at: AT, limit: 3 });
    expect(snapshotOf(a, AT)).toEqual(snapshotOf(b, AT));
  });
});

describe('a different seed', () => {
  it('gives different paths for every instrument', () => {
    const a = new MarketSimulator(fixtureUniverse, fixtureConfig('one'));
    const b = new MarketSimulator(fixtureUniverse, fixtureConfig('two'));
    for (const id of ids.filter((id) => id !== 'i_mxn_NEWC')) {
      expect(a.candles(id, '1d', { at: AT, limit: 20 }), id).not.toEqual(b.candles(id, '1d', { at: AT, limit: 20 }));
    }
  });
});

describe('a past instant', () => {
  it('is quoted the same by a fresh simulator as by one that has seen later instants', () => {
    const past = new Date('2024-11-05T16:31:27Z');
    const seasoned = new MarketSimulator(fixtureUniverse, fixtureConfig());
    for (const id of ids) seasoned.quote(id, AT);
    for (const id of ids) seasoned.candles(id, '1d', { at: AT, limit: 300 });
    const fresh = new MarketSimulator(fixtureUniverse, fixtureConfig());
    for (const id of ids) {
      expect(seasoned.quote(id, past), id).toEqual(fresh.quote(id, past));
      expect(seasoned.candles(id, '1d', { at: past, limit: 10 }), id).toEqual(
        fresh.candles(id, '1d', { at: past, limit: 10 }),
      );
      expect(seasoned.timeShare(id, past), id).toEqual(fresh.timeShare(id, past));
    }
  });

  it('keeps its partial day bar partial even after the whole day was computed', () => {
    const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
    const midday = new Date('2025-06-11T16:00:00Z');
    const before = sim.candles('i_usd_CRAN', '1d', { at: midday, limit: 1 });
    sim.candles('i_usd_CRAN', '1d', { at: new Date('2025-06-12T16:00:00Z'), limit: 5 });
    expect(sim.candles('i_usd_CRAN', '1d', { at: midday, limit: 1 })).toEqual(before);
  });
});

describe('golden values', () => {
  // These pin the whole algorithm (hash, walk, bridge, conversion). If they change, every market
  // in every deployment changes: update them only on purpose, and say so in the changelog.
  it('quotes the fixture as it always has', () => {
    const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
    expect(ids.map((id) => `${id} ${sim.quote(id, AT).price}`)).toMatchInlineSnapshot(`
      [
        "i_usd_ACME 178.99",
        "i_usd_BOLT 38.65",
        "i_usd_CRAN 48.99",
        "i_mxn_AMXL 15.97",
        "i_mxn_WILD 0.32",
        "i_mxn_NEWC 20.00",
        "i_eur_SANX 3.845",
        "i_crypto_BTC 26364.00",
        "i_crypto_DOGE 0.005005",
        "i_forex_EURUSD 1.15893",
        "i_usd_FIDX 1198.34",
        "i_mxn_MIDX 538.05",
      ]
    `);
  });
});
