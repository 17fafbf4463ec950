// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import CashOutPage from './CashOutPage';
import { ACCOUNT, card, userInfo, UUID, wallet, withdrawInfo, withdrawRecord } from '../../test-fixtures';

function renderCashOut() {
  return renderAt('/information/cashOut', [page('/information/cashOut', <CashOutPage />)]);
}

describe('the withdrawal form', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows a failing rule of withdrawInfo with its translated code before the press, and keeps confirm disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const info = withdrawInfo({ inWindow: false });
    info.rules = info.rules.map((rule) => (rule.rule === 'window' ? { ...rule, ok: false } : rule));
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: info },
      '/card/list': { data: { cards: [card], wallets: [wallet] } },
      '/funds/records': { data: listPage([]) },
      '/funds/withdraw': { data: withdrawRecord({ state: 'pending' }) },
    });
    renderCashOut();

    const rule = await screen.findByTestId('cashout-rule-window');
    expect(rule.textContent).toBe('Withdrawals are accepted on business days 09:30–24:00.');
    const submit = screen.getByTestId('cashout-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('Withdrawal not possible yet');
    expect(submit.getAttribute('aria-describedby')).toBe(rule.parentElement?.parentElement?.id);

    // Filling the form does not lift the rule.
    await user.type(screen.getByTestId('cashout-amount'), '600');
    await user.type(screen.getByTestId('cashout-password'), '246810');
    await user.click(submit);
    expect(api.callsTo('/funds/withdraw')).toHaveLength(0);
    expect(api.callsTo('/funds/withdrawInfo')).toEqual([{ currency: 'MXN' }]);
  });

  it('adds the amount rules as the user types: below the minimum, above what can be withdrawn', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([]) },
    });
    renderCashOut();
    const amount = await screen.findByTestId('cashout-amount');
    expect(screen.queryByTestId('cashout-rule-min')).toBeNull();
    await user.type(amount, '499.99');
    expect(screen.getByTestId('cashout-rule-min').textContent).toBe('Minimum withdrawal is Mex$500.00.');
    await user.clear(amount);
    await user.type(amount, '60000');
    expect(screen.getByTestId('cashout-rule-withdrawable').textContent).toBe('Insufficient withdrawable amount.');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(screen.queryByTestId('cashout-rule-min')).toBeNull();
    expect((screen.getByTestId('cashout-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('withdraws to the chosen card with the fund password and a requestId; "all" fills the withdrawable amount', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': {
        data: { cards: [card, { ...card, cardId: 'c_3', numberMasked: '0121********567891' }], wallets: [wallet] },
      },
      '/funds/records': { data: listPage([]) },
      '/funds/withdraw': { data: withdrawRecord({ state: 'pending' }), code: 'result.withdraw.ok' },
    });
    renderCashOut();
    await user.click(await screen.findByTestId('cashout-all'));
    expect((screen.getByTestId('cashout-amount') as HTMLInputElement).value).toBe('59010.00');
    await user.click(screen.getByTestId('cashout-destination-c_3'));
    await user.type(screen.getByTestId('cashout-password'), '24681x0');
    expect((screen.getByTestId('cashout-password') as HTMLInputElement).value).toBe('246810');
    await user.click(screen.getByTestId('cashout-submit'));
    // the press asks first: amount and destination in a sheet, nothing sent yet
    const sheet = await screen.findByTestId('cashout-sheet');
    expect(sheet.textContent).toContain('0121********567891');
    expect(screen.getByTestId('cashout-sheet-amount').textContent).toContain('59,010.00');
    expect(api.callsTo('/funds/withdraw')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('cashout-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/withdraw')).toHaveLength(1));
    expect(api.callsTo('/funds/withdraw')[0]).toEqual({
      amount: '59010.00',
      currency: 'MXN',
      fundPassword: '246810',
      cardId: 'c_3',
      requestId: expect.stringMatching(UUID),
    });
    // then a result card instead of the form (whose rules would now say a withdrawal is pending)
    const result = await screen.findByTestId('cashout-result');
    expect(screen.getByTestId('cashout-result-state').textContent).toBe('Under review');
    expect(result.textContent).toContain('Withdrawal submitted');
    const rows = [...result.querySelectorAll('.detail-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows.map(([label]) => label)).toEqual(['Amount', 'To', 'Status', 'Order number', 'Time']);
    expect(rows.slice(3).map(([, value]) => value)).toEqual([
      'W20250314000012',
      expect.stringMatching(/^03\/14\/2025, \d\d:30:00$/),
    ]);
    expect(screen.queryByTestId('cashout-submit')).toBeNull();
    expect(screen.queryByTestId('cashout-sheet')).toBeNull();
  });

  it('in Spanish shows the amount and "all" with a decimal comma and withdraws it with a point (issue 30)', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [wallet] } },
      '/funds/records': { data: listPage([]) },
      '/funds/withdraw': { data: withdrawRecord({ state: 'pending' }), code: 'result.withdraw.ok' },
    });
    sessionStore.getState().setLanguage('esp');
    renderCashOut();
    await user.click(await screen.findByTestId('cashout-all'));
    const amount = screen.getByTestId('cashout-amount') as HTMLInputElement;
    expect(amount.value).toBe('59010,00');
    await user.clear(amount);
    await user.type(amount, '600,5');
    expect(amount.value).toBe('600,5');
    await user.click(screen.getByTestId(`cashout-destination-${card.cardId}`));
    await user.type(screen.getByTestId('cashout-password'), '246810');
    await user.click(screen.getByTestId('cashout-submit'));
    await screen.findByTestId('cashout-sheet');
    fireEvent.click(screen.getByTestId('cashout-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/withdraw')).toHaveLength(1));
    expect(api.callsTo('/funds/withdraw')[0]).toMatchObject({ amount: '600.5', currency: 'MXN' });
  });

  it('clears a field error as soon as the field is fixed', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([]) },
    });
    renderCashOut();
    await user.click(await screen.findByTestId('cashout-submit'));
    const amount = screen.getByTestId('cashout-amount');
    const password = screen.getByTestId('cashout-password');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(amount, '600');
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(password, '123456');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('cashout-sheet')).toBeNull();
  });

  it('opens a withdrawal record into its timeline with the rejection reason', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([withdrawRecord()]) },
    });
    renderCashOut();
    const record = await screen.findByTestId('withdraw-record-w_12');
    expect(record.textContent).toContain('Rejected');
    expect(screen.queryByTestId('timeline-step-submitted')).toBeNull();
    await user.click(record);
    expect(screen.getByTestId('timeline-step-submitted').textContent).toContain('03/14/2025');
    expect(screen.getByTestId('timeline-step-rejected').textContent).toContain('Reason: Name does not match');
    expect(record.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('the withdrawal form with two-step verification on (docs/api.md §23.1)', () => {
  setUpSignedInTests(ACCOUNT);

  it('shows the code field before the press, refuses to go on without six digits, then sends the code', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified', { totpEnabled: true }) },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([]) },
      '/funds/withdraw': { data: withdrawRecord({ state: 'pending' }), code: 'result.withdraw.ok' },
    });
    renderCashOut();
    const code = await screen.findByTestId('cashout-code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(screen.getByTestId('cashout-amount'), '600');
    await user.type(screen.getByTestId('cashout-password'), '246810');
    await user.click(screen.getByTestId('cashout-submit'));
    expect(await screen.findByText('Verification code must not be empty.')).toBeTruthy();
    expect(screen.queryByTestId('cashout-sheet')).toBeNull();
    await user.type(code, '12a34');
    await user.click(screen.getByTestId('cashout-submit'));
    expect(await screen.findByText('Six digits')).toBeTruthy();
    await user.type(code, '56');
    await user.click(screen.getByTestId('cashout-submit'));
    await screen.findByTestId('cashout-sheet');
    fireEvent.click(screen.getByTestId('cashout-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/withdraw')).toHaveLength(1));
    expect(api.callsTo('/funds/withdraw')[0]).toMatchObject({ fundPassword: '246810', code: '123456' });
  });

  it('switches to a recovery code', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified', { totpEnabled: true }) },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([]) },
      '/funds/withdraw': { data: withdrawRecord({ state: 'pending' }), code: 'result.withdraw.ok' },
    });
    renderCashOut();
    await user.click(await screen.findByTestId('cashout-code-switch'));
    await user.type(screen.getByTestId('cashout-amount'), '600');
    await user.type(screen.getByTestId('cashout-password'), '246810');
    await user.type(screen.getByTestId('cashout-code'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByTestId('cashout-submit'));
    fireEvent.click(await screen.findByTestId('cashout-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/withdraw')).toHaveLength(1));
    expect(api.callsTo('/funds/withdraw')[0]).toMatchObject({ recoveryCode: 'abcd-efgh-ijkl-mnop' });
    expect(api.callsTo('/funds/withdraw')[0]).not.toHaveProperty('code');
  });

  it('shows no code field when two-step verification is off', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/withdrawInfo': { data: withdrawInfo() },
      '/card/list': { data: { cards: [card], wallets: [] } },
      '/funds/records': { data: listPage([]) },
    });
    renderCashOut();
    await screen.findByTestId('cashout-password');
    expect(screen.queryByTestId('cashout-code')).toBeNull();
  });
});
