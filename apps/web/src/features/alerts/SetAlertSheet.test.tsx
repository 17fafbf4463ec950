// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, page, renderAt, setUpSignedInTests, stubApi, type Answer } from '../../test-support';
import { ACCOUNT } from '../../test-fixtures';
import { AlertBell, type AlertQuote } from './SetAlertSheet';
import { alertRow, amxlQuote } from './test-fixtures';

function renderBell(quote: AlertQuote = amxlQuote) {
  return renderAt('/market/stockDetail', [
    page('/market/stockDetail', <AlertBell quote={quote} />),
    page('/information/alerts', <p>alerts screen</p>),
  ]);
}

async function openSheet() {
  fireEvent.click(await screen.findByTestId('alert-bell'));
  return screen.findByTestId('alert-sheet');
}

function typeValue(text: string) {
  fireEvent.change(screen.getByTestId('alert-value'), { target: { value: text } });
}

const submit = () => screen.getByTestId<HTMLButtonElement>('alert-submit');
const ruleTexts = () => screen.queryAllByTestId(/^alert-rule-/).map((li) => li.textContent);

describe('setting an alert from the stock detail', () => {
  setUpSignedInTests(ACCOUNT);

  it('prefills the current price, says it is already met before the button, and sets a valid alert', async () => {
    const created: unknown[] = [];
    let active = [alertRow({ id: 'al_9', instrumentId: 'i_other', code: 'WALMEX' })];
    const api = stubApi({
      '/alert/list': () => ({ data: listPage(active, 1, 300) }),
      '/alert/create': (body): Answer => {
        created.push(body);
        active = [...active, alertRow({ id: 'al_10', value: '18.5' })];
        return { data: alertRow({ id: 'al_10', value: '18.5' }), code: 'result.alert.ok' };
      },
    });
    renderBell();
    expect((await screen.findByTestId('alert-bell')).getAttribute('aria-label')).toBe('Set a price alert');
    const sheet = await openSheet();
    expect(within(sheet).getByRole('heading', { level: 2 }).textContent).toBe('Price alert for AMXL');
    expect(screen.getByTestId<HTMLInputElement>('alert-value').value).toBe('16.42');
    await waitFor(() => expect(ruleTexts()).toEqual(['The price is already there (16.42).']));
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('alert-own').textContent).toContain('No active alerts on AMXL yet.');

    typeValue('18.50');
    expect(ruleTexts()).toEqual([]);
    expect(submit().disabled).toBe(false);
    fireEvent.change(screen.getByTestId('alert-note'), { target: { value: 'Sell half' } });
    fireEvent.click(screen.getByTestId('alert-repeat-daily'));
    fireEvent.click(screen.getByTestId('alert-expiry-7'));
    fireEvent.click(submit());
    await waitFor(() => expect(created).toHaveLength(1));
    const body = created[0] as Record<string, string>;
    expect(body).toMatchObject({
      instrumentId: 'i_mxn_AMXL',
      kind: 'price_above',
      value: '18.5',
      repeat: 'daily',
      note: 'Sell half',
    });
    const days = (Date.parse(body.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // the sheet closes; the bell now counts the stock's alert
    await waitFor(() => expect(screen.queryByTestId('alert-sheet')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('alert-bell').getAttribute('aria-label')).toBe('Price alerts (1 active)'),
    );
    expect(api.callsTo('/alert/list').length).toBeGreaterThan(1);
  });

  it('in German shows the threshold with a decimal comma and sends it with a point (issue 30)', async () => {
    const created: unknown[] = [];
    stubApi({
      '/alert/list': () => ({ data: listPage([], 1, 300) }),
      '/alert/create': (body): Answer => {
        created.push(body);
        return { data: alertRow({ id: 'al_10', value: '18.5' }), code: 'result.alert.ok' };
      },
    });
    sessionStore.getState().setLanguage('de');
    renderBell();
    await openSheet();
    const value = screen.getByTestId<HTMLInputElement>('alert-value');
    // the current price, prefilled, as German writes it
    expect(value.value).toBe('16,42');
    typeValue('18,5');
    expect(value.value).toBe('18,5');
    typeValue('18.25');
    expect(value.value).toBe('18,25');
    typeValue('18,5');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ kind: 'price_above', value: '18.5' });
  });

  it('says the same alert already exists, and lists the stock’s own active alerts', async () => {
    stubApi({
      '/alert/list': { data: listPage([alertRow({ id: 'al_1', value: '18.50' })], 1, 300) },
    });
    renderBell();
    await openSheet();
    expect((await screen.findByTestId('alert-own-al_1')).textContent).toContain('Price rises to 18.50');
    typeValue('18.5');
    expect(ruleTexts()).toEqual(['This alert already exists.']);
    expect(submit().disabled).toBe(true);
    // once a day at the same level is still the same alert (docs/api.md §22.1)
    fireEvent.click(screen.getByTestId('alert-repeat-daily'));
    expect(ruleTexts()).toEqual(['This alert already exists.']);
    expect(submit().disabled).toBe(true);
    typeValue('18.6');
    expect(ruleTexts()).toEqual([]);
    expect(submit().disabled).toBe(false);
  });

  it('says the maximum of active alerts is reached, from the configured maximum', async () => {
    const many = Array.from({ length: 3 }, (_, i) => alertRow({ id: `al_${i}`, instrumentId: `i_${i}`, value: '1' }));
    stubApi({
      '/alert/list': { data: listPage(many, 1, 300) },
      '/common/config': { data: [{ name: 'alert_max_active', value: '3' }] },
    });
    renderBell();
    await openSheet();
    typeValue('20');
    await waitFor(() => expect(ruleTexts()).toEqual(['You can have at most 3 active alerts.']));
    expect(submit().disabled).toBe(true);
  });

  it('takes a percentage for the day-change kinds and sends it as a rate', async () => {
    const created: unknown[] = [];
    stubApi({
      '/alert/list': { data: listPage([], 1, 300) },
      '/alert/create': (body): Answer => {
        created.push(body);
        return { data: alertRow({ kind: 'change_down', value: '0.025' }), code: 'result.alert.ok' };
      },
    });
    renderBell();
    await openSheet();
    fireEvent.click(screen.getByTestId('alert-kind-change_up'));
    expect(screen.getByTestId<HTMLInputElement>('alert-value').value).toBe('');
    expect(screen.getByLabelText('Change on the day (%)')).toBeTruthy();
    // +0.74% today: an alert at +0.5% would fire at once
    typeValue('0,5');
    await waitFor(() => expect(ruleTexts()).toEqual(['The price is already there (16.42).']));
    fireEvent.click(screen.getByTestId('alert-kind-change_down'));
    typeValue('2,5');
    expect(ruleTexts()).toEqual([]);
    typeValue('150');
    expect(ruleTexts()).toEqual(['Enter a percentage above 0 and at most 100, with up to 6 decimals.']);
    typeValue('2.5');
    fireEvent.click(submit());
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ kind: 'change_down', value: '0.025', repeat: 'once' });
  });

  it('still shows a refusal of the server in the sheet (the price moved meanwhile)', async () => {
    stubApi({
      '/alert/list': { data: listPage([], 1, 300) },
      '/alert/create': {
        status: 0,
        code: 'alert.already_met',
        msg: 'The price is already there (18.60).',
        params: { price: '18.60' },
      },
    });
    renderBell();
    await openSheet();
    typeValue('18.50');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(ruleTexts()).toEqual(['The price is already there (18.60).']));
    expect(screen.getByTestId('alert-sheet')).toBeTruthy();
  });

  it('asks a signed-out visitor to log in, and speaks German', async () => {
    sessionStore.getState().forgetAll();
    sessionStore.getState().setLanguage('de');
    stubApi({});
    renderBell();
    expect((await screen.findByTestId('alert-bell')).getAttribute('aria-label')).toBe('Kursalarm setzen');
    await openSheet();
    expect(screen.getByTestId('login-prompt-text').textContent).toBe('Melden Sie sich an, um Kursalarme zu setzen.');
  });
});
