// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
import { CopyFundsPage } from './CopyFundsPage';
import { copyFund } from './test-fixtures';

/** Under a loaded machine antd's modal transitions take a while. */
const slow = { timeout: 10_000 };

const closed = {
  ...copyFund,
  id: 'cf_old',
  name: 'Old Fund',
  state: 'closed' as const,
  open: false,
  activeSubscriptions: 0,
  subscribed: '0.00',
  closedAt: '2099-02-20T00:00:00Z',
};

async function renderPage() {
  renderScreen(<CopyFundsPage />);
  await screen.findByTestId('cf-edit-cf_demo_momentum');
  await waitForIdle();
}

setUpScreenTests('admin');

describe('the copy-trading funds page', { timeout: screenTestTimeoutMs }, () => {
  it('lists the funds of kind copy with subscribed totals, NAV, value and state', async () => {
    const api = stubAdminApi({ '/product/list': okList([copyFund, closed]) });
    await renderPage();
    expect(api.callsTo('/product/list')[0]?.body).toEqual({ kind: 'copy', page: 1, size: 20 });
    expect(screen.getByTestId('cf-subscribed-cf_demo_momentum').textContent).toContain('10000.00 / 5000000.00');
    expect(screen.getByTestId('cf-subscribed-cf_demo_momentum').textContent).toContain('3 active');
    expect(screen.getByTestId('cf-nav-cf_demo_momentum').textContent).toContain('1.02123456');
    expect(screen.getByTestId('cf-nav-cf_demo_momentum').textContent).toContain('5106172.80 USD');
    expect(screen.getByTestId('cf-nav-cf_demo_momentum').textContent).toContain('+0.12 %');
    expect(screen.getByTestId('cf-state-cf_old').textContent).toBe('closed');
    expect(screen.queryByTestId('cf-close-cf_old')).toBeNull();
  });

  it('creates a fund with a reason, with no field for a result, profit or payout', async () => {
    const api = stubAdminApi({
      '/product/list': okList([copyFund]),
      '/copy/create': (body) => ok({ ...copyFund, ...(body as object), id: 'cf_9' }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('cf-new'));
    await fill(user, await screen.findByTestId('cf-form-name', undefined, slow), 'Crypto Rebound');
    await fill(user, screen.getByTestId('cf-form-name-zh'), '加密反彈');
    const dialog = screen.getByTestId('cf-form-name').closest('.ant-modal') as HTMLElement;
    for (const word of [/daily profit rate/i, /payout amount/i, /profit amount/i])
      expect(within(dialog).queryByLabelText(word)).toBeNull();
    expect(within(dialog).getByTestId('cf-form-engine-note').textContent).toContain('only from the strategy engine');
    await fill(user, screen.getByTestId('cf-form-size'), '1000000');
    await fill(user, screen.getByTestId('cf-form-min'), '100');
    await fill(user, screen.getByTestId('cf-form-deadline'), '2099-03-31T21:00:00Z');
    await fill(user, screen.getByTestId('cf-form-end'), '2099-06-30T21:00:00Z');
    await fill(user, screen.getByTestId('cf-form-expected'), '0.15');
    await waitFor(() => expect(screen.getByTestId('cf-form-expected-text').textContent).toBe('Fraction: 15 %'));
    await fill(user, screen.getByTestId('cf-form-reason'), 'New crypto fund');
    await user.click(screen.getByTestId('cf-form-save'));
    await waitFor(() => expect(api.callsTo('/copy/create')).toHaveLength(1), slow);
    expect(api.callsTo('/copy/create')[0]?.body).toEqual({
      name: 'Crypto Rebound',
      names: { zh: '加密反彈' },
      strategyNo: 'MOM-20',
      currency: 'USD',
      fundSize: '1000000',
      minAmount: '100',
      lockupDays: 0,
      tradeCycleDays: 30,
      copyDeadline: '2099-03-31T21:00:00Z',
      endTime: '2099-06-30T21:00:00Z',
      expectedReturnRate: '0.15',
      open: true,
      reason: 'New crypto fund',
    });
  });

  it('edits only the name, minimum, deadline and switch', async () => {
    const api = stubAdminApi({
      '/product/list': okList([copyFund]),
      '/copy/update': (body) => ok({ ...copyFund, ...(body as object) }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('cf-edit-cf_demo_momentum'));
    const size = (await screen.findByTestId('cf-form-size', undefined, slow)) as HTMLInputElement;
    expect(size.disabled).toBe(true);
    for (const testId of ['cf-form-end', 'cf-form-expected', 'cf-form-lockup', 'cf-form-cycle'])
      expect((screen.getByTestId(testId) as HTMLInputElement).disabled).toBe(true);
    await user.clear(screen.getByTestId('cf-form-min'));
    await fill(user, screen.getByTestId('cf-form-min'), '500');
    await user.click(screen.getByTestId('cf-form-open'));
    await fill(user, screen.getByTestId('cf-form-reason'), 'Lower entry, paused');
    await user.click(screen.getByTestId('cf-form-save'));
    await waitFor(() => expect(api.callsTo('/copy/update')).toHaveLength(1), slow);
    expect(api.callsTo('/copy/update')[0]?.body).toEqual({
      id: 'cf_demo_momentum',
      minAmount: '500',
      open: false,
      reason: 'Lower entry, paused',
    });
  });

  it('closes a fund with a reason after saying that positions are sold and every subscription ends with its payout', async () => {
    const api = stubAdminApi({
      '/product/list': okList([copyFund]),
      '/copy/close': () => ok({ ...copyFund, state: 'closing', open: false }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('cf-close-cf_demo_momentum'));
    const text = await screen.findByTestId('cf-close-text', undefined, slow);
    expect(text.textContent).toContain('Every position of the fund is sold at market');
    expect(text.textContent).toContain(
      'each of the 3 active subscriptions (10000.00 USD subscribed) ends with its payout',
    );
    expect(api.callsTo('/copy/close')).toHaveLength(0);
    await fill(user, screen.getByTestId('confirm-reason'), 'Strategy retired');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/copy/close')).toHaveLength(1), slow);
    expect(api.callsTo('/copy/close')[0]?.body).toEqual({ id: 'cf_demo_momentum', reason: 'Strategy retired' });
  });
});
