// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@brokerage/contract';
import { ok, refused, renderScreen, screenTestTimeoutMs, setUpScreenTests, stubAdminApi } from '../../test-support';
import { UserOrders } from './UserOrders';

function order(orderId: string, overrides: Partial<Order> = {}): Order {
  return {
    orderId,
    orderNo: `2026030216000${orderId.slice(-1)}`,
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
    leverage: 5,
    price: null,
    costPrice: '64000.00',
    currentPrice: '64250.50',
    closePrice: null,
    contractAmount: '128000.00',
    marketValue: '128501.00',
    margin: '25600.00',
    openFee: '192.00',
    closeFee: null,
    stampDuty: null,
    takeProfit: null,
    stopLoss: null,
    yingkui: '501.00',
    actualProfit: null,
    todayProfit: '501.00',
    yesterdayProfit: '0.00',
    expectedIncome: '308.25',
    createdAt: '2026-03-02T16:00:00.000Z',
    openedAt: '2026-03-02T16:00:00.000Z',
    closedAt: null,
    lockUntil: null,
    sellableAt: null,
    cancelReason: null,
    closeReason: null,
    stopOutPrice: '51200.00',
    ...overrides,
  };
}

setUpScreenTests('support');

describe("a user's orders and positions in the back office", { timeout: screenTestTimeoutMs }, () => {
  it('lists the orders read-only with their figures, filters by state and pages', async () => {
    const api = stubAdminApi({
      '/user/orders': (body) => {
        const b = body as { states?: string[]; page: number };
        if (b.states?.includes('pending')) {
          return ok({
            list: [
              order('o_9', {
                state: 'pending',
                orderType: 'limit',
                price: '30000.00',
                costPrice: null,
                yingkui: '0.00',
              }),
            ],
            total: 1,
            page: 1,
            size: 20,
          });
        }
        return ok({
          list: [
            order('o_1'),
            order('o_2', {
              state: 'closed',
              side: 'short',
              closePrice: '65000.00',
              yingkui: '-2000.00',
              actualProfit: '-2384.00',
              closedAt: '2026-03-02T17:00:00.000Z',
            }),
          ],
          total: 23,
          page: b.page,
          size: 20,
        });
      },
    });
    renderScreen(<UserOrders userId="u_3kT9" />);
    const table = await screen.findByTestId('user-orders');
    await waitFor(() => expect(table.textContent).toContain('BTC-USDT'));
    expect(api.callsTo('/user/orders')[0]?.body).toEqual({ userId: 'u_3kT9', page: 1, size: 20 });
    const text = table.textContent ?? '';
    for (const shown of [
      'Long',
      'Short',
      'Market',
      'Holding',
      'Closed',
      '5×',
      'Cost 64000.00',
      'Now 64250.50',
      'Close 65000.00',
      '25600.00 USDT',
      '501.00',
      '-2000.00',
      'net -2384.00',
    ]) {
      expect(text).toContain(shown);
    }
    expect(screen.getByText('23 orders')).toBeTruthy();
    // read-only: no button in a row (the back office cannot close, cancel or edit an order, §19.6)
    for (const row of within(table).getAllByRole('row').slice(1))
      expect(within(row).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.callsTo('/user/orders').at(-1)?.body).toEqual({ userId: 'u_3kT9', page: 2, size: 20 }),
    );

    fireEvent.click(screen.getByText('Pending'));
    await waitFor(() =>
      expect(api.callsTo('/user/orders').at(-1)?.body).toEqual({
        userId: 'u_3kT9',
        page: 1,
        size: 20,
        states: ['pending'],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('user-orders').textContent).toContain('Limit 30000.00'));
    fireEvent.click(screen.getByText('Open positions'));
    await waitFor(() =>
      expect(api.callsTo('/user/orders').at(-1)?.body).toEqual({
        userId: 'u_3kT9',
        page: 1,
        size: 20,
        states: ['holding', 'locked', 'closing'],
      }),
    );
  });

  it('shows a refusal with a way to try again', async () => {
    stubAdminApi({ '/user/orders': () => refused(404, 'account.not_found', 'Account not found.') });
    renderScreen(<UserOrders userId="u_gone" />);
    const error = await screen.findByTestId('user-orders-error');
    expect(error.textContent).toContain('Could not load the orders');
    expect(within(error).getByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
