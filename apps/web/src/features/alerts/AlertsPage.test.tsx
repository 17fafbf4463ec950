// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, openDialog, page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import AlertsPage from './AlertsPage';
import { alertRow } from './test-fixtures';

const active = [
  alertRow({ id: 'al_1', note: 'Take profit on the rally' }),
  alertRow({
    id: 'al_2',
    kind: 'change_down',
    value: '0.05',
    repeat: 'daily',
    triggeredAt: '2025-03-13T16:00:00Z',
    triggerPrice: '15.60',
  }),
];
const history = [
  alertRow({
    id: 'al_3',
    kind: 'price_below',
    value: '15.00',
    state: 'triggered',
    triggeredAt: '2025-03-10T15:31:02Z',
    triggerPrice: '14.98',
  }),
  alertRow({ id: 'al_4', state: 'cancelled' }),
];

function lists(activeRows = active, historyRows = history) {
  return (body: unknown): Answer => {
    const states = (body as { states: string[] }).states;
    return { data: listPage(states.includes('active') ? activeRows : historyRows) };
  };
}

function renderAlerts(path = '/information/alerts') {
  return renderAt(path, [
    page('/information/alerts', <AlertsPage />),
    page('/market/index', <p>market screen</p>),
    page('/market/stockDetail', <p>stock screen</p>),
    page('/information/notifications', <p>notification settings</p>),
  ]);
}

describe('the price alerts screen', () => {
  setUpSignedInTests(ACCOUNT);

  it('lists the active alerts in words with repeat, expiry, note, last price and the count', async () => {
    const api = stubApi({ '/alert/list': lists() });
    renderAlerts();
    expect((await screen.findByTestId('alert-what-al_1')).textContent).toContain('Price rises to 18.50');
    expect(screen.getByTestId('alert-what-al_2').textContent).toContain('Down 5.00% on the day');
    expect(screen.getByTestId('alert-repeat-al_1').textContent).toContain('Once');
    expect(screen.getByTestId('alert-repeat-al_2').textContent).toContain('Once a day');
    expect(screen.getByTestId('alert-expires-al_1').textContent).toMatch(/^04\/1[34]\/2025, \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('alert-note-al_1').textContent).toContain('Take profit on the rally');
    expect(screen.getByTestId('alert-last-al_1').textContent).toContain('16.42');
    // a daily alert that fired yesterday keeps its last firing
    expect(screen.getByTestId('alert-trigger-price-al_2').textContent).toContain('15.60');
    expect(screen.getByTestId('alert-count').textContent).toContain('2 of 50 active alerts');
    expect(screen.getByTestId('alert-state-al_1').textContent).toContain('Active');
    expect(api.callsTo('/alert/list')[0]).toEqual({ states: ['active'], page: 1, size: 20 });
  });

  it('shows the history with when and at what price each alert fired', async () => {
    const api = stubApi({ '/alert/list': lists() });
    renderAlerts();
    fireEvent.click(await screen.findByTestId('alerts-tab-history'));
    expect((await screen.findByTestId('alert-what-al_3')).textContent).toContain('Price falls to 15.00');
    expect(screen.getByTestId('alert-state-al_3').textContent).toContain('Triggered');
    expect(screen.getByTestId('alert-trigger-price-al_3').textContent).toContain('14.98');
    expect(screen.getByTestId('alert-triggered-al_3').textContent).toMatch(/^03\/1[01]\/2025, \d\d:\d\d:02$/);
    expect(screen.getByTestId('alert-state-al_4').textContent).toContain('Cancelled');
    // nothing to cancel in the history
    expect(screen.queryByTestId('alert-cancel-al_3')).toBeNull();
    expect(api.callsTo('/alert/list').at(-1)).toEqual({
      states: ['triggered', 'expired', 'cancelled'],
      page: 1,
      size: 20,
    });
  });

  it('cancels an active alert only after the confirmation, then reads the list again', async () => {
    let rows = active;
    const api = stubApi({
      '/alert/list': (body) => lists(rows)(body),
      '/alert/cancel': () => {
        rows = active.slice(1);
        return { data: { ...active[0], state: 'cancelled' }, code: 'result.cancel.ok' };
      },
    });
    renderAlerts();
    const button = await screen.findByTestId('alert-cancel-al_1');
    expect(button.getAttribute('aria-label')).toBe('Cancel the alert on AMXL: Price rises to 18.50');
    const keep = await openDialog(() => fireEvent.click(button));
    expect(keep.textContent).toContain('AMXL: Price rises to 18.50. You will not be notified any more.');
    fireEvent.click(within(keep).getByText('Keep it'));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
    expect(api.callsTo('/alert/cancel')).toHaveLength(0);

    const dialog = await openDialog(() => fireEvent.click(screen.getByTestId('alert-cancel-al_1')));
    fireEvent.click(within(dialog).getByText('Cancel alert'));
    await waitFor(() => expect(api.callsTo('/alert/cancel')).toEqual([{ alertId: 'al_1' }]));
    await waitFor(() => expect(screen.queryByTestId('alert-al_1')).toBeNull());
    expect(screen.getByTestId('alert-count').textContent).toContain('1 of 50 active alerts');
  });

  it('offers the market when there is no alert, and a retry when the list fails', async () => {
    let fail = true;
    stubApi({
      '/alert/list': (body): Answer =>
        fail ? { status: 0, code: 'system.unavailable', msg: 'x', httpStatus: 503 } : lists([], [])(body),
    });
    renderAlerts();
    const retry = within(await screen.findByTestId('state-error')).getByRole('button');
    fail = false;
    fireEvent.click(retry);
    fireEvent.click(await screen.findByTestId('alerts-to-market'));
    expect(await screen.findByText('market screen')).toBeTruthy();
  });

  it('opens on the history tab from its link, in German, with the notification settings one tap away', async () => {
    sessionStore.getState().setLanguage('de');
    stubApi({ '/alert/list': lists() });
    renderAlerts('/information/alerts?tab=history');
    expect((await screen.findByTestId('alert-what-al_3')).textContent).toContain('Kurs fällt auf 15,00');
    expect(screen.getByTestId('alerts-tab-history').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Benachrichtigungseinstellungen' }));
    expect(await screen.findByText('notification settings')).toBeTruthy();
  });

  it('asks a signed-out visitor to log in', async () => {
    sessionStore.getState().forgetAll();
    stubApi({});
    renderAlerts();
    expect((await screen.findByTestId('login-prompt-text')).textContent).toContain('Log in to set price alerts.');
  });
});
