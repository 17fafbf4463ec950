/**
 * The simulated feed keeps each instrument's last quote for the instant it is of (issue 29: a
 * batch of orders is answered with one computation of the quote instead of one per order). What
 * it gives must stay what a fresh computation gives, at every instant.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { ManualClock } from '../../platform/clock.js';
import { STALE_AFTER_MS } from './feed.js';
import { SimulatedFeed } from './simulated-feed.js';

const t = useTestApp(undefined, undefined, { engine: false });

const ID = 'i_crypto_BTC-USDT';

describe('SimulatedFeed.quote', () => {
  it('gives, at every instant, what a fresh feed computes, each call an object of its own', () => {
    const clock = new ManualClock(new Date('2026-03-03T15:00:00.250Z'));
    const feed = new SimulatedFeed(t.deps.settings, clock, 'memo seed');
    const first = feed.quote(ID);
    const again = feed.quote(ID);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // a caller changing its copy changes no one else's
    (first as { price: string }).price = 'changed';
    expect(feed.quote(ID).price).toBe(again.price);

    const prices = new Set<string>();
    for (const step of [1, 999, 60_000, 60_000, 3_600_000, 86_400_000]) {
      clock.advance(step);
      const fresh = new SimulatedFeed(t.deps.settings, clock, 'memo seed').quote(ID);
      const memo = feed.quote(ID);
      expect(memo).toEqual(fresh);
      prices.add(memo.price);
    }
    // the clock's moves changed the price: a memo that ignored the instant would fail above
    expect(prices.size).toBeGreaterThan(1);
  });

  it('tells a stalled quote stale by the clock of the call, not the one it was computed at', () => {
    const clock = new ManualClock(new Date('2026-03-03T15:00:00Z'));
    const feed = new SimulatedFeed(t.deps.settings, clock, 'memo seed');
    feed.stall();
    const before = feed.quote(ID);
    expect(before.stale).toBe(false);
    clock.advance(STALE_AFTER_MS + 1);
    const after = feed.quote(ID);
    expect(after.stale).toBe(true);
    expect({ ...after, stale: false }).toEqual(before);
  });

  it('computes anew for a rebuilt simulator (a new listing)', () => {
    const clock = new ManualClock(new Date('2026-03-03T15:00:00Z'));
    const feed = new SimulatedFeed(t.deps.settings, clock, 'memo seed');
    const def = feed.instrument(ID);
    if (!def) throw new Error(`${ID} not in the universe`);
    const before = feed.quote(ID);
    // the same instrument with another tick scale: the rebuilt simulator prices it differently
    feed.addListings([{ ...def, priceScale: def.priceScale + 2 }]);
    const after = feed.quote(ID);
    expect(after.price).not.toBe(before.price);
    expect(after).toEqual(
      new SimulatedFeed(t.deps.settings, clock, 'memo seed', [{ ...def, priceScale: def.priceScale + 2 }]).quote(ID),
    );
  });
});
