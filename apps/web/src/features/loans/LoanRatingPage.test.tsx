// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi, type Answer } from '../../test-support';
import { ACCOUNT, userInfo, UUID } from '../../test-fixtures';
import LoanRatingPage from './LoanRatingPage';
import { loanRating, loanRecord } from './test-fixtures';

function answers(extra: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return { '/loan/rating': { data: loanRating() }, '/user/getUserinfo': { data: userInfo('verified') }, ...extra };
}

function renderRating() {
  return renderAt('/information/loanRating', [
    page('/information/loanRating', <LoanRatingPage />),
    page('/information/loanRecord', <p>records</p>),
  ]);
}

const submit = () => screen.getByTestId('loan-submit') as HTMLButtonElement;

describe('the credit rating', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the score gauge, quota, borrowed, outstanding, available and the daily rate', async () => {
    stubApi(answers());
    renderRating();
    expect((await screen.findByTestId('loan-score')).textContent).toBe('80');
    expect(screen.getByTestId('loan-gauge').querySelector('svg')?.getAttribute('aria-label')).toBe(
      'Credit score 80 of 100; 60 is needed to borrow',
    );
    expect(screen.getByTestId('loan-score-state').textContent).toBe('You can borrow');
    expect(screen.getByTestId('loan-quota').textContent).toBe('Mex$10,000.00');
    expect(screen.getByTestId('loan-borrowed').textContent).toBe('Mex$3,000.00');
    expect(screen.getByTestId('loan-outstanding').textContent).toBe('Mex$3,012.00');
    expect(screen.getByTestId('loan-available').textContent).toBe('Mex$7,000.00');
    expect(screen.getByTestId('loan-rate').textContent).toBe('0.050% a day');
    expect(screen.getByTestId('loan-score-note').textContent).toMatch(/never stops a withdrawal/);
  });

  it('shows a score below the minimum before the button, and the button stays off', async () => {
    stubApi(answers({ '/loan/rating': { data: loanRating({ creditScore: 55 }) } }));
    renderRating();
    expect((await screen.findByTestId('loan-rule-score')).textContent).toBe(
      'Credit score 55 is below the 60 required to borrow.',
    );
    expect(screen.getByTestId('loan-score-state').textContent).toBe('Below the minimum');
    expect(submit().disabled).toBe(true);
  });

  it('shows a pending application before the button', async () => {
    stubApi(answers({ '/loan/rating': { data: loanRating({ pendingApplication: true }) } }));
    renderRating();
    expect((await screen.findByTestId('loan-rule-pending')).textContent).toBe(
      'A pending application is awaiting review.',
    );
    expect(submit().disabled).toBe(true);
  });

  it('shows the quota as the amount is typed, then confirms and borrows with a requestId', async () => {
    const api = stubApi(
      answers({
        '/loan/borrow': {
          data: loanRecord({ id: 'ln_9', state: 'pending', principal: '2000.00', outstanding: '0.00' }),
          code: 'result.loan.ok',
        },
      }),
    );
    renderRating();
    const input = await screen.findByTestId('loan-amount');
    expect(screen.getByTestId('loan-available-line').textContent).toBe('Available to borrow: Mex$7,000.00');
    fireEvent.change(input, { target: { value: '7000.01' } });
    expect((await screen.findByTestId('loan-rule-quota')).textContent).toBe(
      'Loan quota insufficient (Mex$7,000.00 available).',
    );
    expect(submit().disabled).toBe(true);
    fireEvent.change(input, { target: { value: '2000' } });
    await waitFor(() => expect(screen.queryByTestId('loan-rule-quota')).toBeNull());
    fireEvent.click(submit());
    const step = await screen.findByTestId('loan-confirm-step');
    expect(within(step).getByTestId('loan-confirm-amount').textContent).toBe('Mex$2,000.00');
    // 2000 × 0.0005 = 1.00 a day
    expect(within(step).getByTestId('loan-confirm-per-day').textContent).toBe('Mex$1.00');
    expect(api.callsTo('/loan/borrow')).toHaveLength(0);
    fireEvent.click(within(step).getByTestId('loan-confirm'));
    await waitFor(() => expect(api.callsTo('/loan/borrow')).toHaveLength(1));
    expect(api.callsTo('/loan/borrow')[0]).toEqual({ amount: '2000', requestId: expect.stringMatching(UUID) });
    expect((await screen.findByTestId('loan-done')).textContent).toContain(
      'Your application for Mex$2,000.00 is under review.',
    );
  });

  it('asks for real-name verification before the form', async () => {
    stubApi(answers({ '/user/getUserinfo': { data: userInfo('none') } }));
    renderRating();
    await screen.findByTestId('loan-score');
    await waitFor(() => expect(screen.queryByTestId('loan-borrow-form')).toBeNull());
    expect(screen.getByTestId('loan-borrow').textContent).toMatch(/real name/i);
  });

  it('shows the check-ins of the last 30 days against the requirement before the raise button', async () => {
    const api = stubApi(
      answers({
        '/loan/raiseQuota': {
          data: { id: 'qr_2', amount: '5000.00', state: 'pending', submittedAt: '2025-03-14T15:00:00Z' },
          code: 'result.submit.ok',
        },
      }),
    );
    renderRating();
    fireEvent.click(await screen.findByTestId('loan-raise-open'));
    const sheet = await screen.findByTestId('raise-sheet');
    expect(within(sheet).getByTestId('raise-checkins').textContent).toBe(
      'Check-ins in the last 30 days: 12 of 20 needed',
    );
    expect(within(sheet).getByTestId('raise-rule-checkins').textContent).toBe('Insufficient check-in count (12/20).');
    expect((within(sheet).getByTestId('raise-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('/loan/raiseQuota')).toHaveLength(0);
  });

  it('sends a raise when the check-ins are enough', async () => {
    const api = stubApi(
      answers({
        '/loan/rating': { data: loanRating({ checkinsLast30Days: 20 }) },
        '/loan/raiseQuota': {
          data: { id: 'qr_2', amount: '5000.00', state: 'pending', submittedAt: '2025-03-14T15:00:00Z' },
          code: 'result.submit.ok',
        },
      }),
    );
    renderRating();
    fireEvent.click(await screen.findByTestId('loan-raise-open'));
    const sheet = await screen.findByTestId('raise-sheet');
    fireEvent.change(within(sheet).getByTestId('raise-amount'), { target: { value: '5000.50' } });
    expect((within(sheet).getByTestId('raise-amount') as HTMLInputElement).value).toBe('5000');
    fireEvent.click(within(sheet).getByTestId('raise-submit'));
    fireEvent.click(await screen.findByTestId('raise-confirm'));
    await waitFor(() => expect(api.callsTo('/loan/raiseQuota')).toHaveLength(1));
    expect(api.callsTo('/loan/raiseQuota')[0]).toEqual({ amount: '5000', requestId: expect.stringMatching(UUID) });
    expect((await screen.findByTestId('raise-done')).textContent).toContain('Mex$5,000.00');
  });
});
