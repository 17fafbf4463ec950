// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import ExchangePage from './ExchangePage';
import { account, ACCOUNT, assets, userInfo, UUID } from '../../test-fixtures';

const rates = {
  list: [
    { from: 'USD', to: 'MXN', rate: '17.92345678', exchangeable: true, updatedAt: '2025-03-14T15:30:00Z' },
    { from: 'USD', to: 'EUR', rate: '0.91000000', exchangeable: true, updatedAt: '2025-03-14T15:30:00Z' },
  ],
};

function renderExchange(path = '/information/exChange') {
  return renderAt(path, [page('/information/exChange', <ExchangePage />)]);
}

describe('the currency exchange', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
    // The usd market makes USD the summary currency, so the form starts from USD.
    sessionStore.getState().setStock('usd');
  });

  afterEach(() => {
    sessionStore.getState().setStock('mxn');
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews amount × rate rounded down without floats, and confirms with a requestId', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': {
        data: assets([
          account('MXN', '1000.00'),
          account('USD', '250.00'),
          account('USDT', '0.00'),
          account('EUR', '0.00'),
        ]),
      },
      '/funds/rates': { data: rates },
      '/funds/exchange': {
        data: {
          orderNo: 'X20250314000007',
          from: 'USD',
          to: 'MXN',
          fromAmount: '40.00',
          toAmount: '716.93',
          rate: '17.92345678',
          createdAt: '2025-03-14T15:31:00Z',
        },
        code: 'result.exchange.ok',
      },
    });
    renderExchange();
    expect(((await screen.findByTestId('exchange-from')) as HTMLSelectElement).value).toBe('USD');
    expect((screen.getByTestId('exchange-to') as HTMLSelectElement).value).toBe('MXN');
    await waitFor(() => expect(screen.getByTestId('exchange-rate').textContent).toContain('1 USD = 17.92345678 MXN'));
    expect(api.callsTo('/funds/rates')).toEqual([{ base: 'USD' }]);

    await user.type(screen.getByTestId('exchange-amount'), '40.00');
    // 40 × 17.92345678 = 716.9382712 → 716.93, rounded down like the server (docs/api.md §1.11)
    expect(screen.getByTestId('exchange-receive').textContent).toBe('Mex$716.93');

    await user.click(screen.getByTestId('exchange-submit'));
    const sheet = await screen.findByTestId('exchange-sheet');
    expect(within(sheet).getByTestId('exchange-confirm-receive').textContent).toBe('Mex$716.93');
    expect(within(sheet).getByText('$40.00')).toBeTruthy();
    fireEvent.click(within(sheet).getByTestId('exchange-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/exchange')).toHaveLength(1));
    expect(api.callsTo('/funds/exchange')[0]).toEqual({
      from: 'USD',
      to: 'MXN',
      amount: '40.00',
      requestId: expect.stringMatching(UUID),
    });
    const result = await screen.findByTestId('exchange-result');
    const rows = [...result.querySelectorAll('.detail-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows.map(([label]) => label)).toEqual(['Paid', 'Received', 'Rate', 'Order number', 'Time']);
    expect(rows.slice(3).map(([, value]) => value)).toEqual([
      'X20250314000007',
      expect.stringMatching(/^03\/14\/2025, \d\d:31:00$/),
    ]);
  });

  it('in German shows the amount and max with a decimal comma and sends a point (issue 30)', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
      '/funds/rates': { data: rates },
      '/funds/exchange': {
        data: {
          orderNo: 'X20250314000007',
          from: 'USD',
          to: 'MXN',
          fromAmount: '40.5',
          toAmount: '725.90',
          rate: '17.92345678',
          createdAt: '2025-03-14T15:31:00Z',
        },
        code: 'result.exchange.ok',
      },
    });
    sessionStore.getState().setLanguage('de');
    renderExchange();
    await screen.findByTestId('exchange-from');
    await waitFor(() => expect(api.callsTo('/funds/rates')).toHaveLength(1));
    const amount = screen.getByTestId('exchange-amount') as HTMLInputElement;
    await waitFor(() => expect(screen.getByTestId('exchange-max')).toBeTruthy());
    await user.click(screen.getByTestId('exchange-max'));
    await waitFor(() => expect(amount.value).toBe('250,00'));
    await user.clear(amount);
    await user.type(amount, '40,5');
    expect(amount.value).toBe('40,5');
    // 40.5 × 17.92345678 = 725.8999… → 725.89, rounded down
    await waitFor(() => expect(screen.getByTestId('exchange-receive').textContent).toContain('725,89'));
    await user.click(screen.getByTestId('exchange-submit'));
    const sheet = await screen.findByTestId('exchange-sheet');
    fireEvent.click(within(sheet).getByTestId('exchange-confirm'));
    await waitFor(() => expect(api.callsTo('/funds/exchange')).toHaveLength(1));
    expect(api.callsTo('/funds/exchange')[0]).toMatchObject({ from: 'USD', to: 'MXN', amount: '40.5' });
  });

  it('fills max with the available balance of `from` and shows the balance rule when it is exceeded', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
      '/funds/rates': { data: rates },
    });
    renderExchange();
    await user.click(await screen.findByTestId('exchange-max'));
    expect((screen.getByTestId('exchange-amount') as HTMLInputElement).value).toBe('250.00');
    expect(screen.queryByTestId('exchange-rule-balance')).toBeNull();
    await user.clear(screen.getByTestId('exchange-amount'));
    await user.type(screen.getByTestId('exchange-amount'), '250.01');
    expect(screen.getByTestId('exchange-rule-balance').textContent).toBe('Insufficient balance.');
    expect((screen.getByTestId('exchange-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the minimum from /common/config and refuses below it before the user presses', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/common/config': { data: [{ name: 'exchange_min.USD', value: '1.00' }] },
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
      '/funds/rates': { data: rates },
    });
    renderExchange();
    expect((await screen.findByTestId('exchange-min')).textContent).toBe('Minimum $1.00');
    await user.type(screen.getByTestId('exchange-amount'), '0.99');
    expect(screen.getByTestId('exchange-rule-min').textContent).toBe('Minimum exchange amount is $1.00.');
    expect((screen.getByTestId('exchange-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByTestId('exchange-amount'));
    await user.type(screen.getByTestId('exchange-amount'), '1.00');
    expect(screen.queryByTestId('exchange-rule-min')).toBeNull();
  });

  it('fills max with withdrawable: in-transit proceeds cannot be exchanged', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': {
        data: assets([
          account('MXN', '1000.00'),
          account('USD', '250.00', { inTransit: '50.00', withdrawable: '200.00' }),
        ]),
      },
      '/funds/rates': { data: rates },
    });
    renderExchange();
    expect((await screen.findByTestId('exchange-in-transit')).textContent).toBe(
      '$50.00 of unsettled proceeds stays in USD until it settles.',
    );
    await user.click(screen.getByTestId('exchange-max'));
    expect((screen.getByTestId('exchange-amount') as HTMLInputElement).value).toBe('200.00');
    expect(screen.queryByTestId('exchange-rule-withdrawable')).toBeNull();
    await user.clear(screen.getByTestId('exchange-amount'));
    await user.type(screen.getByTestId('exchange-amount'), '200.01');
    expect(screen.getByTestId('exchange-rule-withdrawable').textContent).toBe('Insufficient withdrawable amount.');
    expect(screen.queryByTestId('exchange-rule-balance')).toBeNull();
    expect((screen.getByTestId('exchange-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('swaps the currencies and asks for the rates of the new base', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
      '/funds/rates': (body) => ({
        data:
          (body as { base: string }).base === 'MXN'
            ? {
                list: [
                  { from: 'MXN', to: 'USD', rate: '0.05500000', exchangeable: true, updatedAt: '2025-03-14T15:30:00Z' },
                ],
              }
            : rates,
      }),
    });
    renderExchange();
    await user.click(await screen.findByTestId('exchange-swap'));
    expect((screen.getByTestId('exchange-from') as HTMLSelectElement).value).toBe('MXN');
    await waitFor(() => expect(api.callsTo('/funds/rates')).toContainEqual({ base: 'MXN' }));
    await user.type(screen.getByTestId('exchange-amount'), '100');
    await waitFor(() => expect(screen.getByTestId('exchange-receive').textContent).toBe('$5.50'));
  });

  it('opens with the target a link names (`?to=USDT` from an order form), paid from a currency with money in it', async () => {
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': {
        data: assets([account('MXN', '5000.00'), account('USD', '0.00'), account('USDT', '0.00')]),
      },
      '/funds/rates': { data: rates },
    });
    // USD is the summary currency (beforeEach) but empty: the MXN the user has pays
    renderExchange('/information/exChange?to=USDT');
    expect(((await screen.findByTestId('exchange-to')) as HTMLSelectElement).value).toBe('USDT');
    expect((screen.getByTestId('exchange-from') as HTMLSelectElement).value).toBe('MXN');
    await waitFor(() => expect(api.callsTo('/funds/rates')).toEqual([{ base: 'MXN' }]));
  });

  it('ignores a target that is not one of the currencies', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
      '/funds/rates': { data: rates },
    });
    renderExchange('/information/exChange?to=XYZ');
    expect(((await screen.findByTestId('exchange-from')) as HTMLSelectElement).value).toBe('USD');
    expect((screen.getByTestId('exchange-to') as HTMLSelectElement).value).toBe('MXN');
  });
});
