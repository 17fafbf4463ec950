// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import StatementsPage from './StatementsPage';
import { ACCOUNT, userInfo } from '../../test-fixtures';

function renderStatements() {
  return renderAt('/information/statements', [page('/information/statements', <StatementsPage />)]);
}

describe('the monthly statements page', () => {
  setUpSignedInTests(ACCOUNT);
  afterEach(() => vi.restoreAllMocks());

  it('lists the months of the chosen currency and opens the signed link of the format tapped', async () => {
    const user = userEvent.setup({ delay: null });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/statementMonths': (body) => {
        const currency = (body as { currency: string }).currency;
        return { data: { currency, months: currency === 'USD' ? ['2026-03'] : ['2026-03', '2026-02'] } };
      },
      '/funds/statement': (body) => {
        const b = body as { month: string; format: string };
        return {
          data: { url: `/files/statements/t.${b.month}.${b.format}?exp=1&sig=s`, expiresAt: '2026-03-14T15:45:00Z' },
        };
      },
    });
    renderStatements();
    const march = await screen.findByTestId('statement-month-2026-03');
    expect(march.textContent).toContain('March 2026');
    expect(march.textContent).toContain('to date');
    expect(screen.getByTestId('statement-month-2026-02').textContent).toContain('February 2026');
    expect(screen.getByTestId('statement-month-2026-02').textContent).not.toContain('to date');

    await user.click(within(screen.getByTestId('statement-month-2026-02')).getByTestId('statement-pdf-2026-02'));
    await waitFor(() => expect(clicked).toEqual(['/files/statements/t.2026-02.pdf?exp=1&sig=s']));
    expect(api.callsTo('/funds/statement')).toEqual([{ currency: 'MXN', month: '2026-02', format: 'pdf', lang: 'en' }]);

    await user.click(screen.getByTestId('statements-currency-USD'));
    await waitFor(() => expect(screen.queryByTestId('statement-month-2026-02')).toBeNull());
    await user.click(await screen.findByTestId('statement-csv-2026-03'));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(api.callsTo('/funds/statement').at(-1)).toEqual({
      currency: 'USD',
      month: '2026-03',
      format: 'csv',
      lang: 'en',
    });
    expect(api.callsTo('/funds/statementMonths')).toEqual([{ currency: 'MXN' }, { currency: 'USD' }]);
  });

  it('shows an error with a retry, then the list', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/statementMonths': () =>
        fail
          ? { status: 0, code: 'server.error', msg: 'Something went wrong.', httpStatus: 500 }
          : { data: { currency: 'MXN', months: ['2026-03'] } },
    });
    renderStatements();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('statement-month-2026-03')).toBeTruthy();
  });

  it('shows the empty state when there is no month', async () => {
    stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/funds/statementMonths': { data: { currency: 'MXN', months: [] } },
    });
    renderStatements();
    expect(await screen.findByText('No months to show yet.')).toBeTruthy();
  });
});
