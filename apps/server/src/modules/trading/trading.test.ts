import { randomUUID } from 'node:crypto';
import { Dec, type Order, type Preview } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { SimulatedFeed, type FeedQuote } from '../market/index.js';
import { runEngineOnce } from './engine.js';
import { detail as detailView, userStockList } from './orders.service.js';

const t = useTestApp(undefined, undefined, { engine: false });

const WALMEX = 'i_mxn_WALMEX';
const AAPL = 'i_usd_AAPL';
const ETH = 'i_crypto_ETH-USDT';
/** Monday 10:00 in Mexico City, 11:00 in New York: every regular session is open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const TUESDAY = new Date('2026-03-03T16:00:00Z');
const MX_CLOSE = new Date('2026-03-02T21:00:00Z');
const MIN = 60_000;

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const quote = (id: string): FeedQuote => t.deps.feed.quote(id);
const r2 = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const engine = () => runEngineOnce(t.deps);

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

async function trader(currency: 'MXN' | 'USD' | 'USDT' = 'MXN', amount = '100000.00'): Promise<TestUser> {
  // every instant these tests pick is a weekday, inside the deposit window (Mon–Fri)
  const u = await verifiedUser(t.app);
  await fund(t.app, u, currency, amount);
  return u;
}

interface Account {
  available: string;
  frozen: string;
  inTransit: string;
  withdrawable: string;
  positionsValue: string;
  profit: string;
  totalAssets: string;
}
async function account(u: TestUser, currency = 'MXN'): Promise<Account> {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  if (r.body.status !== 1) throw new Error(`assets: ${JSON.stringify(r.body)}`);
  return data<{ accounts: (Account & { currency: string })[] }>(r).accounts.find((a) => a.currency === currency)!;
}

/** Fund password 246810 and a card: the id of the card to withdraw to. */
async function readyToWithdraw(u: TestUser): Promise<string> {
  await post(
    t.app,
    '/user/setFundPassword',
    { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: u.password },
    u.headers,
  );
  const r = await post(
    t.app,
    '/card/add',
    {
      holder: 'ANA LOPEZ',
      cardNumber: '4152313412345678',
      bankName: 'BBVA México',
      branch: 'CDMX Centro',
      bankCode: '012',
    },
    u.headers,
  );
  return data<{ cardId: string }>(r).cardId;
}

const buy = (u: TestUser, body: Record<string, unknown>) =>
  post(t.app, '/trade/buy', { side: 'long', orderType: 'market', lots: 100, leverage: 2, ...body }, u.headers);
const closeOrder = (u: TestUser, orderId: string) => post(t.app, '/trade/close', { orderId }, u.headers);
const detail = async (u: TestUser, orderId: string) =>
  data<Order & { history: { state: string; reason: string | null }[] }>(
    await post(t.app, '/trade/detail', { orderId }, u.headers),
  );

/** Minute by minute from `from`: the first instant whose quote satisfies `pred` (the clock is restored). */
function scan(
  id: string,
  from: Date,
  minutes: number,
  pred: (q: FeedQuote) => boolean,
): { at: Date; q: FeedQuote } | null {
  const saved = t.clock.now();
  try {
    for (let i = 1; i <= minutes; i += 1) {
      t.clock.set(new Date(from.getTime() + i * MIN));
      const q = quote(id);
      if (pred(q)) return { at: t.clock.now(), q };
    }
    return null;
  } finally {
    t.clock.set(saved);
  }
}

describe('previewing an order (§9.1, the all-in ticket)', () => {
  it('prices a market long at the ask with margin, fees, maxLots, stop-out and worst case', async () => {
    t.clock.set(MONDAY);
    const u = await trader('MXN', '50000.00');
    const q = quote(WALMEX);
    const ask = new Dec(q.ask);
    const r = await post(
      t.app,
      '/trade/preview',
      {
        instrumentId: WALMEX,
        side: 'long',
        orderType: 'market',
        lots: 100,
        leverage: 5,
        takeProfit: ask.times(1.1).toFixed(2),
        stopLoss: ask.times(0.95).toFixed(2),
      },
      u.headers,
    );
    expect(r.body.status).toBe(1);
    const p = data<Preview>(r);
    const contract = r2(ask.times(100));
    const margin = r2(contract.dividedBy(5));
    const fee = r2(contract.times('0.0015'));
    expect(p).toMatchObject({
      currency: 'MXN',
      price: q.ask,
      contractAmount: contract.toFixed(2),
      margin: margin.toFixed(2),
      openFee: fee.toFixed(2),
      estCloseFee: fee.toFixed(2),
      estStampDuty: r2(contract.times('0.001')).toFixed(2),
      total: margin.plus(fee).toFixed(2),
      available: '50000.00',
      leverageOptions: [1, 2, 5, 10],
    });
    expect(p.maxLots).toBe(
      new Dec('50000')
        .dividedBy(ask.times(new Dec(1).dividedBy(5).plus('0.0015')))
        .floor()
        .toNumber(),
    );
    // stop-out: loss of margin × 1.00 over 100 lots, rounded down (away from the price) for a long
    const stopOut = ask.minus(margin.dividedBy(100)).toDecimalPlaces(2, Dec.ROUND_DOWN);
    expect(p.stopOutPrice).toBe(stopOut.toFixed(2));
    const atStop = stopOut.times(100);
    expect(p.worstCaseLoss).toBe(
      margin
        .plus(fee)
        .plus(r2(atStop.times('0.0015')))
        .plus(r2(atStop.times('0.001')))
        .toFixed(2),
    );
    const sl = new Dec(ask.times(0.95).toFixed(2));
    const lossAtSl = r2(ask.minus(sl).times(100))
      .plus(fee)
      .plus(r2(sl.times(100).times('0.0015')))
      .plus(r2(sl.times(100).times('0.001')));
    expect(p.lossAtStopLoss).toBe(lossAtSl.toFixed(2));
    const tp = new Dec(ask.times(1.1).toFixed(2));
    expect(p.profitAtTakeProfit).toBe(
      r2(tp.minus(ask).times(100))
        .minus(fee)
        .minus(r2(tp.times(100).times('0.0015')))
        .minus(r2(tp.times(100).times('0.001')))
        .toFixed(2),
    );
  });

  it('prices a short above the market for its stop-out, and answers the codes of §9.1', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const p = data<Preview>(
      await post(
        t.app,
        '/trade/preview',
        { instrumentId: WALMEX, side: 'short', orderType: 'market', lots: 10, leverage: 10 },
        u.headers,
      ),
    );
    expect(p.price).toBe(q.bid);
    const margin = r2(new Dec(q.bid).times(10).dividedBy(10));
    expect(p.stopOutPrice).toBe(new Dec(q.bid).plus(margin.dividedBy(10)).toDecimalPlaces(2, Dec.ROUND_UP).toFixed(2));
    expect(p.lossAtStopLoss).toBeNull();
    const base = { instrumentId: WALMEX, side: 'long', orderType: 'market', lots: 10, leverage: 2 };
    expect((await post(t.app, '/trade/preview', { ...base, instrumentId: 'i_mxn_NOPE' }, u.headers)).body.code).toBe(
      'product.not_found',
    );
    expect((await post(t.app, '/trade/preview', { ...base, leverage: 3 }, u.headers)).body).toMatchObject({
      code: 'order.leverage_not_allowed',
      params: { options: '1, 2, 5, 10' },
    });
    // no time window: a preview at night still answers
    t.clock.set(new Date('2026-03-03T03:00:00Z'));
    expect(
      (await post(t.app, '/trade/preview', { ...base, orderType: 'limit', price: q.price }, u.headers)).body.status,
    ).toBe(1);
  });
});

describe('placing an order: the rules of §9.2 in order', () => {
  it('refuses a trade-blocked account before checking its real name, then an unverified one', async () => {
    t.clock.set(MONDAY);
    const u = await registerUser(t.app);
    expect((await buy(u, { instrumentId: WALMEX })).body.code).toBe('kyc.required');
    const admin = await adminLogin(t.app, 'admin');
    await post(t.app, '/api/admin/user/restrict', { userId: u.id, action: 'trade_block', reason: 'test' }, admin);
    expect((await buy(u, { instrumentId: WALMEX })).body.code).toBe('account.trade_blocked');
  });

  it('refuses unknown instruments and indexes with product.not_found, even outside trading time', async () => {
    const u = await trader();
    t.clock.set(new Date('2026-03-02T23:00:00Z'));
    expect((await buy(u, { instrumentId: 'i_mxn_NOPE' })).body.code).toBe('product.not_found');
    const index = t.deps.feed.instruments().find((d) => d.assetClass === 'index')!;
    expect((await buy(u, { instrumentId: index.instrumentId })).body.code).toBe('product.not_found');
    expect((await buy(u, { instrumentId: WALMEX })).body).toMatchObject({
      code: 'order.not_trading_time',
      params: { open: '08:30', close: '15:00' },
    });
  });

  it('takes market orders in the regular session only and limit orders in any session', async () => {
    const u = await trader('USD', '50000.00');
    t.clock.set(new Date('2026-03-02T10:00:00Z')); // 05:00 New York: pre-market
    const q = quote(AAPL);
    expect(q.session).toBe('pre');
    expect((await buy(u, { instrumentId: AAPL, lots: 10 })).body).toMatchObject({
      code: 'order.not_trading_time',
      params: { open: '09:30', close: '16:00' },
    });
    const limit = await buy(u, {
      instrumentId: AAPL,
      lots: 10,
      orderType: 'limit',
      price: new Dec(q.price).times('0.9').toFixed(2),
    });
    expect(limit.body).toMatchObject({ status: 1, code: 'result.buy.ok', data: { state: 'pending' } });
    t.clock.set(new Date('2026-03-03T01:30:00Z')); // 20:30 New York: every session closed
    expect((await buy(u, { instrumentId: AAPL, lots: 10, orderType: 'limit', price: q.price })).body).toMatchObject({
      code: 'order.not_trading_time',
      params: { open: '04:00', close: '20:00' },
    });
  });

  it('refuses on a stale quote with order.price_unavailable', async () => {
    const u = await trader();
    t.clock.set(MONDAY);
    const feed = t.deps.feed as SimulatedFeed;
    feed.stall();
    t.clock.advance(20_000);
    try {
      expect((await buy(u, { instrumentId: WALMEX, leverage: 3 })).body.code).toBe('order.price_unavailable');
    } finally {
      feed.resume();
    }
  });

  it('checks leverage, price band, TP/SL, opening amount and funds in that order', async () => {
    t.clock.set(MONDAY);
    const u = await trader('MXN', '1000.00');
    const q = quote(WALMEX);
    const price = new Dec(q.price);
    const badTp = price.times('0.9').toFixed(2);
    // leverage before TP/SL
    expect((await buy(u, { instrumentId: WALMEX, leverage: 3, takeProfit: badTp })).body).toMatchObject({
      code: 'order.leverage_not_allowed',
    });
    // price band before TP/SL
    const above = new Dec(q.limitUp!).plus('0.01').toFixed(2);
    expect(
      (await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: above, takeProfit: badTp })).body,
    ).toMatchObject({ code: 'order.price_limit', params: { low: q.limitDown, high: q.limitUp } });
    // at the band's edge the price is accepted as far as the band goes
    expect(
      (await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: q.limitUp, lots: 1, takeProfit: badTp })).body
        .code,
    ).toBe('order.tp_sl_invalid');
    // TP/SL against the current price for market orders, before the opening amount
    expect((await buy(u, { instrumentId: WALMEX, lots: 1, takeProfit: badTp })).body).toMatchObject({
      code: 'order.tp_sl_invalid',
      params: { field: 'takeProfit', reference: q.price },
    });
    expect(
      (await buy(u, { instrumentId: WALMEX, lots: 1, stopLoss: price.times('1.1').toFixed(2) })).body,
    ).toMatchObject({ code: 'order.tp_sl_invalid', params: { field: 'stopLoss', reference: q.price } });
    expect(
      (await buy(u, { instrumentId: WALMEX, side: 'short', lots: 1, takeProfit: price.times('1.1').toFixed(2) })).body,
    ).toMatchObject({ code: 'order.tp_sl_invalid', params: { field: 'takeProfit' } });
    // opening amount: contract of one lot below 100.00, before funds
    const lotsBelow = new Dec(100).dividedBy(q.ask).ceil().minus(1).toNumber();
    if (lotsBelow >= 1) {
      expect((await buy(u, { instrumentId: WALMEX, lots: lotsBelow })).body).toMatchObject({
        code: 'order.below_opening_amount',
        params: { min: '100.00', currency: 'MXN' },
      });
    }
    // funds: margin + fee above the available 1000.00
    const lots = 100;
    const contract = r2(new Dec(q.ask).times(lots));
    const required = r2(contract.dividedBy(2)).plus(r2(contract.times('0.0015')));
    expect(required.gt(1000)).toBe(true);
    expect((await buy(u, { instrumentId: WALMEX, lots })).body).toMatchObject({
      code: 'funds.insufficient_available',
      params: { available: '1000.00', required: required.toFixed(2), currency: 'MXN' },
    });
    // nothing moved
    expect(await account(u)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });
});

describe('market orders', () => {
  it('fills a long at the ask: available pays margin + fee, the margin is held in the position', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const r = await buy(u, { instrumentId: WALMEX, lots: 100, leverage: 5 });
    expect(r.body.code).toBe('result.buy.ok');
    const o = data<Order>(r);
    const contract = r2(new Dec(q.ask).times(100));
    const margin = r2(contract.dividedBy(5));
    const fee = r2(contract.times('0.0015'));
    expect(o).toMatchObject({
      state: 'holding',
      side: 'long',
      orderType: 'market',
      price: null,
      costPrice: q.ask,
      currentPrice: q.price,
      lots: 100,
      leverage: 5,
      contractAmount: contract.toFixed(2),
      margin: margin.toFixed(2),
      openFee: fee.toFixed(2),
      closeFee: null,
      market: 'mxn',
      currency: 'MXN',
      openedAt: MONDAY.toISOString(),
      sellableAt: '2026-03-03T14:30:00.000Z',
      cancelReason: null,
      closeReason: null,
    });
    expect(o.orderNo).toMatch(/^\d{21}$/);
    const yingkui = r2(new Dec(q.price).minus(q.ask).times(100));
    expect(o.yingkui).toBe(yingkui.toFixed(2));
    expect(o.todayProfit).toBe(yingkui.toFixed(2));
    const a = await account(u);
    expect(a.available).toBe(new Dec('100000').minus(margin).minus(fee).toFixed(2));
    expect(a.frozen).toBe('0.00');
    expect(a.positionsValue).toBe(margin.plus(yingkui).toFixed(2));
    expect(a.profit).toBe(yingkui.toFixed(2));
    expect(a.totalAssets).toBe(new Dec(a.available).plus(a.positionsValue).toFixed(2));
  });

  it('fills a short at the bid with result.sell.ok', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const r = await buy(u, { instrumentId: WALMEX, side: 'short', lots: 50, leverage: 10 });
    expect(r.body.code).toBe('result.sell.ok');
    const o = data<Order>(r);
    const contract = r2(new Dec(q.bid).times(50));
    expect(o).toMatchObject({
      state: 'holding',
      side: 'short',
      costPrice: q.bid,
      margin: r2(contract.dividedBy(10)).toFixed(2),
    });
    expect(o.yingkui).toBe(r2(new Dec(q.bid).minus(q.price).times(50)).toFixed(2));
  });

  it('makes one order of a repeated requestId', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const body = { instrumentId: WALMEX, lots: 10, requestId: randomUUID() };
    const [a, b] = [await buy(u, body), await buy(u, body)];
    expect(data<Order>(a).orderId).toBe(data<Order>(b).orderId);
    const list = data<{ total: number }>(await post(t.app, '/trade/userstocklist', { type: 'mxn' }, u.headers));
    expect(list.total).toBe(1);
  });
});

describe('limit orders', () => {
  it('rests with the hold, fills at the limit price once the last price crosses, and keeps the books', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const p0 = new Dec(quote(WALMEX).price);
    const cross = scan(WALMEX, MONDAY, 290, (q) => new Dec(q.price).lt(p0));
    expect(cross).not.toBeNull();
    const limit = cross!.q.price;
    const o = data<Order>(
      await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: limit, lots: 100, leverage: 2 }),
    );
    const contract = r2(new Dec(limit).times(100));
    const hold = r2(contract.dividedBy(2)).plus(r2(contract.times('0.0015')));
    expect(o).toMatchObject({
      state: 'pending',
      price: limit,
      costPrice: null,
      contractAmount: contract.toFixed(2),
      yingkui: '0.00',
      openedAt: null,
    });
    expect(await account(u)).toMatchObject({
      frozen: hold.toFixed(2),
      available: new Dec(100000).minus(hold).toFixed(2),
      positionsValue: '0.00',
    });
    expect((await engine()).filled).toBe(0);
    t.clock.set(cross!.at);
    expect((await engine()).filled).toBeGreaterThanOrEqual(1);
    const filled = await detail(u, o.orderId);
    expect(filled).toMatchObject({ state: 'holding', costPrice: limit, openedAt: cross!.at.toISOString() });
    expect(filled.history.map((h) => h.state)).toEqual(['pending', 'holding']);
    const a = await account(u);
    expect(a.frozen).toBe('0.00');
    expect(a.available).toBe(new Dec(100000).minus(hold).toFixed(2));
    // a second pass fills nothing twice
    expect((await engine()).filled).toBe(0);
  });

  it('cancels a pending order and returns the whole hold; a second cancel is order.not_pending', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const o = data<Order>(await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: q.limitDown, lots: 100 }));
    const c = await post(t.app, '/trade/cancel', { orderId: o.orderId }, u.headers);
    expect(c.body).toMatchObject({ code: 'result.cancel.ok', data: { state: 'cancelled', cancelReason: 'user' } });
    expect(await account(u)).toMatchObject({ available: '100000.00', frozen: '0.00' });
    expect((await post(t.app, '/trade/cancel', { orderId: o.orderId }, u.headers)).body).toMatchObject({
      code: 'order.not_pending',
      params: { state: 'cancelled' },
    });
    const other = await trader();
    expect((await post(t.app, '/trade/cancel', { orderId: o.orderId }, other.headers)).body.code).toBe(
      'order.not_found',
    );
  });

  it('expires day orders after the last session of their trading day', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const o = data<Order>(await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: q.limitDown, lots: 100 }));
    t.clock.set(new Date(MX_CLOSE.getTime() - MIN));
    await engine();
    expect((await detail(u, o.orderId)).state).toBe('pending');
    t.clock.set(MX_CLOSE);
    expect((await engine()).expired).toBeGreaterThanOrEqual(1);
    const d = await detail(u, o.orderId);
    expect(d).toMatchObject({ state: 'cancelled', cancelReason: 'expired' });
    expect(d.history).toEqual([
      expect.objectContaining({ state: 'pending' }),
      expect.objectContaining({ state: 'cancelled', reason: 'expired' }),
    ]);
    expect(await account(u)).toMatchObject({ available: '100000.00', frozen: '0.00' });
  });

  it('never expires crypto limit orders', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USDT', '10000.00');
    const o = data<Order>(
      await buy(u, {
        instrumentId: ETH,
        orderType: 'limit',
        price: new Dec(quote(ETH).price).times('0.5').toFixed(2),
        lots: 1,
      }),
    );
    t.clock.set(new Date('2026-03-03T12:00:00Z'));
    await engine();
    expect((await detail(u, o.orderId)).state).toBe('pending');
    await post(t.app, '/trade/cancel', { orderId: o.orderId }, u.headers);
  });
});

describe('closing a position (§9.4)', () => {
  it('refuses before the minimum hold and within T+1, then closes the next day with exact proceeds in transit until settled', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const o = data<Order>(await buy(u, { instrumentId: WALMEX, lots: 100, leverage: 2 }));
    expect((await closeOrder(u, o.orderId)).body).toMatchObject({
      code: 'order.min_hold',
      params: { minutes: '5', sellableAt: '2026-03-03T14:30:00.000Z' },
    });
    // the list and the detail say it before the press ("sellable from", a disabled Close): the same time the refusal names
    const listed = data<{ list: Order[] }>(
      await post(t.app, '/trade/userstocklist', { type: 'mxn' }, u.headers),
    ).list.find((row) => row.orderId === o.orderId);
    expect(listed?.sellableAt).toBe('2026-03-03T14:30:00.000Z');
    expect((await detail(u, o.orderId)).sellableAt).toBe('2026-03-03T14:30:00.000Z');
    t.clock.set(new Date(MONDAY.getTime() + 10 * MIN));
    expect((await closeOrder(u, o.orderId)).body).toMatchObject({ code: 'order.t_plus_n', params: { days: '1' } });
    t.clock.set(new Date('2026-03-03T02:00:00Z'));
    expect((await closeOrder(u, o.orderId)).body.code).toBe('order.not_trading_time');

    t.clock.set(TUESDAY);
    const before = await account(u);
    const q = quote(WALMEX);
    const r = await closeOrder(u, o.orderId);
    expect(r.body.code).toBe('result.close.ok');
    const c = data<Order>(r);
    const bid = new Dec(q.bid);
    const yingkui = r2(bid.minus(o.costPrice!).times(100));
    const closeFee = r2(bid.times(100).times('0.0015'));
    const stamp = r2(bid.times(100).times('0.001'));
    const proceeds = new Dec(o.margin).plus(yingkui).minus(closeFee).minus(stamp);
    expect(c).toMatchObject({
      state: 'closed',
      closePrice: q.bid,
      closeReason: 'user',
      closedAt: TUESDAY.toISOString(),
      yingkui: yingkui.toFixed(2),
      closeFee: closeFee.toFixed(2),
      stampDuty: stamp.toFixed(2),
      sellableAt: null,
      actualProfit: yingkui.minus(o.openFee).minus(closeFee).minus(stamp).toFixed(2),
      marketValue: r2(bid.times(100)).toFixed(2),
    });
    expect(c.expectedIncome).toBe(c.actualProfit);
    const after = await account(u);
    expect(after.available).toBe(new Dec(before.available).plus(proceeds).toFixed(2));
    expect(after.positionsValue).toBe('0.00');
    expect(after.inTransit).toBe(proceeds.toFixed(2));
    expect(after.withdrawable).toBe(new Dec(after.available).minus(proceeds).toFixed(2));
    const info = data<{ withdrawable: string }>(
      await post(t.app, '/funds/withdrawInfo', { currency: 'MXN' }, u.headers),
    );
    expect(info.withdrawable).toBe(after.withdrawable);
    // the withdrawal guard reads the same positions as the assets (wired once in app.ts): one cent
    // of the unsettled proceeds cannot leave
    const card = await readyToWithdraw(u);
    const oneCentOver = new Dec(after.withdrawable).plus('0.01').toFixed(2);
    const withdraw = () =>
      post(
        t.app,
        '/funds/withdraw',
        { amount: oneCentOver, currency: 'MXN', fundPassword: '246810', cardId: card },
        u.headers,
      );
    expect((await withdraw()).body).toMatchObject({
      code: 'funds.insufficient_withdrawable',
      params: { withdrawable: after.withdrawable, currency: 'MXN' },
    });
    expect((await closeOrder(u, o.orderId)).body).toMatchObject({
      code: 'order.not_holding',
      params: { state: 'closed' },
    });
    expect((await detail(u, o.orderId)).history.map((h) => h.state)).toEqual(['holding', 'closing', 'closed']);

    // settlementDays 1: settled at the open of the next business day
    t.clock.set(new Date('2026-03-04T14:29:00Z'));
    expect((await account(u)).inTransit).toBe(proceeds.toFixed(2));
    t.clock.set(new Date('2026-03-04T14:30:00Z'));
    expect(await account(u)).toMatchObject({ inTransit: '0.00', withdrawable: after.available });
    // settled, the same amount may leave (10:00 in Mexico City, inside the withdrawal window)
    t.clock.set(new Date('2026-03-04T16:00:00Z'));
    expect((await withdraw()).body).toMatchObject({
      code: 'result.withdraw.ok',
      data: { amount: oneCentOver, state: 'pending' },
    });
  });

  it('lets day traders close before T+1 but not before the minimum hold', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    await t.database.db.execute(`update users set day_trading = true where id = '${u.id}'`);
    const o = data<Order>(await buy(u, { instrumentId: WALMEX, lots: 100 }));
    expect(o.sellableAt).toBe(new Date(MONDAY.getTime() + 5 * MIN).toISOString());
    expect((await closeOrder(u, o.orderId)).body.code).toBe('order.min_hold');
    t.clock.set(new Date(MONDAY.getTime() + 5 * MIN));
    expect((await closeOrder(u, o.orderId)).body).toMatchObject({ code: 'result.close.ok', data: { state: 'closed' } });
  });

  it('closes exactly once when two closes race', async () => {
    t.clock.set(TUESDAY);
    const crypto = await trader('USDT', '10000.00');
    const pos = data<Order>(await buy(crypto, { instrumentId: ETH, lots: 1 }));
    t.clock.set(new Date(TUESDAY.getTime() + 6 * MIN));
    const before = await account(crypto, 'USDT');
    const [a, b] = await Promise.all([closeOrder(crypto, pos.orderId), closeOrder(crypto, pos.orderId)]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual(['order.not_holding', 'result.close.ok']);
    const closed = data<Order>(a.body.status === 1 ? a : b);
    const proceeds = new Dec(pos.margin).plus(closed.yingkui).minus(closed.closeFee!).minus(closed.stampDuty!);
    expect((await account(crypto, 'USDT')).available).toBe(new Dec(before.available).plus(proceeds).toFixed(2));
  });
});

describe('the engine: take-profit, stop-out, and races with the user', () => {
  it('fires a take-profit at the bid once the last price reaches it', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USDT', '10000.00');
    const o = data<Order>(await buy(u, { instrumentId: ETH, lots: 1, leverage: 1 }));
    const p0 = new Dec(quote(ETH).price);
    const hit = scan(ETH, new Date(MONDAY.getTime() + 5 * MIN), 600, (q) => new Dec(q.price).gt(p0));
    expect(hit).not.toBeNull();
    const tp = hit!.q.price;
    const set = await post(t.app, '/trade/setTpSl', { orderId: o.orderId, takeProfit: tp, stopLoss: null }, u.headers);
    expect(set.body).toMatchObject({ code: 'result.edit.ok', data: { takeProfit: tp, stopLoss: null } });
    t.clock.set(hit!.at);
    expect((await engine()).closed).toBeGreaterThanOrEqual(1);
    const d = await detail(u, o.orderId);
    expect(d).toMatchObject({ state: 'closed', closeReason: 'take_profit', closePrice: hit!.q.bid });
    // crypto settles at once (settlementDays 0)
    expect((await account(u, 'USDT')).inTransit).toBe('0.00');
  });

  it('stops out a position whose floating loss reaches margin × stopOutRatio, at the bid', async () => {
    const admin = await adminLogin(t.app, 'admin');
    t.clock.set(MONDAY);
    await post(
      t.app,
      '/api/admin/config/set',
      { key: 'market.crypto.stopOutRatio', value: '0.05', reason: 'test' },
      admin,
    );
    try {
      const u = await trader('USDT', '10000.00');
      // 100 lots of 0.01 ETH: one whole coin, so a price move of 1 is 1 of P&L
      const o = data<Order>(await buy(u, { instrumentId: ETH, lots: 100, leverage: 10 }));
      expect(o.lotSize).toBe('0.01');
      const trigger = new Dec(o.margin).times('0.05');
      expect(o.stopOutPrice).toBe(new Dec(o.costPrice!).minus(trigger).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2));
      const hit = scan(ETH, MONDAY, 3 * 24 * 60, (q) => new Dec(q.price).minus(o.costPrice!).lte(trigger.negated()));
      expect(hit).not.toBeNull();
      t.clock.set(new Date(hit!.at.getTime() - MIN));
      expect((await detail(u, o.orderId)).state).toBe('holding');
      t.clock.set(hit!.at);
      const before = await account(u, 'USDT');
      await engine();
      const d = await detail(u, o.orderId);
      expect(d).toMatchObject({ state: 'closed', closeReason: 'stop_out', closePrice: hit!.q.bid });
      const bid = new Dec(hit!.q.bid);
      const proceeds = new Dec(o.margin).plus(r2(bid.minus(o.costPrice!))).minus(r2(bid.times('0.0015')));
      expect((await account(u, 'USDT')).available).toBe(new Dec(before.available).plus(proceeds).toFixed(2));
    } finally {
      await post(
        t.app,
        '/api/admin/config/set',
        { key: 'market.crypto.stopOutRatio', value: '1.00', reason: 'test' },
        admin,
      );
    }
  });

  it('gives exactly one outcome when a cancel races the engine fill', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const p0 = new Dec(quote(WALMEX).price);
    const cross = scan(WALMEX, MONDAY, 290, (q) => new Dec(q.price).lt(p0))!;
    const o = data<Order>(await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: cross.q.price, lots: 100 }));
    t.clock.set(cross.at);
    const [c, report] = await Promise.all([post(t.app, '/trade/cancel', { orderId: o.orderId }, u.headers), engine()]);
    const d = await detail(u, o.orderId);
    if (c.body.status === 1) {
      expect(d.state).toBe('cancelled');
      expect(await account(u)).toMatchObject({ available: '100000.00', frozen: '0.00' });
    } else {
      expect(c.body.code).toBe('order.not_pending');
      expect(report.filled).toBeGreaterThanOrEqual(1);
      expect(d.state).toBe('holding');
      expect((await account(u)).frozen).toBe('0.00');
    }
  });
});

describe('positions list, TP/SL edits and detail (§9.5–§9.7)', () => {
  it('lists positions newest first with every §5.2 field and the total P&L', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const a = data<Order>(await buy(u, { instrumentId: WALMEX, lots: 100 }));
    t.clock.set(new Date(MONDAY.getTime() + MIN));
    const b = data<Order>(await buy(u, { instrumentId: WALMEX, side: 'short', lots: 200 }));
    const pending = data<Order>(
      await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: quote(WALMEX).limitDown, lots: 100 }),
    );
    t.clock.set(TUESDAY);
    const q = quote(WALMEX);
    const r = await post(t.app, '/trade/userstocklist', { type: 'mxn' }, u.headers);
    const list = data<{
      list: Order[];
      total: number;
      currency: string;
      totalYingkui: string;
      page: number;
      size: number;
    }>(r);
    expect(list).toMatchObject({ total: 2, currency: 'MXN', page: 1, size: 300 });
    expect(list.list.map((o) => o.orderId)).toEqual([b.orderId, a.orderId]);
    const price = new Dec(q.price);
    const yA = r2(price.minus(a.costPrice!).times(100));
    const yB = r2(new Dec(b.costPrice!).minus(price).times(200));
    expect(list.totalYingkui).toBe(yA.plus(yB).toFixed(2));
    const first = list.list[1]!;
    const costs = r2(price.times(100).times('0.0015')).plus(r2(price.times(100).times('0.001')));
    expect(first).toMatchObject({
      yingkui: yA.toFixed(2),
      currentPrice: q.price,
      marketValue: r2(price.times(100)).toFixed(2),
      expectedIncome: yA.minus(costs).toFixed(2),
      todayProfit: r2(price.minus(q.prevClose).times(100)).toFixed(2),
      yesterdayProfit: r2(new Dec(q.prevClose).minus(a.costPrice!).times(100)).toFixed(2),
      sellableAt: null,
      actualProfit: null,
    });
    // opened Monday, now Tuesday: today + yesterday = the whole floating P&L
    expect(new Dec(first.todayProfit).plus(first.yesterdayProfit).toFixed(2)).toBe(yA.toFixed(2));
    // the order was cancelled by expiry only when the engine runs; it is still pending here
    const pend = data<{ list: Order[] }>(
      await post(t.app, '/trade/userstocklist', { type: 'mxn', states: ['pending'] }, u.headers),
    );
    expect(pend.list.map((o) => o.orderId)).toEqual([pending.orderId]);
    const usd = await post(t.app, '/trade/userstocklist', { type: 'usd' }, u.headers);
    expect(usd.body).toMatchObject({ code: 'list.empty', data: { total: 0, currency: 'USD', totalYingkui: '0.00' } });
    await post(t.app, '/trade/cancel', { orderId: pending.orderId }, u.headers);
  });

  it('pages in the database, and totals the P&L of the whole filtered set on every page (closed booked, open live)', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const a = data<Order>(await buy(u, { instrumentId: WALMEX, lots: 100 }));
    t.clock.set(new Date(MONDAY.getTime() + MIN));
    const b = data<Order>(await buy(u, { instrumentId: WALMEX, side: 'short', lots: 200 }));
    t.clock.set(TUESDAY);
    const closed = data<Order>(await post(t.app, '/trade/close', { orderId: a.orderId }, u.headers));
    expect(closed.state).toBe('closed');
    const live = new Dec(b.costPrice!).minus(quote(WALMEX).price).times(200);
    const expected = new Dec(closed.yingkui).plus(r2(live)).toFixed(2);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(
        data<{ list: Order[]; total: number; totalYingkui: string }>(
          await post(
            t.app,
            '/trade/userstocklist',
            { type: 'mxn', states: ['holding', 'closed'], page, size: 1 },
            u.headers,
          ),
        ),
      );
    }
    // newest opening first: b, then a (closed since)
    expect(pages.map((p) => p.list.map((o) => o.orderId))).toEqual([[b.orderId], [closed.orderId], []]);
    for (const p of pages) expect(p).toMatchObject({ total: 2, totalYingkui: expected });
  });

  it("sends the services' profitLoss as the wire's yingkui, in the list, its total, the detail and the back office", async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const a = data<Order>(await buy(u, { instrumentId: WALMEX, lots: 100 }));
    t.clock.set(new Date(MONDAY.getTime() + MIN));
    const b = data<Order>(await buy(u, { instrumentId: WALMEX, side: 'short', lots: 200 }));
    t.clock.set(TUESDAY);
    await closeOrder(u, a.orderId);
    // the same instant and quote for the HTTP answers and the services' records
    const body = { type: 'mxn' as const, states: ['holding' as const, 'closed' as const], page: 1, size: 300 };
    const wire = data<{ list: Order[]; totalYingkui: string }>(
      await post(t.app, '/trade/userstocklist', body, u.headers),
    );
    const view = await userStockList(t.deps.db, t.deps, u.id, body);
    expect(view.list.map((o) => o.orderId)).toEqual([b.orderId, a.orderId]);
    expect(view.list.map((o) => o.profitLoss).every((v) => v !== '0.00')).toBe(true);
    expect(wire.list.map((o) => o.yingkui)).toEqual(view.list.map((o) => o.profitLoss));
    expect(wire.totalYingkui).toBe(view.totalProfitLoss);
    // renamed, not copied: the wire has only its name, the records only theirs, and nothing else differs
    expect(wire).not.toHaveProperty('totalProfitLoss');
    expect(view).not.toHaveProperty('totalYingkui');
    for (const o of wire.list) expect(o).not.toHaveProperty('profitLoss');
    for (const o of view.list) expect(o).not.toHaveProperty('yingkui');
    expect(wire.list.map(({ yingkui: _, ...rest }) => rest)).toEqual(
      view.list.map(({ profitLoss: _, ...rest }) => rest),
    );
    for (const id of [a.orderId, b.orderId]) {
      const { yingkui, ...sent } = await detail(u, id);
      const { profitLoss, ...record } = await detailView(t.deps.db, t.deps, u.id, id);
      expect(yingkui).toBe(profitLoss);
      expect(sent).toEqual(record);
    }
    const support = await adminLogin(t.app, 'support');
    const admin = data<{ list: Order[] }>(
      await post(t.app, '/api/admin/user/orders', { userId: u.id, states: ['holding', 'closed'] }, support),
    );
    expect(admin.list.map((o) => [o.orderId, o.yingkui])).toEqual(view.list.map((o) => [o.orderId, o.profitLoss]));
    expect(admin.list.every((o) => !('profitLoss' in o))).toBe(true);
  });

  it('validates TP/SL against the limit price while pending and the current price once holding', async () => {
    t.clock.set(MONDAY);
    const u = await trader();
    const q = quote(WALMEX);
    const limit = new Dec(q.price).times('0.95').toFixed(2);
    const p = data<Order>(await buy(u, { instrumentId: WALMEX, orderType: 'limit', price: limit, lots: 100 }));
    expect(
      (await post(t.app, '/trade/setTpSl', { orderId: p.orderId, takeProfit: limit, stopLoss: null }, u.headers)).body,
    ).toMatchObject({ code: 'order.tp_sl_invalid', params: { field: 'takeProfit', reference: limit } });
    const ok = await post(
      t.app,
      '/trade/setTpSl',
      { orderId: p.orderId, takeProfit: q.price, stopLoss: new Dec(limit).minus(1).toFixed(2) },
      u.headers,
    );
    expect(ok.body).toMatchObject({ code: 'result.edit.ok', data: { takeProfit: q.price } });
    const h = data<Order>(await buy(u, { instrumentId: WALMEX, side: 'short', lots: 100 }));
    expect(
      (
        await post(
          t.app,
          '/trade/setTpSl',
          { orderId: h.orderId, takeProfit: null, stopLoss: new Dec(q.price).minus('0.01').toFixed(2) },
          u.headers,
        )
      ).body,
    ).toMatchObject({ code: 'order.tp_sl_invalid', params: { field: 'stopLoss', reference: q.price } });
    expect(
      (await post(t.app, '/trade/setTpSl', { orderId: h.orderId, takeProfit: null, stopLoss: null }, u.headers)).body
        .code,
    ).toBe('result.edit.ok');
    await post(t.app, '/trade/cancel', { orderId: p.orderId }, u.headers);
    expect(
      (await post(t.app, '/trade/setTpSl', { orderId: p.orderId, takeProfit: null, stopLoss: null }, u.headers)).body,
    ).toMatchObject({ code: 'order.not_holding', params: { state: 'cancelled' } });
    expect(
      (await post(t.app, '/trade/setTpSl', { orderId: 'o_nope', takeProfit: null, stopLoss: null }, u.headers)).body
        .code,
    ).toBe('order.not_found');
    expect((await post(t.app, '/trade/detail', { orderId: p.orderId }, (await trader()).headers)).body.code).toBe(
      'order.not_found',
    );
  });
});
