// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { addAppStyles, listPage, page, renderAt, setUpSignedInTests, sharesTheRow, stubApi } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import LendingRecordPage from './LendingRecordPage';
import { lendingRecord } from './test-fixtures';

const records = {
  active: lendingRecord({
    id: 'lr_1',
    state: 'active',
    amount: '3350.00',
    termDays: 1,
    startedAt: null,
    endsAt: null,
    interest: '0.00',
  }),
  succeeded: lendingRecord(),
  completed: lendingRecord({ id: 'lr_2', state: 'completed', interest: '180.00', completedAt: '2025-04-13T00:00:00Z' }),
};

function answers() {
  return {
    '/user/getUserinfo': { data: userInfo('verified') },
    '/lending/records': (body: unknown) => {
      const [state] = (body as { states: string[] }).states;
      const row = records[state as keyof typeof records];
      return { data: listPage(row ? [row] : []) };
    },
  };
}

function renderRecords(path = '/home/lendingRecord') {
  return renderAt(path, [
    page('/home/lendingRecord', <LendingRecordPage />),
    page('/home/lending', <p>products screen</p>),
  ]);
}

describe('the lending records', () => {
  setUpSignedInTests(ACCOUNT);

  it('asks /lending/records for the state of the open tab and shows amount, rate, term, dates and interest', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi(answers());
    renderRecords();
    const active = await screen.findByTestId('lending-record-lr_1');
    expect(screen.getByTestId('lending-tab-active').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('lending-record-state-lr_1').textContent).toBe('In progress');
    expect(screen.getByTestId('lending-record-amount-lr_1').textContent).toBe('Mex$3,350.00');
    // Nothing accrues before the match: the whole term's interest, 3350 × 0.0003 × 1 = 1.005 → 1.01.
    expect(screen.getByTestId('lending-record-interest-lr_1').textContent).toBe('Mex$1.01');
    expect(active.textContent).toContain('Expected interest');
    expect(active.textContent).toContain('0.03% a day · ≈ 10.95% a year');
    expect(active.textContent).toContain('Waiting for the next daily settlement');

    await user.click(screen.getByTestId('lending-tab-succeeded'));
    const succeeded = await screen.findByTestId('lending-record-lr_4');
    expect(succeeded.textContent).toContain('Interest so far');
    expect(screen.getByTestId('lending-record-interest-lr_4').textContent).toBe('Mex$60.00');
    expect(succeeded.textContent).toContain('30 days');
    expect(succeeded.textContent).toContain('Started');
    expect(succeeded.textContent).toContain('Ends');

    await user.click(screen.getByTestId('lending-tab-completed'));
    const completed = await screen.findByTestId('lending-record-lr_2');
    expect(completed.textContent).toContain('Interest paid');
    expect(screen.getByTestId('lending-record-interest-lr_2').textContent).toBe('Mex$180.00');
    expect(completed.textContent).toContain('Paid back');

    expect(api.callsTo('/lending/records')).toEqual([
      { states: ['active'], page: 1, size: 20 },
      { states: ['succeeded'], page: 1, size: 20 },
      { states: ['completed'], page: 1, size: 20 },
    ]);
  });

  it('opens on the tab named in the address and shows the empty state with the way to the products', async () => {
    const api = stubApi(answers());
    const view = renderRecords('/home/lendingRecord?tab=failed');
    expect((await screen.findByTestId('state-empty')).textContent).toContain('No failed applications.');
    expect(screen.getByTestId('lending-tab-failed').getAttribute('aria-selected')).toBe('true');
    expect(api.callsTo('/lending/records')).toEqual([{ states: ['failed'], page: 1, size: 20 }]);
    // The empty state sits in the pull-to-refresh area (pointer capture is not in jsdom).
    fireEvent.click(screen.getByTestId('lending-browse'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home/lending'));
  });

  it('keeps all four tabs in view in German, the longest language: they share the row and wrap instead of scrolling', async () => {
    const removeStyles = addAppStyles();
    try {
      sessionStore.getState().setLanguage('de');
      stubApi(answers());
      renderRecords('/home/lendingRecord?tab=failed');
      const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'In Bearbeitung',
        'Erfolgreich',
        'Abgeschlossen',
        'Fehlgeschlagen',
      ]);
      for (const tab of tabs) expect(sharesTheRow(tab), tab.textContent ?? '').toBe(true);
    } finally {
      removeStyles();
    }
  });

  it('asks for a login without a session', async () => {
    sessionStore.getState().signOut();
    const api = stubApi(answers());
    renderRecords();
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
    expect(api.callsTo('/lending/records')).toHaveLength(0);
  });
});
