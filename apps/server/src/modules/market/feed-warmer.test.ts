/**
 * The feed is warmed in slices when the server starts, before `/health` reports ready, and kept
 * warm across a market's new trading day (issue 18: a fresh simulator's first quotes of the
 * whole universe took 0.23–0.6 s of CPU in one turn of the loop).
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { ManualClock } from '../../platform/clock.js';
import { FeedWarmer } from './feed-warmer.js';
import { loopHeld } from './loop-held.js';
import { SimulatedFeed } from './simulated-feed.js';
import { SlicedWork } from './sliced-work.js';

const t = useTestApp(undefined, undefined, { engine: false, warmFeed: true });

describe('warming the feed (issue 18)', () => {
  it('answers /health 503 warming until every quote is warm, without holding the loop', async () => {
    const { value: statuses, cpuMs } = await loopHeld(async () => {
      const seen: string[] = [];
      for (let i = 0; i < 600; i += 1) {
        const r = await t.app.inject({ method: 'GET', url: '/health' });
        seen.push(`${r.statusCode} ${(r.json() as { status: string }).status}`);
        if (r.statusCode === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return seen;
    });
    expect(statuses.at(-1)).toBe('200 ok');
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set(statuses.length > 1 ? ['503 warming'] : []));
    // nobody asked for a quote: the warmer did it
    const cold = t.deps.feed.instruments().filter((d) => !t.deps.feed.isWarm(d.instrumentId));
    expect(cold.map((d) => d.instrumentId)).toEqual([]);
    expect(cpuMs).toBeLessThan(50);
  }, 120_000);

  it('is not ready before its first pass, and warms again what a new trading day made cold', async () => {
    const clock = new ManualClock(new Date('2026-03-03T15:00:00Z'));
    const feed = new SimulatedFeed(t.deps.settings, clock, 'another seed');
    const warmer = new FeedWarmer(feed, new SlicedWork());
    expect(warmer.ready).toBe(false);
    await warmer.pass();
    expect(warmer.ready).toBe(true);
    const ids = feed.instruments().map((d) => d.instrumentId);
    expect(ids.filter((id) => !feed.isWarm(id))).toEqual([]);
    clock.advance(24 * 60 * 60 * 1000);
    expect(ids.filter((id) => !feed.isWarm(id)).length).toBeGreaterThan(100);
    await warmer.pass();
    expect(ids.filter((id) => !feed.isWarm(id))).toEqual([]);
    expect(warmer.passCount).toBe(2);
  }, 120_000);
});
