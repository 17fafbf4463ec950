// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ReviewItemOf } from '@brokerage/contract';
import {
  fill,
  ok,
  okList,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { ReviewQueueRoute } from './ReviewQueuePage';

/** Under a loaded machine antd's drawer and modal transitions take a while. */
const slow = { timeout: 10_000 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function blockItem(overrides: Partial<ReviewItemOf<'block'>> = {}): ReviewItemOf<'block'> {
  return {
    id: 'ba_7',
    queue: 'block',
    userId: 'u_3kT9',
    account: '5215512345678',
    realname: 'Ana López',
    state: 'pending',
    amount: '291000.00',
    currency: 'MXN',
    submittedAt: '2025-03-14T15:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reason: null,
    details: {
      productId: 'bp_3',
      kind: 'block',
      code: 'WALMEX',
      shares: 5000,
      price: '58.20',
      fee: '436.50',
      lockDays: 3,
      currentPrice: '61.05',
      priceLow: '54.95',
      priceHigh: '67.15',
    },
    ...overrides,
  };
}

function renderQueue() {
  return renderScreen(
    <Routes>
      <Route path="/reviews/:queue" element={<ReviewQueueRoute />} />
    </Routes>,
    '/reviews/block',
  );
}

setUpScreenTests('reviewer');

describe('the block-trade review queue', { timeout: screenTestTimeoutMs }, () => {
  it('lists pending applications with amount, code and shares × price', async () => {
    const api = stubAdminApi({ '/review/list': okList([blockItem()]) });
    renderQueue();
    await screen.findByTestId('review-open-ba_7');
    expect(api.callsTo('/review/list')[0]?.body).toEqual({ queue: 'block', states: ['pending'], page: 1, size: 20 });
    const table = screen.getByTestId('reviews-table');
    expect(within(table).getByText('291000.00 MXN')).toBeTruthy();
    expect(screen.getByTestId('review-block-shares-ba_7').textContent).toBe('5000 × 58.20');
  });

  it('shows product, code, shares, price, fee, lock and current price in the drawer, and approves with a requestId', async () => {
    const api = stubAdminApi({
      '/review/list': okList([blockItem()]),
      '/review/detail': () => ok(blockItem()),
      '/review/approve': () =>
        ok(blockItem({ state: 'approved', reviewedBy: 'a_1', reason: 'Desk confirmed' }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue();
    await screen.findByTestId('review-open-ba_7');
    await waitForIdle();
    await user.click(screen.getByTestId('review-open-ba_7'));
    const section = await screen.findByTestId('review-block', undefined, slow);
    expect(within(section).getByTestId('review-block-product').textContent).toBe('bp_3');
    expect(within(section).getByTestId('review-block-code').textContent).toBe('WALMEX');
    expect(within(section).getByTestId('review-block-shares').textContent).toBe('5000');
    expect(within(section).getByTestId('review-block-price').textContent).toBe('58.20 MXN');
    expect(within(section).getByTestId('review-block-fee').textContent).toBe('436.50 MXN');
    expect(within(section).getByTestId('review-block-lock').textContent).toBe('3 days');
    expect(within(section).getByTestId('review-block-current').textContent).toBe('61.05 MXN');

    await user.click(screen.getByTestId('review-approve'));
    expect(
      await screen.findByText(
        /A long position of 5000 WALMEX opens at the deal price 58.20, locked for 3 days/,
        undefined,
        slow,
      ),
    ).toBeTruthy();
    await fill(user, await screen.findByTestId('confirm-reason'), 'Desk confirmed');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/review/approve')).toHaveLength(1), slow);
    expect(api.callsTo('/review/approve')[0]?.body).toEqual({
      queue: 'block',
      id: 'ba_7',
      reason: 'Desk confirmed',
      requestId: expect.stringMatching(uuid) as unknown,
    });
  });
});
