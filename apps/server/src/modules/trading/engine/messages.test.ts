/**
 * The engine tells the user what it did to their money (docs/api.md §7.5): a limit order filled, a
 * position closed by take-profit, stop-loss, stop-out or delisting, each one message (a code of
 * the catalogue and its params) in `/user/notice`. A close the user asked for, a cancel and an
 * expiry send none.
 */
import { Dec, type MessageCode, type Notice, type Order } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../../test/funds-helpers.js';
import { adminLogin, post, useTestApp, type TestUser } from '../../../test/harness.js';
import type { FeedQuote } from '../../market/index.js';
import { TradingEngine } from '../engine.js';
import { stoppedOut } from './conditions.js';

const t = useTestApp(undefined, undefined, { engine: false });

const ETH = 'i_crypto_ETH-USDT';
const BACHOCO = 'i_mxn_BACHOCOB';
/** Monday 10:00 in Mexico City. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const MIN = 60_000;
const TRADING: MessageCode[] = [
  'message.order.filled',
  'message.position.take_profit',
  'message.position.stop_loss',
  'message.position.stop_out',
  'message.position.delisted',
];

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const quote = (id: string): FeedQuote => t.deps.feed.quote(id);
const price = (q: FeedQuote) => new Dec(q.price);
const at = (d: Date) => t.clock.set(d);
const later = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MIN);
let engine: TradingEngine;
const tick = () => engine.tick();

beforeAll(async () => {
  at(MONDAY);
  await configureChannels(t.app);
  engine = new TradingEngine(t.deps, {
    reconcileMs: 24 * 3600_000,
    onError: (error) => {
      throw error;
    },
  });
  await tick();
});

async function trader(currency: 'MXN' | 'USDT' = 'USDT', amount = '20000.00'): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, currency, amount);
  return u;
}

/** A call as `u`, signing in again when a clock jump idled the session out. */
async function as(u: TestUser, path: string, body: unknown) {
  const r = await post(t.app, path, body, u.headers);
  if (r.body.code !== 'auth.required') return r;
  const login = await post(t.app, '/user/login', { account: u.account, password: u.password });
  const token = (login.body.data as { token: string }).token;
  u.headers = { token, account: u.account };
  return post(t.app, path, body, u.headers);
}

async function buy(u: TestUser, body: Record<string, unknown>): Promise<Order> {
  const r = await as(u, '/trade/buy', {
    side: 'long',
    orderType: 'market',
    lots: 1,
    leverage: 1,
    instrumentId: ETH,
    ...body,
  });
  if (r.body.status !== 1) throw new Error(`buy: ${JSON.stringify(r.body)}`);
  return data<Order>(r);
}

async function detail(u: TestUser, orderId: string): Promise<Order & { proceeds?: string }> {
  return data<Order>(await as(u, '/trade/detail', { orderId }));
}

/** The user's messages of the engine, oldest first, as `/user/notice` sends them. */
async function tradingMessages(u: TestUser): Promise<Notice[]> {
  const list = data<Notice[]>(await as(u, '/user/notice', {}));
  return list.filter((n) => n.kind === 'message' && TRADING.includes(n.code as MessageCode)).reverse();
}

async function config(key: string, value: unknown): Promise<void> {
  const r = await post(
    t.app,
    '/api/admin/config/set',
    { key, value, reason: 'engine messages test' },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`config: ${JSON.stringify(r.body)}`);
}

function scan(id: string, from: Date, minutes: number, pred: (q: FeedQuote) => boolean): { at: Date; q: FeedQuote } {
  const saved = t.clock.now();
  try {
    for (let i = 1; i <= minutes; i += 1) {
      at(later(from, i));
      if (pred(quote(id))) return { at: t.clock.now(), q: quote(id) };
    }
    throw new Error(`no such quote of ${id} within ${minutes} minutes`);
  } finally {
    at(saved);
  }
}

/** The params every position message carries, read from the closed order. */
async function closeParams(u: TestUser, o: Order, balanceBefore: string, currency: string) {
  const d = await detail(u, o.orderId);
  const after = data<{ accounts: { currency: string; available: string }[] }>(
    await as(u, '/user/assets', { currency }),
  ).accounts.find((a) => a.currency === currency)!;
  return {
    orderNo: o.orderNo,
    code: o.code,
    name: o.name,
    lots: String(o.lots),
    currency,
    price: d.closePrice,
    profit: d.yingkui,
    amount: new Dec(after.available).minus(balanceBefore).toFixed(2),
  };
}

async function available(u: TestUser, currency: string): Promise<string> {
  return data<{ accounts: { currency: string; available: string }[] }>(
    await as(u, '/user/assets', { currency }),
  ).accounts.find((a) => a.currency === currency)!.available;
}

describe('messages of the trading engine', () => {
  it('a limit order filled: one message with the limit price; a cancel and a user close send none', async () => {
    at(MONDAY);
    const u = await trader();
    const p0 = price(quote(ETH));
    const hit = scan(ETH, MONDAY, 3 * 24 * 60, (q) => price(q).lt(p0.times('0.999')));
    const o = await buy(u, { orderType: 'limit', price: hit.q.price });
    const cancelled = await buy(u, { orderType: 'limit', price: p0.times('0.5').toFixed(2) });
    expect((await as(u, '/trade/cancel', { orderId: cancelled.orderId })).body.status).toBe(1);
    at(hit.at);
    expect((await tick()).filled).toBe(1);
    const messages = await tradingMessages(u);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      code: 'message.order.filled',
      title: 'Limit order filled',
      params: { orderNo: o.orderNo, code: o.code, name: o.name, lots: '1', price: hit.q.price, currency: 'USDT' },
    });
    // the user closes it: no message for what the user did
    at(later(hit.at, 10));
    expect((await as(u, '/trade/close', { orderId: o.orderId })).body.status).toBe(1);
    expect(await tradingMessages(u)).toHaveLength(1);
  });

  it('take-profit and stop-loss: the close price, the P&L and what went back to the account', async () => {
    at(MONDAY);
    const u = await trader();
    const tpOrder = await buy(u, {});
    const slOrder = await buy(u, {});
    const p0 = price(quote(ETH));
    const up = scan(ETH, later(MONDAY, 5), 3 * 24 * 60, (q) => price(q).gt(p0.times('1.001')));
    await as(u, '/trade/setTpSl', { orderId: tpOrder.orderId, takeProfit: up.q.price, stopLoss: null });
    let before = await available(u, 'USDT');
    at(up.at);
    expect((await tick()).closed).toBe(1);
    const tp = await closeParams(u, tpOrder, before, 'USDT');
    const down = scan(ETH, up.at, 3 * 24 * 60, (q) => price(q).lt(p0.times('0.999')));
    await as(u, '/trade/setTpSl', { orderId: slOrder.orderId, takeProfit: null, stopLoss: down.q.price });
    before = await available(u, 'USDT');
    at(down.at);
    expect((await tick()).closed).toBe(1);
    const sl = await closeParams(u, slOrder, before, 'USDT');
    expect(await tradingMessages(u)).toMatchObject([
      { code: 'message.position.take_profit', title: 'Take-profit reached', params: tp },
      { code: 'message.position.stop_loss', title: 'Stop-loss reached', params: sl },
    ]);
    expect(new Dec(tp.profit).gt(0)).toBe(true);
    expect(new Dec(sl.profit).lt(0)).toBe(true);
  });

  it('stop-out: one message per position', async () => {
    at(MONDAY);
    await config('market.crypto.stopOutRatio', '0.05');
    try {
      const u = await trader();
      const o = await buy(u, { side: 'short', leverage: 10 });
      const terms = {
        side: 'short' as const,
        costPrice: o.costPrice!,
        lots: 1,
        lotSize: o.lotSize,
        margin: o.margin,
        stopOutRatio: '0.05',
        currency: 'USDT' as const,
      };
      const hit = scan(ETH, MONDAY, 3 * 24 * 60, (q) => stoppedOut(terms, price(q)));
      const before = await available(u, 'USDT');
      at(hit.at);
      expect((await tick()).closed).toBe(1);
      const params = await closeParams(u, o, before, 'USDT');
      expect(params.price).toBe(hit.q.ask);
      expect(await tradingMessages(u)).toMatchObject([
        { code: 'message.position.stop_out', title: 'Position stopped out', params },
      ]);
    } finally {
      await config('market.crypto.stopOutRatio', '1.00');
    }
  });

  it('delisting: each open position closed at the last price is told; the expired order is not', async () => {
    at(new Date('2026-12-15T16:00:00Z'));
    const u = await trader('MXN', '100000.00');
    const long = await buy(u, { instrumentId: BACHOCO, lots: 100, leverage: 2 });
    const pending = await buy(u, {
      instrumentId: BACHOCO,
      orderType: 'limit',
      price: quote(BACHOCO).limitDown,
      lots: 10,
    });
    at(new Date('2026-12-17T03:00:00Z'));
    expect(quote(BACHOCO).status).toBe('delisted');
    const before = await available(u, 'MXN');
    expect(await tick()).toMatchObject({ closed: 1, expired: 1 });
    // the expiry gives the pending order's hold back as well: what the close returned is the rest
    const params = await closeParams(
      u,
      long,
      new Dec(before).plus(pending.margin).plus(pending.openFee).toFixed(2),
      'MXN',
    );
    const messages = await tradingMessages(u);
    expect(messages).toMatchObject([
      { code: 'message.position.delisted', params: { ...params, price: quote(BACHOCO).price } },
    ]);
  });
});
