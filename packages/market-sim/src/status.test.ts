import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { minuteBars } from './test-helpers.js';
import { fixtureConfig, fixtureHalt, fixtureUniverse } from './test-fixtures.js';

const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());

describe('an instrument listing later (NEWC, 2026-04-15)', () => {
  it('is pre_listing before its listing date, at its reference price with no volume and no bars', () => {
    const q = sim.quote('i_mxn_NEWC', new Date('2026-04-14T16:00:00Z'));
    expect(q).toMatchObject({
      status: 'pre_listing',
      price: '20.00',
      prevClose: '20.00',
      volume: '0',
      turnover: '0.00',
      tradingDay: '2026-04-15',
    });
    expect(sim.candles('i_mxn_NEWC', '1d', { at: new Date('2026-04-14T16:00:00Z') })).toEqual([]);
    expect(sim.timeShare('i_mxn_NEWC', new Date('2026-04-14T16:00:00Z'))).toEqual([]);
  });

  it('trades from its listing date, its first prevClose being the reference price', () => {
    const q = sim.quote('i_mxn_NEWC', new Date('2026-04-15T16:00:00Z'));
    expect(q.status).toBe('trading');
    expect(q.prevClose).toBe('20.00');
    expect(q.limitUp).toBe('22.00');
    expect(Number(q.volume)).toBeGreaterThan(0);
    const bars = sim.candles('i_mxn_NEWC', '1d', { at: new Date('2026-04-20T22:00:00Z') });
    expect(bars[0]?.t.toISOString()).toBe('2026-04-15T00:00:00.000Z');
  });
});

describe('a delisted instrument (BOLT, last day 2025-09-30)', () => {
  it('trades on its last day and is delisted after it, frozen at its last price', () => {
    const lastDay = sim.quote('i_usd_BOLT', new Date('2025-09-30T15:00:00Z'));
    expect(lastDay.status).toBe('trading');
    const after = sim.quote('i_usd_BOLT', new Date('2025-10-01T15:00:00Z'));
    const muchLater = sim.quote('i_usd_BOLT', new Date('2026-03-10T15:00:00Z'));
    expect(after.status).toBe('delisted');
    expect(after.tradingDay).toBe('2025-09-30');
    expect(muchLater.price).toBe(after.price);
    const bars = sim.candles('i_usd_BOLT', '1d', { at: new Date('2026-03-10T15:00:00Z'), limit: 3 });
    expect(bars[2]?.t.toISOString()).toBe('2025-09-30T00:00:00.000Z');
    expect(bars[2]?.c).toBe(after.price);
  });

  it('has no history before its listing', () => {
    const [first] = sim.candles('i_usd_BOLT', '1d', {
      at: new Date('2026-03-10T15:00:00Z'),
      from: new Date('2021-01-01T00:00:00Z'),
      limit: 1,
    });
    expect(first?.t.toISOString()).toBe('2022-03-15T00:00:00.000Z');
    expect(sim.quote('i_usd_BOLT', new Date('2022-01-10T15:00:00Z')).status).toBe('pre_listing');
  });
});

describe('a trading halt (AMXL, 10:00 on 2025-03-12 to 10:00 the next day, Mexico City)', () => {
  const minutes = minuteBars(sim, 'i_mxn_AMXL', 'mxn', '2025-03-12');
  const haltStart = fixtureHalt.from.getTime();

  it('is halted inside the halt and trading on either side', () => {
    expect(sim.quote('i_mxn_AMXL', new Date(haltStart - 60_000)).status).toBe('trading');
    expect(sim.quote('i_mxn_AMXL', fixtureHalt.from).status).toBe('halted');
    expect(sim.quote('i_mxn_AMXL', new Date('2025-03-13T03:00:00Z')).status).toBe('halted');
    expect(sim.quote('i_mxn_AMXL', fixtureHalt.to).status).toBe('trading');
  });

  it('freezes the price at the halt start with no volume, and carries it into the next day', () => {
    const lastBefore = minutes.filter((m) => m.t.getTime() < haltStart).pop();
    const halted = minutes.filter((m) => m.t.getTime() >= haltStart);
    expect(halted.length).toBeGreaterThan(0);
    for (const m of halted) {
      expect(m.c).toBe(lastBefore?.c);
      expect(m.v).toBe('0');
      expect(m.turnover).toBe('0.00');
    }
    const nextMorning = sim.quote('i_mxn_AMXL', new Date('2025-03-13T15:00:00Z'));
    expect(nextMorning.prevClose).toBe(lastBefore?.c);
    expect(nextMorning.price).toBe(lastBefore?.c);
    expect(nextMorning.volume).toBe('0');
    const nextDay = minuteBars(sim, 'i_mxn_AMXL', 'mxn', '2025-03-13');
    expect(nextDay.filter((m) => m.t >= fixtureHalt.to).some((m) => m.v !== '0')).toBe(true);
  });
});
