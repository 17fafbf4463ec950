// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi, useOfflineQuotes } from '../../test-support';
import { ACCOUNT, UUID } from '../../test-fixtures';
import TradePage from './TradePage';

function order(orderId: string, state: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    orderNo: `N${orderId}`,
    instrumentId: 'i_mxn_AMXL',
    code: 'AMXL',
    name: 'America Movil',
    market: 'mxn',
    currency: 'MXN',
    source: 'order',
    side: 'long',
    orderType: 'market',
    state,
    lots: 100,
    lotSize: '1',
    leverage: 5,
    price: null,
    costPrice: '16.00',
    currentPrice: '16.42',
    closePrice: null,
    contractAmount: '1600.00',
    marketValue: '1642.00',
    margin: '320.00',
    openFee: '2.40',
    closeFee: null,
    stampDuty: null,
    takeProfit: null,
    stopLoss: null,
    yingkui: '42.00',
    actualProfit: null,
    todayProfit: '42.00',
    yesterdayProfit: '0.00',
    expectedIncome: '39.10',
    createdAt: '2025-03-14T15:30:00Z',
    openedAt: '2025-03-14T15:30:01Z',
    closedAt: null,
    lockUntil: null,
    sellableAt: null,
    cancelReason: null,
    closeReason: null,
    stopOutPrice: '12.80',
    ...overrides,
  };
}

describe('the positions tab page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
    sessionStore.getState().setStock('mxn');
    useOfflineQuotes();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists holdings of the header market with the total, and closes a position only after confirmation', async () => {
    const api = stubApi({
      '/trade/userstocklist': {
        data: { list: [order('o_1', 'holding')], total: 1, page: 1, size: 300, currency: 'MXN', totalYingkui: '42.00' },
      },
      '/trade/close': { data: order('o_1', 'closed', { closePrice: '16.42' }), code: 'result.close.ok' },
    });
    renderAt('/trade/index', [page('/trade/index', <TradePage />)]);
    expect((await screen.findByTestId('position-profit-loss-total')).textContent).toBe('+Mex$42.00');
    expect(api.callsTo('/trade/userstocklist')[0]).toEqual({
      type: 'mxn',
      states: ['holding', 'locked', 'closing'],
      page: 1,
      size: 300,
    });
    expect(screen.getByTestId('position-row-o_1').textContent).toContain('AMXL');
    expect(screen.queryByTestId('position-cancel-o_1')).toBeNull();

    fireEvent.click(screen.getByTestId('position-close-o_1'));
    const sheet = await screen.findByTestId('position-sheet');
    expect(within(sheet).getByTestId('position-sheet-text').textContent).toContain('America Movil');
    expect(api.callsTo('/trade/close')).toHaveLength(0);
    fireEvent.click(within(sheet).getByTestId('position-confirm'));
    await waitFor(() => expect(api.callsTo('/trade/close')).toHaveLength(1));
    expect(api.callsTo('/trade/close')[0]).toEqual({ orderId: 'o_1', requestId: expect.stringMatching(UUID) });
    await waitFor(() => expect(screen.queryByTestId('position-sheet')).toBeNull());
  });

  it('asks the in-progress tab for pending orders and offers cancel', async () => {
    const api = stubApi({
      '/trade/userstocklist': (body) => {
        const type = (body as { type: string }).type;
        const list =
          type === 'mxn'
            ? [
                order('o_2', 'pending', {
                  orderType: 'limit',
                  price: '16.00',
                  costPrice: null,
                  yingkui: '0.00',
                  openedAt: null,
                  createdAt: '2025-03-14T15:30:00Z',
                }),
              ]
            : type === 'crypto'
              ? [
                  order('o_3', 'pending', {
                    instrumentId: 'i_crypto_BTC-USDT',
                    code: 'BTC-USDT',
                    name: 'Bitcoin',
                    market: 'crypto',
                    currency: 'USDT',
                    orderType: 'limit',
                    price: '30000.00',
                    costPrice: null,
                    yingkui: '0.00',
                    openedAt: null,
                    createdAt: '2025-03-14T16:00:00Z',
                  }),
                ]
              : [];
        return {
          data: {
            list,
            total: list.length,
            page: 1,
            size: 300,
            currency: type === 'mxn' ? 'MXN' : type === 'crypto' ? 'USDT' : 'USD',
            totalYingkui: '0.00',
          },
        };
      },
    });
    renderAt('/trade/index?tab=pending', [page('/trade/index', <TradePage />)]);
    expect(await screen.findByTestId('position-cancel-o_2')).toBeTruthy();
    expect(screen.getByTestId('trade-tab-pending').getAttribute('aria-selected')).toBe('true');
    // the header market, plus digital currency and forex (no header switch), newest first
    expect(api.callsTo('/trade/userstocklist')).toEqual(
      ['mxn', 'crypto', 'forex'].map((type) => ({ type, states: ['pending'], page: 1, size: 300 })),
    );
    expect(screen.getByTestId('position-cancel-o_3')).toBeTruthy();
    expect(screen.getAllByTestId(/^position-row-/).map((row) => row.dataset.testid)).toEqual([
      'position-row-o_3',
      'position-row-o_2',
    ]);
    expect(screen.queryByTestId('position-profit-loss-total')).toBeNull();
    expect(screen.queryByTestId('position-close-o_2')).toBeNull();
  });

  it('shows "sellable from" beside a disabled Close before min hold or T+N passed, and "locked until" for a lock', async () => {
    stubApi({
      '/trade/userstocklist': {
        data: {
          list: [
            order('o_4', 'holding', { sellableAt: '2999-01-04T15:30:00Z' }),
            order('o_5', 'locked', { lockUntil: '2999-02-01T00:00:00Z', lots: 1 }),
            order('o_6', 'holding', { sellableAt: null }),
          ],
          total: 3,
          page: 1,
          size: 300,
          currency: 'MXN',
          totalYingkui: '126.00',
        },
      },
    });
    renderAt('/trade/index', [page('/trade/index', <TradePage />)]);
    const close = (await screen.findByTestId('position-close-o_4')) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    const note = screen.getByTestId('position-sellable-o_4');
    expect(note.textContent).toMatch(/^Sellable from 01\/0[45]\/2999, /);
    expect(close.getAttribute('aria-describedby')).toBe(note.id);
    expect((screen.getByTestId('position-close-o_5') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('position-sellable-o_5').textContent).toMatch(/^Locked until \d\d\/\d\d\/2999, /);
    expect((screen.getByTestId('position-close-o_6') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('position-sellable-o_6')).toBeNull();
    // the row: ticker, side, leverage, shares counted in the language's plural, P&L with its percentage of the margin
    const row = screen.getByTestId('position-row-o_4');
    expect(screen.getByTestId('position-code-o_4').textContent).toBe('AMXL');
    expect(row.textContent).toContain('Buy long');
    expect(screen.getByTestId('position-leverage-o_4').textContent).toBe('5×');
    expect(row.textContent).toContain('100 shares');
    expect(screen.getByTestId('position-row-o_5').textContent).toContain('1 share');
    expect(screen.getByTestId('position-row-o_5').textContent).not.toContain('1 shares');
    expect(screen.getByTestId('position-profit-loss-o_4').textContent).toBe('+Mex$42.00');
    expect(screen.getByTestId('position-profit-loss-o_4-rate').textContent).toBe('(+13.13%)');
  });

  it('shows the sell price of a closed row and labels the amount of a cancelled one', async () => {
    stubApi({
      '/trade/userstocklist': {
        data: {
          list: [
            order('o_8', 'closed', { closePrice: '15.50', yingkui: '-50.00', closedAt: '2025-03-15T15:30:00Z' }),
            order('o_9', 'cancelled', {
              orderType: 'limit',
              price: '15.00',
              costPrice: null,
              yingkui: '0.00',
              openedAt: null,
              contractAmount: '1500.00',
            }),
          ],
          total: 2,
          page: 1,
          size: 300,
          currency: 'MXN',
          totalYingkui: '-50.00',
        },
      },
    });
    renderAt('/trade/index?tab=ended', [page('/trade/index', <TradePage />)]);
    expect((await screen.findByTestId('position-sell-price-o_8')).textContent).toBe('Sell price: 15.50');
    expect(screen.getByTestId('position-profit-loss-o_8-rate').textContent).toBe('(-15.63%)');
    expect(screen.getByTestId('position-row-o_9').textContent).toContain('Order value');
    expect(screen.getByTestId('position-profit-loss-o_9').textContent).toBe('Mex$1,500.00');
    expect(screen.queryByTestId('position-close-o_8')).toBeNull();
    expect(screen.queryByTestId('position-close-o_9')).toBeNull();
  });
});
