// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WsQuote } from '@brokerage/contract';
import { liveQuotesStore } from '../../api/live-quotes';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi, useOfflineQuotes } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import { MinePage } from '../account';
import { liveFigures, liveTotal, type PricedOrder } from './live-pnl';
import PositionDetailPage from './PositionDetailPage';
import TradePage from './TradePage';
import { orderFromWire } from './trade-queries';

/** An Order as the server sends it (`yingkui` is its wire name); `orderFromWire` gives the app's. */
function order(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    orderNo: `N${orderId}`,
    instrumentId: 'i_crypto_BTC-USDT',
    code: 'BTC-USDT',
    name: 'Bitcoin',
    market: 'crypto',
    currency: 'USDT',
    source: 'order',
    side: 'long',
    orderType: 'market',
    state: 'holding',
    lots: 2,
    lotSize: '1',
    leverage: 2,
    price: null,
    costPrice: '100.00',
    currentPrice: '101.00',
    closePrice: null,
    contractAmount: '200.00',
    marketValue: '202.00',
    margin: '100.00',
    openFee: '0.30',
    closeFee: null,
    stampDuty: null,
    takeProfit: null,
    stopLoss: null,
    yingkui: '2.00',
    actualProfit: null,
    todayProfit: '2.00',
    yesterdayProfit: '0.00',
    expectedIncome: '1.70',
    createdAt: '2026-03-02T15:30:00Z',
    openedAt: '2026-03-02T15:30:01Z',
    closedAt: null,
    lockUntil: null,
    sellableAt: null,
    cancelReason: null,
    closeReason: null,
    stopOutPrice: '60.00',
    ...overrides,
  };
}

function frame(instrumentId: string, price: string, ts = '2026-03-02T15:31:00.000Z'): WsQuote {
  return {
    instrumentId,
    price,
    change: '0',
    changeRate: '0',
    open: price,
    prevClose: price,
    high: price,
    low: price,
    volume: '1',
    turnover: price,
    status: 'trading',
    ts,
    bid: price,
    ask: price,
    inSession: true,
    stale: false,
  };
}

const push = (quote: WsQuote) => liveQuotesStore.getState().apply(quote);

describe('live figures (pure)', () => {
  const long = orderFromWire(order('o_1')) as PricedOrder;
  it('re-prices a floating long and short with the server formula, and leaves other states alone', () => {
    expect(liveFigures(long, { price: '103.255' })).toEqual({
      currentPrice: '103.255',
      marketValue: '206.51',
      profitLoss: '6.51',
      live: true,
    });
    expect(liveFigures({ ...long, side: 'short' }, { price: '103.255' }).profitLoss).toBe('-6.51');
    expect(liveFigures(long, undefined)).toEqual({
      currentPrice: '101.00',
      marketValue: '202.00',
      profitLoss: '2.00',
      live: false,
    });
    expect(liveFigures({ ...long, state: 'closed' }, { price: '150' }).profitLoss).toBe('2.00');
    expect(
      liveFigures({ ...long, state: 'pending', costPrice: null, profitLoss: '0.00' }, { price: '150' }).profitLoss,
    ).toBe('0.00');
  });

  it("moves the tab total by each listed position's change only", () => {
    const other = { ...long, instrumentId: 'i_crypto_ETH-USDT', profitLoss: '-1.00' } as PricedOrder;
    // the server total covers a set larger than the listed rows (e.g. > 300): only the deltas move it
    expect(liveTotal([long, other], '10.00', 'USDT', { 'i_crypto_BTC-USDT': { price: '99.50' } })).toBe('7.00');
    expect(liveTotal([long, other], '10.00', 'USDT', {})).toBe('10.00');
  });
});

describe('live P&L on the screens', () => {
  beforeEach(() => {
    localStorage.clear();
    liveQuotesStore.getState().clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
    sessionStore.getState().setStock('usd');
    useOfflineQuotes();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    liveQuotesStore.getState().clear();
  });

  it("updates each holding's P&L, market value and the tab total from live frames", async () => {
    const list = [
      order('o_1'),
      order('o_2', {
        instrumentId: 'i_crypto_ETH-USDT',
        code: 'ETH-USDT',
        side: 'short',
        costPrice: '50.00',
        currentPrice: '49.00',
        marketValue: '98.00',
        yingkui: '2.00',
      }),
    ];
    stubApi({
      '/trade/userstocklist': { data: { list, total: 2, page: 1, size: 300, currency: 'USDT', totalYingkui: '4.00' } },
    });
    renderAt('/trade/index?tab=crypto', [page('/trade/index', <TradePage />)]);
    expect((await screen.findByTestId('position-profit-loss-total')).textContent).toBe('+4.00 USDT');
    push(frame('i_crypto_BTC-USDT', '104.50'));
    await waitFor(() => expect(screen.getByTestId('position-profit-loss-o_1').textContent).toBe('+9.00 USDT'));
    expect(screen.getByTestId('position-profit-loss-o_1').getAttribute('data-live')).toBe('1');
    expect(screen.getByTestId('position-price-o_1').textContent).toBe('104.50');
    expect(screen.getByTestId('position-value-o_1').textContent).toContain('209.00');
    expect(screen.getByTestId('position-profit-loss-total').textContent).toBe('+11.00 USDT');
    // the short loses when the price rises
    push(frame('i_crypto_ETH-USDT', '52.25'));
    await waitFor(() => expect(screen.getByTestId('position-profit-loss-o_2').textContent).toBe('-4.50 USDT'));
    expect(screen.getByTestId('position-profit-loss-total').textContent).toBe('+4.50 USDT');
  });

  it('re-prices the position detail (current price, market value, P&L) from live frames', async () => {
    stubApi({
      '/trade/detail': {
        data: { ...order('o_1'), history: [{ state: 'holding', at: '2026-03-02T15:30:01Z', reason: null }] },
      },
    });
    renderAt('/trade/positionDetail?id=o_1', [page('/trade/positionDetail', <PositionDetailPage />)]);
    expect((await screen.findByTestId('detail-profitLoss')).textContent).toContain('+2.00');
    push(frame('i_crypto_BTC-USDT', '97.125'));
    await waitFor(() => expect(screen.getByTestId('detail-profitLoss').textContent).toContain('-5.75'));
    expect(screen.getByTestId('detail-currentPrice').textContent).toContain('97.125');
    expect(screen.getByTestId('detail-marketValue').textContent).toContain('194.25');
  });

  it("shows Mine's profit as the sum of the stored market's positions, with an error state and retry", async () => {
    let fail = true;
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo() },
      '/user/assets': {
        data: {
          currency: 'MXN',
          totalAssets: '1000.00',
          available: '900.00',
          frozen: '0.00',
          inTransit: '0.00',
          withdrawable: '900.00',
          profit: '77.00',
          creditScore: 80,
          ratesAt: '2026-03-02T15:30:00Z',
          accounts: [],
        },
      },
      '/trade/userstocklist': () =>
        fail
          ? { status: 0, code: 'server.error', msg: 'Server error.' }
          : {
              data: {
                list: [
                  order('o_1', { market: 'usd', currency: 'USD', yingkui: '12.30' }),
                  order('o_2', { market: 'usd', currency: 'USD', yingkui: '-2.05' }),
                ],
                total: 2,
                page: 1,
                size: 300,
                currency: 'USD',
                totalYingkui: '10.25',
              },
            },
    });
    renderAt('/information/index', [page('/information/index', <MinePage />)]);
    const retry = await screen.findByTestId('mine-profit-retry');
    expect(api.callsTo('/trade/userstocklist')[0]).toEqual({
      type: 'usd',
      states: ['holding', 'locked', 'closing'],
      page: 1,
      size: 300,
    });
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('mine-profit').textContent).toBe('$10.25'));
    // not the /user/assets profit (77.00 MXN): spec §7 sums the positions of the stored market
    expect(screen.getByTestId('mine-total-assets').textContent).toContain('1,000');
  });
});
