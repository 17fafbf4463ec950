import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { minuteBars } from './test-helpers.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

describe('an index with a given divisor (MIDX = (2.5 AMXL + 0.5 WILD) / 0.0745)', () => {
  it('is Σ weight × member price / divisor at every minute, with Σ volume and Σ turnover', () => {
    const date = '2025-11-18';
    const index = minuteBars(sim, 'i_mxn_MIDX', 'mxn', date);
    const amxl = minuteBars(sim, 'i_mxn_AMXL', 'mxn', date);
    const wild = minuteBars(sim, 'i_mxn_WILD', 'mxn', date);
    expect(index).toHaveLength(390);
    index.forEach((bar, i) => {
      const a = amxl[i];
      const w = wild[i];
      expect(bar.t).toEqual(a?.t);
      expect(bar.c).toBe(
        round2(
          new Decimal(a?.c as string)
            .times('2.5')
            .plus(new Decimal(w?.c as string).times('0.5'))
            .div('0.0745'),
        ),
      );
      expect(bar.v).toBe(new Decimal(a?.v as string).plus(w?.v as string).toFixed(0));
      expect(bar.turnover).toBe(new Decimal(a?.turnover as string).plus(w?.turnover as string).toFixed(2));
    });
  });

  it('closes at the level of its members’ closes, which is the next day’s prevClose', () => {
    const [day] = sim.candles('i_mxn_MIDX', '1d', { at: new Date('2025-11-18T22:00:00Z'), limit: 1 });
    expect(sim.quote('i_mxn_MIDX', new Date('2025-11-19T15:00:00Z')).prevClose).toBe(day?.c);
  });
});

describe('an index without a divisor (FIDX, price-weighted, starts at 1000.00)', () => {
  it('derives its divisor so that its first reference level is referencePrice', () => {
    expect(sim.quote('i_usd_FIDX', new Date('2021-01-04T12:00:00Z')).prevClose).toBe('1000.00');
  });

  it('counts a delisted member at its last price, after every split', () => {
    const date = '2026-03-10';
    const boltLast = sim.quote('i_usd_BOLT', new Date('2026-03-10T15:00:00Z')).price;
    const index = minuteBars(sim, 'i_usd_FIDX', 'usd', date);
    const acme = minuteBars(sim, 'i_usd_ACME', 'usd', date);
    const cran = minuteBars(sim, 'i_usd_CRAN', 'usd', date);
    // divisor = (150.00 + 24.00 + 48.50) / 1000.00, the members' reference prices
    index.forEach((bar, i) => {
      const sum = new Decimal(acme[i]?.c as string).plus(boltLast).plus(cran[i]?.c as string);
      expect(bar.c).toBe(round2(sum.times(1000).div('222.50')));
    });
  });

  it('has no spread and no limit, and its candles aggregate like any other', () => {
    const q = sim.quote('i_usd_FIDX', new Date('2026-03-10T15:00:00Z'));
    expect([q.bid, q.ask, q.limitUp, q.limitDown]).toEqual([q.price, q.price, null, null]);
  });
});
