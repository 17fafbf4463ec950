/**
 * `warmSteps` / `statsSteps` prepare in small steps what a quote and its 52-week figures need,
 * and `isWarm` / `isStatsWarm` tell without computing anything whether that is done (issue 18:
 * a server answers a warm quote at once and runs a cold one in slices).
 */
import { describe, expect, it } from 'vitest';
import { MarketSimulator } from './simulator.js';
import { fixtureConfig, fixtureUniverse } from './test-fixtures.js';

const at = new Date('2026-03-04T15:30:00Z');
const nextDay = new Date('2026-03-05T15:30:00Z');

function drain(steps: Generator<void, void, void>): number {
  let count = 0;
  while (!steps.next().done) count += 1;
  return count;
}

describe('warming an instrument in steps', () => {
  it('gives the same quote, time share and stats as the one-go calls, and says when it is warm', () => {
    const reference = new MarketSimulator(fixtureUniverse, fixtureConfig());
    const stepped = new MarketSimulator(fixtureUniverse, fixtureConfig());
    for (const def of fixtureUniverse) {
      const id = def.instrumentId;
      expect(stepped.isWarm(id, at), id).toBe(false);
      expect(stepped.isStatsWarm(id, at), id).toBe(false);
      drain(stepped.warmSteps(id, at));
      expect(stepped.isWarm(id, at), id).toBe(true);
      drain(stepped.statsSteps(id, at));
      expect(stepped.isStatsWarm(id, at), id).toBe(true);
      // warm: nothing left to do
      expect(drain(stepped.statsSteps(id, at)), id).toBe(0);
      expect(stepped.quote(id, at), id).toEqual(reference.quote(id, at));
      expect(stepped.stats(id, at), id).toEqual(reference.stats(id, at));
      expect(stepped.timeShare(id, at), id).toEqual(reference.timeShare(id, at));
    }
  });

  it("takes many small steps for a cold stock's 52 weeks and an index's members", () => {
    const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
    // a year of day bars: one minute path per step
    expect(drain(sim.statsSteps('i_usd_ACME', at))).toBeGreaterThan(200);
    // an index: its members' walks and minute paths one at a time
    expect(drain(sim.warmSteps('i_usd_FIDX', at))).toBeGreaterThan(5);
  });

  it('is cold again on the next trading day (a new minute path)', () => {
    const sim = new MarketSimulator(fixtureUniverse, fixtureConfig());
    drain(sim.statsSteps('i_usd_ACME', at));
    expect(sim.isWarm('i_usd_ACME', nextDay)).toBe(false);
    expect(sim.isStatsWarm('i_usd_ACME', nextDay)).toBe(false);
    drain(sim.statsSteps('i_usd_ACME', nextDay));
    expect(sim.isStatsWarm('i_usd_ACME', nextDay)).toBe(true);
  });
});
