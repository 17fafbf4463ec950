/**
 * Lot sizes (docs/decisions.md, "Lot sizes"): an order is whole lots and its quantity is
 * lots × lotSize, so 1 lot of BTC (0.001 BTC) costs a thousandth of a coin in margin and fees and
 * moves a thousandth of its P&L; a share stays one share; the lot size is fixed on the order.
 */
import { Dec, type Order, type Preview, type QuoteResponse } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });

const BTC = 'i_crypto_BTC-USDT';
const AAPL = 'i_usd_AAPL';
const EURUSD = 'i_forex_EURUSD';
/** Monday 11:00 in New York: every regular session is open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
/** Saturday noon UTC: the stock markets are closed, crypto trades. */
const SATURDAY = new Date('2026-03-07T12:00:00Z');
const MIN = 60_000;

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const r2 = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

async function trader(currency: 'USD' | 'USDT', amount: string): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, currency, amount);
  return u;
}

const order = (instrumentId: string, lots: number, leverage = 10) => ({
  instrumentId,
  side: 'long',
  orderType: 'market',
  lots,
  leverage,
});

describe('an instrument tells its lot size', () => {
  it('answers lotSize in the quote: a thousandth of a bitcoin, one share, 1,000 euros of EURUSD', async () => {
    t.clock.set(MONDAY);
    const lotSize = async (id: string) =>
      data<QuoteResponse>(await post(t.app, '/market/quote', { instrumentId: id })).lotSize;
    expect(await lotSize(BTC)).toBe('0.001');
    expect(await lotSize(AAPL)).toBe('1');
    expect(await lotSize(EURUSD)).toBe('1000');
  });

  it('says when a closed market opens again, for limit and for market orders', async () => {
    t.clock.set(SATURDAY);
    const rules = async (id: string) =>
      data<QuoteResponse>(await post(t.app, '/market/quote', { instrumentId: id })).rules;
    const aapl = await rules(AAPL);
    expect(aapl.inSession).toBe(false);
    // Monday 04:00 New York (pre-market) takes limit orders; market orders wait for 09:30
    expect(aapl.nextOpenAt).toBe('2026-03-09T08:00:00.000Z');
    expect(aapl.nextRegularOpenAt).toBe('2026-03-09T13:30:00.000Z');
    const btc = await rules(BTC);
    expect(btc).toMatchObject({ inSession: true, nextOpenAt: null, nextRegularOpenAt: null });
  });
});

describe('a crypto order of whole lots of a fraction of a coin', () => {
  it('costs lotSize × price / leverage in margin, with fees and the ticket on the same quantity', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USDT', '1000.00');
    const preview = data<Preview>(await post(t.app, '/trade/preview', order(BTC, 1), u.headers));
    const ask = new Dec(preview.price);
    // 1 lot = 0.001 BTC at the ask, leverage 10
    const contract = r2(ask.times('0.001'));
    expect(preview.lotSize).toBe('0.001');
    expect(preview.contractAmount).toBe(contract.toFixed(2));
    expect(preview.margin).toBe(r2(contract.dividedBy(10)).toFixed(2));
    expect(preview.openFee).toBe(r2(contract.times('0.0015')).toFixed(2));
    expect(preview.total).toBe(
      r2(contract.dividedBy(10))
        .plus(r2(contract.times('0.0015')))
        .toFixed(2),
    );
    // maxLots on the same quantity: floor(1000 / (price × 0.001 × (1/10 + 0.0015)))
    const perLot = ask.times('0.001').times(new Dec('0.1').plus('0.0015'));
    expect(preview.maxLots).toBe(new Dec(1000).dividedBy(perLot).floor().toNumber());

    const placed = await post(t.app, '/trade/buy', order(BTC, 1), u.headers);
    expect(placed.body.code).toBe('result.buy.ok');
    const o = data<Order>(placed);
    expect(o).toMatchObject({ lots: 1, lotSize: '0.001', margin: preview.margin, openFee: preview.openFee });
    expect(o.contractAmount).toBe(preview.contractAmount);
    expect(o.marketValue).toBe(r2(new Dec(o.currentPrice!).times('0.001')).toFixed(2));
  });

  it('keeps margin and fees proportional to the lots, and books P&L on the quantity at the close', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USDT', '2000.00');
    const one = data<Preview>(await post(t.app, '/trade/preview', order(BTC, 1, 1), u.headers));
    const seven = data<Preview>(await post(t.app, '/trade/preview', order(BTC, 7, 1), u.headers));
    const ask = new Dec(one.price);
    expect(seven.contractAmount).toBe(r2(ask.times('0.007')).toFixed(2));
    // leverage 1: the margin is the contract amount, 7 lots ≈ 7 × one lot (to a cent of rounding)
    expect(new Dec(seven.margin).minus(new Dec(one.margin).times(7)).abs().lte('0.04')).toBe(true);
    expect(new Dec(seven.openFee).minus(new Dec(one.openFee).times(7)).abs().lte('0.04')).toBe(true);

    const o = data<Order>(await post(t.app, '/trade/buy', order(BTC, 7, 1), u.headers));
    const cost = new Dec(o.costPrice!);
    t.clock.set(new Date(MONDAY.getTime() + 90 * MIN));
    const held = data<Order>(await post(t.app, '/trade/detail', { orderId: o.orderId }, u.headers));
    const now = new Dec(held.currentPrice!);
    expect(held.yingkui).toBe(r2(now.minus(cost).times('0.007')).toFixed(2));
    const before = data<{ accounts: { currency: string; available: string }[] }>(
      await post(t.app, '/user/assets', { currency: 'USDT' }, u.headers),
    ).accounts.find((a) => a.currency === 'USDT')!;
    const closed = data<Order>(await post(t.app, '/trade/close', { orderId: o.orderId }, u.headers));
    const bid = new Dec(closed.closePrice!);
    const profitLoss = r2(bid.minus(cost).times('0.007'));
    const closeFee = r2(bid.times('0.007').times('0.0015'));
    expect(closed).toMatchObject({ state: 'closed', yingkui: profitLoss.toFixed(2), closeFee: closeFee.toFixed(2) });
    const after = data<{ accounts: { currency: string; available: string }[] }>(
      await post(t.app, '/user/assets', { currency: 'USDT' }, u.headers),
    ).accounts.find((a) => a.currency === 'USDT')!;
    // crypto settles at once (T+0): margin + P&L − close fee back to available
    expect(after.available).toBe(new Dec(before.available).plus(o.margin).plus(profitLoss).minus(closeFee).toFixed(2));
  });

  it('takes exactly maxLots and refuses one more for funds', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USDT', '50.00');
    const { maxLots } = data<Preview>(await post(t.app, '/trade/preview', order(BTC, 1), u.headers));
    expect(maxLots).toBeGreaterThan(0);
    const over = await post(t.app, '/trade/buy', order(BTC, maxLots + 1), u.headers);
    expect(over.body.code).toBe('funds.insufficient_available');
    const exact = await post(t.app, '/trade/buy', order(BTC, maxLots), u.headers);
    expect(exact.body.code).toBe('result.buy.ok');
  });

  it('answers maxLots 0 with nothing in the currency', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USD', '100.00');
    const p = data<Preview>(await post(t.app, '/trade/preview', order(BTC, 1), u.headers));
    expect(p).toMatchObject({ currency: 'USDT', available: '0.00', maxLots: 0 });
  });
});

describe('a stock keeps one share per lot', () => {
  it('prices 10 lots of a stock as 10 shares', async () => {
    t.clock.set(MONDAY);
    const u = await trader('USD', '10000.00');
    const p = data<Preview>(await post(t.app, '/trade/preview', order(AAPL, 10, 2), u.headers));
    expect(p.lotSize).toBe('1');
    expect(p.contractAmount).toBe(r2(new Dec(p.price).times(10)).toFixed(2));
    const o = data<Order>(await post(t.app, '/trade/buy', order(AAPL, 10, 2), u.headers));
    expect(o).toMatchObject({ lots: 10, lotSize: '1', contractAmount: p.contractAmount });
  });
});
