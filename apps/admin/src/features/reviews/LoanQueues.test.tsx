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

const slow = { timeout: 10_000 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const base = {
  userId: 'u_3kT9',
  account: '5215512345678',
  realname: 'Ana López',
  state: 'pending',
  currency: 'MXN',
  submittedAt: '2025-03-14T15:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
} as const;

function loanItem(overrides: Partial<ReviewItemOf<'loan'>> = {}): ReviewItemOf<'loan'> {
  return {
    ...base,
    id: 'ln_3',
    queue: 'loan',
    amount: '3000.00',
    details: {
      orderNo: 'L20250314000003',
      creditScore: 80,
      minScoreToBorrow: 60,
      quota: '10000.00',
      borrowed: '2000.00',
      availableQuota: '8000.00',
      dailyRate: '0.0005',
    },
    ...overrides,
  };
}

function quotaItem(overrides: Partial<ReviewItemOf<'quota'>> = {}): ReviewItemOf<'quota'> {
  return {
    ...base,
    id: 'qr_2',
    queue: 'quota',
    amount: '5000.00',
    details: { checkinsLast30Days: 22, quotaRaiseCheckins: 20, quota: '10000.00' },
    ...overrides,
  };
}

function renderQueue(queue: 'loan' | 'quota') {
  return renderScreen(
    <Routes>
      <Route path="/reviews/:queue" element={<ReviewQueueRoute />} />
    </Routes>,
    `/reviews/${queue}`,
  );
}

setUpScreenTests('reviewer');

describe('the loan and credit-raise review queues', { timeout: screenTestTimeoutMs }, () => {
  it('lists loans with score and borrowed / quota, shows the details and approves with a requestId', async () => {
    const api = stubAdminApi({
      '/review/list': okList([loanItem()]),
      '/review/detail': () => ok(loanItem()),
      '/review/approve': () =>
        ok(loanItem({ state: 'approved', reviewedBy: 'a_1', reason: 'Income checked' }), 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('loan');
    await screen.findByTestId('review-open-ln_3');
    expect(api.callsTo('/review/list')[0]?.body).toEqual({ queue: 'loan', states: ['pending'], page: 1, size: 20 });
    expect(within(screen.getByTestId('reviews-table')).getByText('3000.00 MXN')).toBeTruthy();
    expect(screen.getByTestId('review-loan-score-ln_3').textContent).toBe('80 / min 60');
    expect(screen.getByTestId('review-loan-quota-ln_3').textContent).toBe('2000.00 / 10000.00');
    await waitForIdle();
    await user.click(screen.getByTestId('review-open-ln_3'));
    const section = await screen.findByTestId('review-loan', undefined, slow);
    expect(within(section).getByTestId('review-loan-score').textContent).toBe('80');
    expect(within(section).getByTestId('review-loan-quota').textContent).toBe('10000.00 MXN');
    expect(within(section).getByTestId('review-loan-borrowed').textContent).toBe('2000.00 MXN');
    expect(within(section).getByTestId('review-loan-available').textContent).toBe('8000.00 MXN');
    expect(within(section).queryByText('Approval will be refused')).toBeNull();
    await user.click(screen.getByTestId('review-approve'));
    expect(
      await screen.findByText(
        /3000.00 MXN is credited to the user's available balance and interest starts/,
        undefined,
        slow,
      ),
    ).toBeTruthy();
    await fill(user, await screen.findByTestId('confirm-reason'), 'Income checked');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/review/approve')).toHaveLength(1), slow);
    expect(api.callsTo('/review/approve')[0]?.body).toEqual({
      queue: 'loan',
      id: 'ln_3',
      reason: 'Income checked',
      requestId: expect.stringMatching(uuid) as unknown,
    });
  });

  it('warns when the quota left no longer covers the loan', async () => {
    stubAdminApi({
      '/review/list': okList([loanItem()]),
      '/review/detail': () => ok(loanItem({ details: { ...loanItem().details, availableQuota: '1000.00' } })),
    });
    const user = userEvent.setup({ delay: null });
    renderQueue('loan');
    await screen.findByTestId('review-open-ln_3');
    await waitForIdle();
    await user.click(screen.getByTestId('review-open-ln_3'));
    const section = await screen.findByTestId('review-loan', undefined, slow);
    expect(within(section).getByText('Approval will be refused')).toBeTruthy();
  });

  it('lists credit raises with the check-ins against the requirement and shows them in the drawer', async () => {
    stubAdminApi({ '/review/list': okList([quotaItem()]), '/review/detail': () => ok(quotaItem()) });
    const user = userEvent.setup({ delay: null });
    renderQueue('quota');
    await screen.findByTestId('review-open-qr_2');
    expect(screen.getByTestId('review-quota-checkins-qr_2').textContent).toBe('22 / 20');
    await waitForIdle();
    await user.click(screen.getByTestId('review-open-qr_2'));
    const section = await screen.findByTestId('review-quota', undefined, slow);
    expect(within(section).getByTestId('review-quota-checkins').textContent).toBe('22 (required 20)');
    expect(within(section).getByTestId('review-quota-quota').textContent).toBe('10000.00 MXN');
  });
});
