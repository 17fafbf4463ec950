/**
 * Leadership on PostgreSQL: two engine loops on one database, one leads through the advisory
 * lock and acts, the other waits; when the leader stops, the other takes over. Skipped on the
 * embedded PGlite (one process, it always leads).
 */
import { Dec, type Order } from '@brokerage/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db.js';
import { configureChannels, fund, verifiedUser } from '../../../test/funds-helpers.js';
import { post, useTestApp } from '../../../test/harness.js';
import { startEngine, type RunningEngine } from '../engine.js';
import { orders } from '../trading.tables.js';

const serverUrl = process.env.DATABASE_URL?.trim() || null;
const ETH = 'i_crypto_ETH-USDT';
const MONDAY = new Date('2026-03-02T16:00:00Z');

describe.skipIf(!serverUrl)('two engines on one PostgreSQL database', () => {
  const t = useTestApp(undefined, undefined, { engine: false });
  let databaseUrl = '';

  beforeAll(async () => {
    t.clock.set(MONDAY);
    await configureChannels(t.app);
    const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
    const target = new URL(serverUrl ?? '');
    target.pathname = `/${row?.name ?? ''}`;
    databaseUrl = target.toString();
  });

  async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const stateOf = async (orderId: string) =>
    (await t.database.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]?.state;

  it('lets only the leader act, and the other take over when the leader stops', async () => {
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USDT', '20000.00');
    const errors: unknown[] = [];
    const options = { databaseUrl, intervalMs: 50, onError: (e: unknown) => errors.push(e) };
    const engines: RunningEngine[] = [startEngine(t.deps, options), startEngine(t.deps, options)];
    try {
      await waitFor('a leader', () => engines.some((e) => e.isLeader()));
      // a long limit above the last price: whoever leads fills it on its next tick
      const limit = (
        await post(
          t.app,
          '/trade/buy',
          {
            instrumentId: ETH,
            side: 'long',
            orderType: 'limit',
            lots: 1,
            leverage: 1,
            price: new Dec(t.deps.feed.quote(ETH).price).times('1.01').toFixed(2),
          },
          u.headers,
        )
      ).body.data as Order;
      await waitFor('the fill', async () => (await stateOf(limit.orderId)) === 'holding');
      await new Promise((r) => setTimeout(r, 300));
      const leaders = engines.filter((e) => e.isLeader());
      expect(leaders).toHaveLength(1);
      const leader = leaders[0] as RunningEngine;
      const follower = engines.find((e) => e !== leader) as RunningEngine;
      expect(leader.totals().filled).toBe(1);
      expect(follower.totals()).toEqual({ filled: 0, expired: 0, closed: 0, unlocked: 0, reopened: 0 });

      // the leader goes away (its lock connection closes): the other one leads and acts
      await leader.stop();
      await waitFor('the take-over', () => follower.isLeader());
      const second = (
        await post(
          t.app,
          '/trade/buy',
          {
            instrumentId: ETH,
            side: 'short',
            orderType: 'limit',
            lots: 1,
            leverage: 1,
            price: new Dec(t.deps.feed.quote(ETH).price).times('0.99').toFixed(2),
          },
          u.headers,
        )
      ).body.data as Order;
      await waitFor('the second fill', async () => (await stateOf(second.orderId)) === 'holding');
      expect(follower.totals().filled).toBe(1);
      expect(leader.totals().filled).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      for (const e of engines) await e.stop();
    }
  });
});
