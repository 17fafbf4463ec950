// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { addAppStyles, listPage, page, renderAt, setUpSignedInTests, sharesTheRow, stubApi } from '../../test-support';
import FundRecordPage from './FundRecordPage';
import { ACCOUNT, depositRecord, ledgerRecord, userInfo, withdrawRecord } from '../../test-fixtures';

function renderRecords(path = '/information/fundRecord') {
  return renderAt(path, [page('/information/fundRecord', <FundRecordPage />)]);
}

const answers = {
  '/user/getUserinfo': { data: userInfo('verified') },
  '/funds/records': (body: unknown) => {
    const tab = (body as { tab: string }).tab;
    if (tab === 'deposit') return { data: listPage([depositRecord({ state: 'approved' })]) };
    if (tab === 'withdraw') return { data: listPage([withdrawRecord()]) };
    return {
      data: listPage([
        ledgerRecord(),
        ledgerRecord({
          id: 'l_901',
          kind: 'exchange_in',
          amount: '716.94',
          currency: 'MXN',
          balanceAfter: '1716.94',
          remark: null,
        }),
      ]),
    };
  },
};

describe('the funds records', () => {
  setUpSignedInTests(ACCOUNT);
  afterEach(() => vi.restoreAllMocks());

  it('asks /funds/records for the tab that is open, with signed amounts, balances and state tags', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(answers);
    renderRecords();
    const trade = await screen.findByTestId('trade-record-l_900');
    expect(trade.textContent).toContain('Position opened');
    expect(trade.querySelector('.record-amount.down')?.textContent).toBe('-$342.55');
    expect(trade.textContent).toContain('Balance $4,657.45');
    expect(screen.getByTestId('trade-record-l_901').querySelector('.record-amount.up')?.textContent).toBe(
      '+Mex$716.94',
    );

    await user.click(screen.getByTestId('records-tab-deposit'));
    const deposit = await screen.findByTestId('deposit-record-d_51');
    expect(deposit.textContent).toContain('Approved');
    await user.click(screen.getByTestId('records-tab-withdraw'));
    expect((await screen.findByTestId('withdraw-record-w_12')).textContent).toContain('Rejected');

    expect(api.callsTo('/funds/records')).toEqual([
      { tab: 'trade', page: 1, size: 20 },
      { tab: 'deposit', page: 1, size: 20 },
      { tab: 'withdraw', page: 1, size: 20 },
    ]);
  });

  it('keeps every tab in view in German: the tabs share the row and wrap instead of scrolling', async () => {
    const removeStyles = addAppStyles();
    try {
      sessionStore.getState().setLanguage('de');
      stubApi(answers);
      renderRecords();
      const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Handel', 'Einzahlungen', 'Auszahlungen']);
      for (const tab of tabs) expect(sharesTheRow(tab), tab.textContent ?? '').toBe(true);
    } finally {
      removeStyles();
    }
  });

  it('opens on the tab named in the address', async () => {
    const api = stubApi(answers);
    renderRecords('/information/fundRecord?tab=withdraw');
    expect(await screen.findByTestId('withdraw-record-w_12')).toBeTruthy();
    expect(screen.getByTestId('records-tab-withdraw').getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo('/funds/records')).toEqual([{ tab: 'withdraw', page: 1, size: 20 }]);
  });

  it("downloads the statement as CSV: the endpoint with format csv, saved under the server's file name", async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(answers);
    const json = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/funds/statementRange')) {
        return new Response('at,entryId,kind\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="statement-MXN-2025-03-01-2025-03-14.csv"',
          },
        });
      }
      if (!json) throw new Error('no stub');
      return json(input, init);
    });
    // jsdom has no object URLs; the link only needs one to exist.
    const createObjectURL = vi.fn(() => 'blob:statement');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRecords();

    await user.click(await screen.findByTestId('statement-open'));
    // The sheet ignores pointer events while it slides in, so its controls are driven directly.
    fireEvent.change(screen.getByTestId('statement-from'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByTestId('statement-to'), { target: { value: '2025-03-14' } });
    fireEvent.click(screen.getByTestId('statement-csv'));

    await waitFor(() => expect(saved).toEqual(['statement-MXN-2025-03-01-2025-03-14.csv']));
    expect(api.callsTo('/funds/statementRange')).toEqual([
      { currency: 'MXN', from: '2025-03-01', to: '2025-03-14', format: 'csv' },
    ]);
    const headers = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith('/funds/statementRange'))?.[1]
      ?.headers as Record<string, string>;
    expect(headers.token).toBe('tok');
    expect(headers.account).toBe(ACCOUNT);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the statement in the sheet: opening, lines and closing', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      ...answers,
      '/funds/statementRange': {
        data: {
          currency: 'MXN',
          from: '2025-03-01',
          to: '2025-03-14',
          timezone: 'America/Mexico_City',
          opening: { available: '0.00', frozen: '0.00' },
          closing: { available: '4400.00', frozen: '600.00' },
          lines: [
            {
              at: '2025-03-02T10:00:00Z',
              entryId: 'e1',
              kind: 'deposit',
              orderNo: 'D1',
              remark: null,
              availableChange: '5000.00',
              frozenChange: '0.00',
              availableAfter: '5000.00',
              frozenAfter: '0.00',
            },
            {
              at: '2025-03-03T10:00:00Z',
              entryId: 'e2',
              kind: 'withdraw_freeze',
              orderNo: 'W1',
              remark: null,
              availableChange: '-600.00',
              frozenChange: '600.00',
              availableAfter: '4400.00',
              frozenAfter: '600.00',
            },
          ],
        },
      },
    });
    renderRecords();
    await user.click(await screen.findByTestId('statement-open'));
    fireEvent.click(screen.getByTestId('statement-view-button'));
    expect((await screen.findByTestId('statement-opening')).textContent).toBe('Mex$0.00');
    expect(screen.getByTestId('statement-closing').textContent).toContain('Mex$4,400.00');
    expect(screen.getByTestId('statement-view').textContent).toContain('Withdrawal frozen');
  });
});
