// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, page, renderAt, stubApi, type Answer } from '../../test-support';
import { account, ACCOUNT, assets, UUID } from '../../test-fixtures';
import LoanRecordPage from './LoanRecordPage';
import { loanRecord } from './test-fixtures';

const approved = loanRecord();
const pending = loanRecord({
  id: 'ln_4',
  orderNo: 'L20250302000004',
  state: 'pending',
  interest: '0.00',
  outstanding: '0.00',
  reviewedAt: null,
});
const rejected = loanRecord({
  id: 'ln_5',
  orderNo: 'L20250302000005',
  state: 'rejected',
  reason: 'Income not verified',
  interest: '0.00',
  outstanding: '0.00',
});
const settled = loanRecord({
  id: 'ln_6',
  state: 'approved',
  settled: true,
  outstanding: '0.00',
  repaid: '3012.00',
  settledAt: '2025-03-05T15:00:00Z',
});

function answers(extra: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return {
    '/loan/records': { data: listPage([pending, approved, rejected, settled]) },
    '/user/assets': { data: assets([account('MXN', '1000.00')]) },
    ...extra,
  };
}

function renderRecords() {
  return renderAt('/information/loanRecord', [page('/information/loanRecord', <LoanRecordPage />)]);
}

describe('the loan records', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tags each loan by state and shows its timeline with the reason of a rejection', async () => {
    stubApi(answers());
    renderRecords();
    expect((await screen.findByTestId('loan-state-ln_3')).textContent).toBe('Repaying');
    expect(screen.getByTestId('loan-state-ln_4').textContent).toBe('Under review');
    expect(screen.getByTestId('loan-state-ln_5').textContent).toBe('Rejected');
    expect(screen.getByTestId('loan-state-ln_6').textContent).toBe('Settled');
    expect(screen.getByTestId('loan-outstanding-ln_3').textContent).toBe('Mex$3,012.00');
    const rejectedCard = screen.getByTestId('loan-record-ln_5');
    expect(within(rejectedCard).getByTestId('timeline-step-rejected').textContent).toContain('Income not verified');
    expect(
      within(screen.getByTestId('loan-record-ln_6')).getByTestId('timeline-step-settled').getAttribute('data-done'),
    ).toBe('true');
    // only an approved loan with something owed can be repaid
    expect(screen.queryByTestId('loan-repay-ln_4')).toBeNull();
    expect(screen.queryByTestId('loan-repay-ln_6')).toBeNull();
    expect(screen.getByTestId('loan-repay-ln_3')).toBeTruthy();
  });

  it('shows what is owed and the balance before the button, refuses over either, then repays with a requestId', async () => {
    const api = stubApi(
      answers({
        '/loan/repay': { data: loanRecord({ repaid: '500.00', outstanding: '2512.00' }), code: 'result.repay.ok' },
      }),
    );
    renderRecords();
    fireEvent.click(await screen.findByTestId('loan-repay-ln_3'));
    const sheet = await screen.findByTestId('repay-sheet');
    const input = await within(sheet).findByTestId('repay-amount');
    expect(within(sheet).getByTestId('repay-outstanding').textContent).toBe('Outstanding: Mex$3,012.00');
    expect(within(sheet).getByTestId('repay-balance').textContent).toBe('Available balance: Mex$1,000.00');
    fireEvent.change(input, { target: { value: '3012.01' } });
    expect(within(sheet).getByTestId('repay-rule-exceeds').textContent).toBe(
      'Repayment exceeds the loan amount (Mex$3,012.00).',
    );
    expect(within(sheet).getByTestId('repay-rule-balance').textContent).toBe('Insufficient balance.');
    expect((within(sheet).getByTestId('repay-submit') as HTMLButtonElement).disabled).toBe(true);
    // "all" is the smaller of what is owed and what is available
    fireEvent.click(within(sheet).getByTestId('repay-all'));
    expect((input as HTMLInputElement).value).toBe('1000.00');
    fireEvent.change(input, { target: { value: '500' } });
    await waitFor(() => expect(within(sheet).queryByTestId('repay-rule-exceeds')).toBeNull());
    fireEvent.click(within(sheet).getByTestId('repay-submit'));
    const step = await screen.findByTestId('repay-confirm-step');
    expect(within(step).getByTestId('repay-confirm-after').textContent).toBe('Mex$2,512.00');
    fireEvent.click(within(step).getByTestId('repay-confirm'));
    await waitFor(() => expect(api.callsTo('/loan/repay')).toHaveLength(1));
    expect(api.callsTo('/loan/repay')[0]).toEqual({
      loanId: 'ln_3',
      amount: '500',
      requestId: expect.stringMatching(UUID),
    });
  });
});
