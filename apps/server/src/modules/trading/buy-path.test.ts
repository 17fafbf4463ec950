/**
 * The cost of the buy path (docs/performance.md, order placement): the hand-written order
 * insert returns exactly what drizzle's insert and select return, and a market buy stays within
 * its statement budget on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, useTestApp } from '../../test/harness.js';
import * as repo from './orders.repository.js';
import type { NewOrderRow } from './orders.repository.js';

// quietMs 0: the KYC and deposit updates would otherwise keep the user out of the auth cache for
// 5 s, and the measured buy is the warm one (its user row cached)
const t = useTestApp(undefined, undefined, { engine: false, authCache: { quietMs: 0 } });
const TUESDAY = new Date('2026-03-03T16:00:00Z');

beforeAll(async () => {
  t.clock.set(TUESDAY);
  await configureChannels(t.app);
});

describe('insertOrderWithEvent', () => {
  const at = new Date('2026-03-03T16:00:00.123Z');
  const base: Omit<NewOrderRow, 'id' | 'orderNo'> = {
    userId: 'u_budget',
    instrumentId: 'i_crypto_BTC-USDT',
    code: 'BTC-USDT',
    name: 'Bitcoin',
    market: 'crypto',
    currency: 'USDT',
    priceScale: 2,
    source: 'order',
    side: 'long',
    orderType: 'market',
    state: 'holding',
    lots: 3,
    lotSize: '1',
    leverage: 10,
    price: null,
    costPrice: '64000.5',
    contractAmount: '192001.5',
    margin: '19200.15',
    openFee: '288',
    takeProfit: '70000',
    stopLoss: undefined,
    buyFeeRate: '0.0015',
    sellFeeRate: '0.0015',
    stampDutyRate: '0',
    stopOutRatio: '0.8',
    holdMinutesMin: 5,
    tPlusNDays: 1,
    settlementDays: 0,
    createdAt: at,
    openedAt: at,
    minHoldUntil: new Date(at.getTime() + 300_000),
    tPlusUntil: null,
    expiresAt: null,
  };

  it('returns the row a select reads back and drizzle’s insert returns, and writes the first event', async () => {
    const id = `o_${randomUUID()}`;
    const created = await repo.insertOrderWithEvent(t.database.db, { id, orderNo: `N${id}`, ...base }, null);
    const read = await repo.findOrder(t.database.db, id);
    expect(created).toEqual(read);
    expect(Object.keys(created).sort()).toEqual(Object.keys(read ?? {}).sort());
    expect(created).toMatchObject({
      margin: '19200.15000000',
      stopLoss: null,
      lots: 3,
      tPlusUntil: null,
      createdAt: at,
    });

    const other = `o_${randomUUID()}`;
    const drizzleRow = await repo.insertOrder(t.database.db, { id: other, orderNo: `N${other}`, ...base });
    expect({ ...created, id: '', orderNo: '' }).toEqual({ ...drizzleRow, id: '', orderNo: '' });

    const events = await repo.eventsOf(t.database.db, id);
    expect(events.map((e) => [e.state, e.at.toISOString(), e.reason])).toEqual([['holding', at.toISOString(), null]]);
  });
});

describe('a market buy on PostgreSQL', () => {
  it('takes 7 statements in 2 round trips alone (a batch of one): begin, claim, lock | entry, order + event, stored answer, commit', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USDT', '100000.00');
    const body = () => ({
      instrumentId: 'i_crypto_BTC-USDT',
      side: 'long',
      orderType: 'market',
      lots: 1,
      leverage: 10,
      requestId: randomUUID(),
    });
    // the first buy creates the margin and fee-income accounts; the steady state is measured
    expect((await post(t.app, '/trade/buy', body(), u.headers)).body.status).toBe(1);
    expect((await post(t.app, '/trade/buy', body(), u.headers)).body.status).toBe(1);

    const seen: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function counted(this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { text: string };
      seen.push((typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().slice(0, 40));
      return original.apply(this, args);
    };
    const trips = t.database.roundTripCount?.() ?? 0;
    let answer;
    try {
      answer = await post(t.app, '/trade/buy', body(), u.headers);
    } finally {
      proto.query = original;
    }
    expect(answer.body.status).toBe(1);
    expect(seen.map((s) => s.split(' ').slice(0, 3).join(' '))).toEqual([
      // the replay lookup reads first (§1.11, issue 18: limits apply before any write), then one transaction
      'select k.user_id, k.path,',
      'begin',
      'with bound as',
      'select a.id::text as',
      'with head as',
      'with o as',
      'update idempotency_keys k',
      'commit',
    ]);
    // the lookup, then the batch's two (platform/db.ts pipelinedTransaction)
    expect((t.database.roundTripCount?.() ?? 0) - trips).toBe(3);
  });
});
