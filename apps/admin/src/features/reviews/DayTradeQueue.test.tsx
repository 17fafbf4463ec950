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
  refused,
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

function dayTradeItem(overrides: Partial<ReviewItemOf<'day_trade'>> = {}): ReviewItemOf<'day_trade'> {
  return {
    id: 'dt_4',
    queue: 'day_trade',
    userId: 'u_3kT9',
    account: '5215512345678',
    realname: 'Ana López',
    state: 'pending',
    amount: null,
    currency: null,
    submittedAt: '2025-03-14T15:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reason: null,
    details: { accountType: 'institutional', openPositions: 3 },
    ...overrides,
  };
}

type User = ReturnType<typeof userEvent.setup>;

function renderQueue() {
  return renderScreen(
    <Routes>
      <Route path="/reviews/:queue" element={<ReviewQueueRoute />} />
    </Routes>,
    '/reviews/day_trade',
  );
}

async function openItem(user: User) {
  await screen.findByTestId('review-open-dt_4');
  await waitForIdle();
  await user.click(screen.getByTestId('review-open-dt_4'));
  await screen.findByTestId('review-detail-summary', undefined, slow);
}

async function decide(user: User, button: 'review-approve' | 'review-reject', reason: string) {
  await user.click(screen.getByTestId(button));
  await fill(user, await screen.findByTestId('confirm-reason'), reason);
  await user.click(screen.getByTestId('confirm-ok'));
}

setUpScreenTests('reviewer');

describe('the day-trading review queue', { timeout: screenTestTimeoutMs }, () => {
  it('lists pending applications with the account type and open positions, without an amount column', async () => {
    const api = stubAdminApi({ '/review/list': okList([dayTradeItem()]) });
    renderQueue();
    await screen.findByTestId('review-open-dt_4');
    expect(api.callsTo('/review/list')[0]?.body).toEqual({
      queue: 'day_trade',
      states: ['pending'],
      page: 1,
      size: 20,
    });
    const table = screen.getByTestId('reviews-table');
    expect(within(table).getByText('Account type')).toBeTruthy();
    expect(within(table).getByText('Institutional')).toBeTruthy();
    expect(screen.getByTestId('review-open-positions-dt_4').textContent).toBe('3');
    expect(within(table).queryByText('Amount')).toBeNull();
  });

  it('shows the details in the drawer and approves with {queue, id, reason, requestId}', async () => {
    const api = stubAdminApi({
      '/review/list': okList([dayTradeItem()]),
      '/review/detail': () => ok(dayTradeItem()),
      '/review/approve': () =>
        ok(dayTradeItem({ state: 'approved', reviewedBy: 'a_1', reason: 'No open risk' }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue();
    await openItem(user);
    expect(screen.getByTestId('review-day-trade-account-type').textContent).toBe('Institutional');
    expect(screen.getByTestId('review-day-trade-open-positions').textContent).toBe('3');

    await user.click(screen.getByTestId('review-approve'));
    expect(await screen.findByText(/T\+N no longer applies to the user's closes/, undefined, slow)).toBeTruthy();
    await fill(user, await screen.findByTestId('confirm-reason'), 'No open risk');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/review/approve')).toHaveLength(1), slow);
    expect(api.callsTo('/review/approve')[0]?.body).toEqual({
      queue: 'day_trade',
      id: 'dt_4',
      reason: 'No open risk',
      requestId: expect.stringMatching(uuid) as unknown,
    });
    await waitFor(() => expect(screen.queryByTestId('review-detail-summary')).toBeNull(), slow);
  });

  it('shows the server refusal of a rejection where the operator looks', async () => {
    const api = stubAdminApi({
      '/review/list': okList([dayTradeItem()]),
      '/review/detail': () => ok(dayTradeItem()),
      '/review/reject': () => refused(200, 'account.seat_already', 'You already have a seat account.'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue();
    await openItem(user);
    await decide(user, 'review-reject', 'Too many open positions');
    await waitFor(() => expect(api.callsTo('/review/reject')).toHaveLength(1), slow);
    expect(api.callsTo('/review/reject')[0]?.body).toMatchObject({
      queue: 'day_trade',
      id: 'dt_4',
      reason: 'Too many open positions',
    });
    expect((await screen.findByTestId('review-decision-error', undefined, slow)).textContent).toBe(
      'You already have a seat account.',
    );
  });
});
