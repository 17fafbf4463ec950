/**
 * The engine through the real app (docs/api.md §3.1): stop-loss (long and short), short take-profit,
 * short stop-out (also of a locked position), negative proceeds, TP/SL held back by the minimum
 * hold and by T+N, lock expiry, rows left `closing`, delisting, day-order expiry, and the index
 * kept current by the event tail (the reconcile catching what no event announced).
 *
 * One engine for the whole file, loaded before the first order: everything after reaches its
 * index through `order_events`, as orders placed on another instance would.
 */
import { Dec, type Order } from '@brokerage/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../../test/funds-helpers.js';
import { adminLogin, post, useTestApp, type TestUser } from '../../../test/harness.js';
import { SimulatedFeed, type FeedQuote } from '../../market/index.js';
import { TradingEngine } from '../engine.js';
import { openingAmounts, unitsOf } from '../fees.js';
import * as repo from '../orders.repository.js';
import { orders } from '../trading.tables.js';
import { stoppedOut } from './conditions.js';

const t = useTestApp(undefined, undefined, { engine: false });

const ETH = 'i_crypto_ETH-USDT';
/** ETH-USDT's lot size (packages/market-sim/src/universe/crypto.ts): 1 lot = 0.01 ETH */
const ETH_LOT = '0.01';
/** the lots of one whole ETH, the quantity these cases are written for */
const ONE_ETH = 100;
const WALMEX = 'i_mxn_WALMEX';
const BACHOCO = 'i_mxn_BACHOCOB';
/** Monday 10:00 in Mexico City: every regular session is open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const MX_CLOSE = new Date('2026-03-02T21:00:00Z');
const MIN = 60_000;

type Detail = Order & { history: { state: string; reason: string | null }[] };
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const quote = (id: string): FeedQuote => t.deps.feed.quote(id);
const r2 = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
let engine: TradingEngine;
const tick = () => engine.tick();
const at = (d: Date) => t.clock.set(d);
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MIN);

beforeAll(async () => {
  at(MONDAY);
  await configureChannels(t.app);
  // no timed reconcile: the last test shows what only a reconcile finds
  engine = new TradingEngine(t.deps, {
    reconcileMs: 24 * 3600_000,
    onError: (error) => {
      throw error;
    },
  });
  await tick();
});

async function trader(currency: 'MXN' | 'USD' | 'USDT' = 'USDT', amount = '20000.00'): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, currency, amount);
  return u;
}

async function account(u: TestUser, currency = 'USDT') {
  const r = await as(u, '/user/assets', { currency });
  return data<{ accounts: { currency: string; available: string; frozen: string; positionsValue: string }[] }>(
    r,
  ).accounts.find((a) => a.currency === currency)!;
}

async function buy(u: TestUser, body: Record<string, unknown>): Promise<Order> {
  const r = await post(
    t.app,
    '/trade/buy',
    { side: 'long', orderType: 'market', lots: ONE_ETH, leverage: 1, instrumentId: ETH, ...body },
    u.headers,
  );
  if (r.body.status !== 1) throw new Error(`buy: ${JSON.stringify(r.body)}`);
  return data<Order>(r);
}

/** A call as `u`; after a clock jump of days the session has idled out, so sign in again once. */
async function as(u: TestUser, path: string, body: unknown) {
  const r = await post(t.app, path, body, u.headers);
  if (r.body.code !== 'auth.required') return r;
  const login = await post(t.app, '/user/login', { account: u.account, password: u.password });
  const token = (login.body.data as { token: string }).token;
  u.token = token;
  u.headers = { token, account: u.account };
  return post(t.app, path, body, u.headers);
}

async function detail(u: TestUser, orderId: string): Promise<Detail> {
  const r = await as(u, '/trade/detail', { orderId });
  if (r.body.status !== 1) throw new Error(`detail: ${JSON.stringify(r.body)}`);
  return data<Detail>(r);
}

async function setTpSl(
  u: TestUser,
  orderId: string,
  takeProfit: string | null,
  stopLoss: string | null,
): Promise<void> {
  const r = await post(t.app, '/trade/setTpSl', { orderId, takeProfit, stopLoss }, u.headers);
  if (r.body.status !== 1) throw new Error(`setTpSl: ${JSON.stringify(r.body)}`);
}

async function config(key: string, value: unknown): Promise<void> {
  const r = await post(
    t.app,
    '/api/admin/config/set',
    { key, value, reason: 'engine test' },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`config: ${JSON.stringify(r.body)}`);
}

/** Minute by minute after `from`: the first instant whose quote satisfies `pred` (the clock is restored). */
function scan(id: string, from: Date, minutes: number, pred: (q: FeedQuote) => boolean): { at: Date; q: FeedQuote } {
  const saved = t.clock.now();
  try {
    for (let i = 1; i <= minutes; i += 1) {
      at(later(from, i));
      const q = quote(id);
      if (pred(q)) return { at: t.clock.now(), q };
    }
    throw new Error(`no such quote of ${id} within ${minutes} minutes`);
  } finally {
    at(saved);
  }
}

const price = (q: FeedQuote) => new Dec(q.price);

describe('stop-loss and take-profit', () => {
  it('fires a long stop-loss at the bid the minute the last price reaches it, not before', async () => {
    at(MONDAY);
    const u = await trader();
    const o = await buy(u, {});
    const p0 = price(quote(ETH));
    const hit = scan(ETH, later(MONDAY, 5), 3 * 24 * 60, (q) => price(q).lt(p0.times('0.999')));
    await setTpSl(u, o.orderId, null, hit.q.price);
    at(later(hit.at, -1));
    expect((await tick()).closed).toBe(0);
    at(hit.at);
    expect((await tick()).closed).toBe(1);
    const d = await detail(u, o.orderId);
    expect(d).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      closePrice: hit.q.bid,
      closedAt: hit.at.toISOString(),
    });
    // the TP/SL edit is not a state: the history keeps its three states
    expect(d.history.map((h) => `${h.state}:${h.reason}`)).toEqual([
      'holding:null',
      'closing:stop_loss',
      'closed:stop_loss',
    ]);
    expect((await tick()).closed).toBe(0);
  });

  it('fires a short stop-loss at the ask when the last price rises to it', async () => {
    at(MONDAY);
    const u = await trader();
    const o = await buy(u, { side: 'short' });
    const p0 = price(quote(ETH));
    const hit = scan(ETH, later(MONDAY, 5), 3 * 24 * 60, (q) => price(q).gt(p0.times('1.001')));
    await setTpSl(u, o.orderId, null, hit.q.price);
    at(later(hit.at, -1));
    expect((await tick()).closed).toBe(0);
    at(hit.at);
    expect((await tick()).closed).toBe(1);
    expect(await detail(u, o.orderId)).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      closePrice: hit.q.ask,
    });
  });

  it('fires a short take-profit at the ask when the last price falls to it, with the exact proceeds', async () => {
    at(MONDAY);
    const u = await trader();
    const o = await buy(u, { side: 'short', lots: 2 * ONE_ETH, leverage: 5 });
    const p0 = price(quote(ETH));
    const hit = scan(ETH, later(MONDAY, 5), 3 * 24 * 60, (q) => price(q).lt(p0.times('0.999')));
    await setTpSl(u, o.orderId, hit.q.price, null);
    const before = await account(u);
    at(hit.at);
    expect((await tick()).closed).toBe(1);
    const d = await detail(u, o.orderId);
    expect(d).toMatchObject({ state: 'closed', closeReason: 'take_profit', closePrice: hit.q.ask });
    const ask = new Dec(hit.q.ask);
    const proceeds = new Dec(o.margin)
      .plus(r2(new Dec(o.costPrice!).minus(ask).times(2)))
      .minus(r2(ask.times(2).times('0.0015')));
    expect(proceeds.gt(o.margin)).toBe(true);
    expect((await account(u)).available).toBe(new Dec(before.available).plus(proceeds).toFixed(2));
  });

  it('holds a crossed take-profit back until the minimum hold has passed, then fires it (time queue)', async () => {
    at(MONDAY);
    const p0 = price(quote(ETH));
    const up = scan(ETH, MONDAY, 24 * 60, (q) => price(q).gt(p0));
    const again = scan(ETH, up.at, 3 * 24 * 60, (q) => price(q).gte(price(up.q)));
    const holdMinutes = (again.at.getTime() - MONDAY.getTime()) / MIN;
    await config('market.crypto.minHoldMinutes', holdMinutes);
    try {
      const u = await trader();
      const o = await buy(u, { takeProfit: up.q.price });
      expect(o.sellableAt).toBe(again.at.toISOString());
      at(up.at);
      // crossed, but the minimum hold still runs: the entry is not even armed
      expect(engine.index.priceHits(ETH, up.q.price).some((h) => h.orderId === o.orderId)).toBe(false);
      expect((await tick()).closed).toBe(0);
      expect((await detail(u, o.orderId)).state).toBe('holding');
      at(again.at);
      expect((await tick()).closed).toBe(1);
      expect(await detail(u, o.orderId)).toMatchObject({
        state: 'closed',
        closeReason: 'take_profit',
        closePrice: again.q.bid,
      });
    } finally {
      await config('market.crypto.minHoldMinutes', 5);
    }
  });

  it('parks a take-profit T+N blocks, fires it for a day trader, and fires the other once T+1 opens', async () => {
    at(MONDAY);
    const p0 = price(quote(WALMEX));
    const tuesdayOpen = new Date('2026-03-03T14:30:00Z');
    // a take-profit that Monday (after the 5-minute hold) and Tuesday's session both reach:
    // above p0 for a long if both days trade higher, else below p0 for a short
    const extremes = (from: Date, minutes: number) => {
      let high = new Dec(0);
      let low = new Dec(Infinity);
      for (let i = 1; i <= minutes; i += 1) {
        at(later(from, i));
        const q = quote(WALMEX);
        if (!q.inSession) continue;
        high = Dec.max(high, price(q));
        low = Dec.min(low, price(q));
      }
      at(MONDAY);
      return { high, low };
    };
    const mon = extremes(later(MONDAY, 5), 290);
    const tue = extremes(later(tuesdayOpen, -1), 390);
    const side = Dec.min(mon.high, tue.high).gt(p0) ? 'long' : 'short';
    const target = side === 'long' ? Dec.min(mon.high, tue.high) : Dec.max(mon.low, tue.low);
    expect(side === 'long' ? target.gt(p0) : target.lt(p0)).toBe(true);
    const reached = (q: FeedQuote) => q.inSession && (side === 'long' ? price(q).gte(target) : price(q).lte(target));
    const tp = target.toFixed(2);

    const plain = await trader('MXN', '100000.00');
    const dayTrader = await trader('MXN', '100000.00');
    await t.database.db.execute(`update users set day_trading = true where id = '${dayTrader.id}'`);
    const a = await buy(plain, { instrumentId: WALMEX, side, lots: 100, leverage: 2 });
    const b = await buy(dayTrader, { instrumentId: WALMEX, side, lots: 100, leverage: 2 });
    expect(a.sellableAt).toBe(tuesdayOpen.toISOString());
    await setTpSl(plain, a.orderId, tp, null);
    await setTpSl(dayTrader, b.orderId, tp, null);
    const up = scan(WALMEX, later(MONDAY, 5), 290, reached);
    at(up.at);
    expect((await tick()).closed).toBe(1);
    expect(await detail(dayTrader, b.orderId)).toMatchObject({ state: 'closed', closeReason: 'take_profit' });
    expect((await detail(plain, a.orderId)).state).toBe('holding');
    // parked until T+1: no longer handed out while T+N runs
    expect(engine.index.priceHits(WALMEX, up.q.price).some((h) => h.orderId === a.orderId)).toBe(false);
    const next = scan(WALMEX, later(tuesdayOpen, -1), 390, reached);
    at(next.at);
    expect((await tick()).closed).toBe(1);
    expect(await detail(plain, a.orderId)).toMatchObject({
      state: 'closed',
      closeReason: 'take_profit',
      closePrice: side === 'long' ? next.q.bid : next.q.ask,
    });
  });

  it('re-arms a take-profit T+N parked as soon as day trading is approved, without a reload', async () => {
    at(MONDAY);
    const p0 = price(quote(WALMEX));
    // the first Monday minute after the 5-minute hold that trades away from p0, and a TP there
    const away = scan(WALMEX, later(MONDAY, 5), 290, (q) => q.inSession && !price(q).eq(p0));
    const side = price(away.q).gt(p0) ? 'long' : 'short';
    const u = await trader('MXN', '100000.00');
    const o = await buy(u, { instrumentId: WALMEX, side, lots: 100, leverage: 2 });
    await setTpSl(u, o.orderId, away.q.price, null);
    at(away.at);
    expect((await tick()).closed).toBe(0);
    expect(engine.index.priceHits(WALMEX, away.q.price).some((h) => h.orderId === o.orderId)).toBe(false);
    // apply, and an operator approves: the engine's next tick (same minute, same price) fires it
    expect((await as(u, '/trade/dayTradingApply', {})).body.status).toBe(1);
    const admin = await adminLogin(t.app, 'admin');
    const queue = data<{ list: { id: string }[] }>(
      await post(t.app, '/api/admin/review/list', { queue: 'day_trade', userId: u.id }, admin),
    );
    const approved = await post(
      t.app,
      '/api/admin/review/approve',
      { queue: 'day_trade', id: queue.list[0]!.id, reason: 'seat account granted' },
      admin,
    );
    expect(approved.body.status).toBe(1);
    expect((await tick()).closed).toBe(1);
    const d = await detail(u, o.orderId);
    expect(d).toMatchObject({ state: 'closed', closeReason: 'take_profit' });
    // the marker is not a state the order entered
    expect(d.history.map((h) => h.state)).toEqual(['holding', 'closing', 'closed']);
  });
});

describe('stop-out', () => {
  it('stops out a short, and a locked short (the lock does not protect), at the ask', async () => {
    at(MONDAY);
    await config('market.crypto.stopOutRatio', '0.05');
    try {
      const u = await trader();
      const held = await buy(u, { side: 'short', leverage: 10 });
      const locked = await buy(u, { side: 'short', leverage: 10 });
      await t.database.db
        .update(orders)
        .set({ state: 'locked', lockUntil: later(MONDAY, 30 * 24 * 60) })
        .where(eq(orders.id, locked.orderId));
      await repo.addEvent(t.database.db, locked.orderId, 'locked', MONDAY, null);
      const terms = {
        side: 'short' as const,
        costPrice: held.costPrice!,
        lots: ONE_ETH,
        lotSize: held.lotSize,
        margin: held.margin,
        stopOutRatio: '0.05',
        currency: 'USDT' as const,
      };
      expect(held.lotSize).toBe(ETH_LOT);
      // the price move that loses margin × ratio on the quantity, 100 lots × 0.01 ETH
      expect(held.stopOutPrice).toBe(
        new Dec(held.costPrice!)
          .plus(new Dec(held.margin).times('0.05').dividedBy(new Dec(ETH_LOT).times(ONE_ETH)))
          .toDecimalPlaces(2, Dec.ROUND_UP)
          .toFixed(2),
      );
      const hit = scan(ETH, MONDAY, 3 * 24 * 60, (q) => stoppedOut(terms, price(q)));
      at(later(hit.at, -1));
      expect((await tick()).closed).toBe(0);
      at(hit.at);
      expect((await tick()).closed).toBe(2);
      for (const o of [held, locked]) {
        expect(await detail(u, o.orderId)).toMatchObject({
          state: 'closed',
          closeReason: 'stop_out',
          closePrice: hit.q.ask,
        });
      }
    } finally {
      await config('market.crypto.stopOutRatio', '1.00');
    }
  });

  it('closes a loss beyond the margin with negative proceeds: the user pays up to available, the house the rest', async () => {
    at(MONDAY);
    const q0 = quote(ETH);
    // the first minute at which a 10× position on either side is stopped out (loss ≥ margin)
    const terms = (side: 'long' | 'short') => {
      const cost = side === 'long' ? q0.ask : q0.bid;
      const { margin } = openingAmounts(new Dec(cost), unitsOf(ONE_ETH, ETH_LOT), 10, '0.0015', 'USDT');
      return {
        side,
        costPrice: cost,
        lots: ONE_ETH,
        lotSize: ETH_LOT,
        margin: margin.amount.toFixed(2),
        stopOutRatio: '1.00',
        currency: 'USDT' as const,
      };
    };
    const hit = scan(
      ETH,
      MONDAY,
      60 * 24 * 60,
      (q) => stoppedOut(terms('long'), price(q)) || stoppedOut(terms('short'), price(q)),
    );
    const side = stoppedOut(terms('long'), price(hit.q)) ? 'long' : 'short';
    const cost = new Dec(terms(side).costPrice);
    const opening = openingAmounts(cost, unitsOf(ONE_ETH, ETH_LOT), 10, '0.0015', 'USDT');
    const [margin, openFee] = [opening.margin.amount, opening.openFee.amount];
    // one user with nothing left after opening, one with 1000.00 to spare
    const broke = await trader('USDT', margin.plus(openFee).toFixed(2));
    const spare = await trader('USDT', margin.plus(openFee).plus(1000).toFixed(2));
    const a = await buy(broke, { side, leverage: 10 });
    const b = await buy(spare, { side, leverage: 10 });
    expect((await account(broke)).available).toBe('0.00');
    at(hit.at);
    expect((await tick()).closed).toBeGreaterThanOrEqual(2);
    const fill = new Dec(side === 'long' ? hit.q.bid : hit.q.ask);
    const yingkui = r2(side === 'long' ? fill.minus(cost) : cost.minus(fill));
    const proceeds = margin.plus(yingkui).minus(r2(fill.times('0.0015')));
    expect(proceeds.isNegative()).toBe(true);
    expect(await detail(broke, a.orderId)).toMatchObject({
      state: 'closed',
      closeReason: 'stop_out',
      yingkui: yingkui.toFixed(2),
    });
    // negative-balance protection: never below zero; the house's settlement absorbed the shortfall
    expect(await account(broke)).toMatchObject({ available: '0.00', frozen: '0.00', positionsValue: '0.00' });
    expect(await account(spare)).toMatchObject({
      available: new Dec(1000).plus(proceeds).toFixed(2),
      positionsValue: '0.00',
    });
    const [brokeRow] = await t.database.db.select().from(orders).where(eq(orders.id, a.orderId));
    const [spareRow] = await t.database.db.select().from(orders).where(eq(orders.id, b.orderId));
    expect(new Dec(brokeRow!.proceeds!).isZero()).toBe(true);
    expect(new Dec(spareRow!.proceeds!).toFixed(2)).toBe(proceeds.toFixed(2));
  });
});

describe('dated work and the rows of §3.1 that wait', () => {
  it('turns a locked position into holding at lockUntil (lock_expired), and only then may it be closed', async () => {
    at(MONDAY);
    const u = await trader();
    const o = await buy(u, {});
    const until = later(MONDAY, 120);
    await t.database.db.update(orders).set({ state: 'locked', lockUntil: until }).where(eq(orders.id, o.orderId));
    await repo.addEvent(t.database.db, o.orderId, 'locked', MONDAY, null);
    at(later(MONDAY, 60));
    expect((await tick()).unlocked).toBe(0);
    expect((await post(t.app, '/trade/close', { orderId: o.orderId }, u.headers)).body).toMatchObject({
      code: 'order.locked',
      params: { lockUntil: until.toISOString() },
    });
    at(until);
    expect((await tick()).unlocked).toBe(1);
    const d = await detail(u, o.orderId);
    expect(d.state).toBe('holding');
    expect(d.history.at(-1)).toMatchObject({ state: 'holding', reason: 'lock_expired' });
    expect((await tick()).unlocked).toBe(0);
    expect((await post(t.app, '/trade/close', { orderId: o.orderId }, u.headers)).body).toMatchObject({
      code: 'result.close.ok',
      data: { state: 'closed' },
    });
  });

  it('fills a row left closing at the next valid quote, waits while the quote is stale, and returns it to holding once the session ended', async () => {
    at(MONDAY);
    const u = await trader('MXN', '100000.00');
    const a = await buy(u, { instrumentId: WALMEX, lots: 100, leverage: 2 });
    const b = await buy(u, { instrumentId: WALMEX, lots: 100, leverage: 2 });
    for (const o of [a, b]) {
      await t.database.db.update(orders).set({ state: 'closing' }).where(eq(orders.id, o.orderId));
      await repo.addEvent(t.database.db, o.orderId, 'closing', MONDAY, 'stop_loss');
    }
    const feed = t.deps.feed as SimulatedFeed;
    at(later(MONDAY, 1));
    feed.stall();
    t.clock.advance(20_000);
    try {
      expect(await tick()).toMatchObject({ closed: 0, reopened: 0 });
    } finally {
      feed.resume();
    }
    expect((await detail(u, a.orderId)).state).toBe('closing');
    // a fresh quote in session: both fill, with the reason they entered closing with
    await t.database.db.update(orders).set({ state: 'holding' }).where(eq(orders.id, b.orderId));
    await repo.addEvent(t.database.db, b.orderId, 'holding', MONDAY, 'test');
    at(later(MONDAY, 2));
    const q = quote(WALMEX);
    expect((await tick()).closed).toBe(1);
    const d = await detail(u, a.orderId);
    expect(d).toMatchObject({ state: 'closed', closeReason: 'stop_loss', closePrice: q.bid });
    expect(d.history.map((h) => h.state)).toEqual(['holding', 'closing', 'closed']);
    // the other one is closing again when the market's session ends
    await t.database.db.update(orders).set({ state: 'closing' }).where(eq(orders.id, b.orderId));
    await repo.addEvent(t.database.db, b.orderId, 'closing', MONDAY, 'stop_loss');
    at(MX_CLOSE);
    expect((await tick()).reopened).toBe(1);
    const back = await detail(u, b.orderId);
    expect(back.state).toBe('holding');
    expect(back.history.at(-1)).toMatchObject({ state: 'holding', reason: 'session_end' });
    expect((await account(u, 'MXN')).positionsValue).not.toBe('0.00');
  });

  it('expires a day order once when the engine catches up after the market closed', async () => {
    at(MONDAY);
    const u = await trader('MXN', '100000.00');
    const q = quote(WALMEX);
    const o = await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: q.limitDown, lots: 100 });
    await tick();
    at(new Date('2026-03-04T16:00:00Z'));
    expect((await tick()).expired).toBe(1);
    expect(await detail(u, o.orderId)).toMatchObject({ state: 'cancelled', cancelReason: 'expired' });
    expect(await account(u, 'MXN')).toMatchObject({ available: '100000.00', frozen: '0.00' });
    expect((await tick()).expired).toBe(0);
  });

  it('closes the positions of a delisted instrument at its last price, outside any session', async () => {
    const lastDay = new Date('2026-12-15T16:00:00Z');
    at(lastDay);
    const u = await trader('MXN', '100000.00');
    const long = await buy(u, { instrumentId: BACHOCO, lots: 100, leverage: 2 });
    const short = await buy(u, { instrumentId: BACHOCO, side: 'short', lots: 100, leverage: 5 });
    const pending = await buy(u, {
      instrumentId: BACHOCO,
      orderType: 'limit',
      price: quote(BACHOCO).limitDown,
      lots: 10,
    });
    // Wednesday 21:00 in Mexico City: delisted, and no session
    at(new Date('2026-12-17T03:00:00Z'));
    const q = quote(BACHOCO);
    expect(q.status).toBe('delisted');
    expect(q.inSession).toBe(false);
    const report = await tick();
    expect(report.closed).toBe(2);
    expect(report.expired).toBe(1);
    const last = new Dec(q.price);
    for (const o of [long, short]) {
      const d = await detail(u, o.orderId);
      const cost = new Dec(o.costPrice!);
      const yingkui = r2((o.side === 'long' ? last.minus(cost) : cost.minus(last)).times(100));
      expect(d).toMatchObject({
        state: 'closed',
        closeReason: 'delisting',
        closePrice: q.price,
        yingkui: yingkui.toFixed(2),
      });
      expect(d.history.map((h) => `${h.state}:${h.reason}`)).toEqual([
        'holding:null',
        'closing:delisting',
        'closed:delisting',
      ]);
    }
    expect((await detail(u, pending.orderId)).state).toBe('cancelled');
    expect(await account(u, 'MXN')).toMatchObject({ frozen: '0.00', positionsValue: '0.00' });
    expect(
      (await as(u, '/trade/buy', { instrumentId: BACHOCO, side: 'long', orderType: 'market', lots: 1, leverage: 1 }))
        .body.code,
    ).toBe('product.not_found');
  });
});

describe('keeping the index current', () => {
  it('sees new orders and TP/SL edits through the event tail, and a silent row change only after a reconcile', async () => {
    at(MONDAY);
    const u = await trader();
    const o = await buy(u, {});
    expect(engine.index.has(o.orderId)).toBe(false);
    await tick();
    expect(engine.index.has(o.orderId)).toBe(true);
    const p0 = price(quote(ETH));
    const hit = scan(ETH, later(MONDAY, 5), 3 * 24 * 60, (q) => price(q).gt(p0.times('1.001')));
    // written straight into the row, with no event: the tail cannot know
    await t.database.db.update(orders).set({ takeProfit: hit.q.price }).where(eq(orders.id, o.orderId));
    at(hit.at);
    expect((await tick()).closed).toBe(0);
    await engine.reconcile();
    expect((await tick()).closed).toBe(1);
    expect(await detail(u, o.orderId)).toMatchObject({ state: 'closed', closeReason: 'take_profit' });
  });
});
