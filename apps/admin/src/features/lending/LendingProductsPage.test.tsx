// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LendingProduct } from '@brokerage/contract';
import {
  fill,
  ok,
  okList,
  refused,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { LendingProductsPage } from './LendingProductsPage';

/** Under a loaded machine antd's modal transitions take a while. */
const slow = { timeout: 10_000 };

const fresh: LendingProduct = {
  id: 'lp_2',
  name: 'USD 7-day lending',
  names: {},
  currency: 'USD',
  dailyRate: '0.00025',
  termDays: 7,
  minAmount: '500.00',
  quota: '100000.00',
  quotaUsed: '0.00',
  open: true,
};
const used: LendingProduct = {
  id: 'lp_1',
  name: 'MXN 30-day lending',
  names: {},
  currency: 'MXN',
  dailyRate: '0.0003',
  termDays: 30,
  minAmount: '10000.00',
  quota: '5000000.00',
  quotaUsed: '1200000.00',
  open: true,
};

type User = ReturnType<typeof userEvent.setup>;

async function renderPage() {
  renderScreen(<LendingProductsPage />);
  await screen.findByTestId('lending-edit-lp_1');
  await waitForIdle();
}

async function save(user: User, reason: string) {
  await fill(user, screen.getByTestId('lending-form-reason'), reason);
  await user.click(screen.getByTestId('lending-form-save'));
}

setUpScreenTests('admin');

describe('the lending products page', { timeout: screenTestTimeoutMs }, () => {
  it('lists the lending products with rate, quota used and locked terms', async () => {
    const api = stubAdminApi({ '/product/list': okList([used, fresh]) });
    await renderPage();
    expect(api.callsTo('/product/list')[0]?.body).toEqual({ kind: 'lending', page: 1, size: 20 });
    const table = screen.getByTestId('lending-table');
    expect(within(table).getByText('0.03 % a day, ≈ 10.95 % a year')).toBeTruthy();
    expect(screen.getByTestId('lending-quota-lp_1').textContent).toContain('1200000.00 / 5000000.00');
    expect(screen.getByTestId('lending-quota-lp_1').textContent).toContain('24.0 %');
    expect(screen.getByTestId('lending-locked-lp_1')).toBeTruthy();
    expect(screen.queryByTestId('lending-locked-lp_2')).toBeNull();
  });

  it('creates a product with a reason, refusing a minimum above the quota first', async () => {
    const api = stubAdminApi({
      '/product/list': okList([used]),
      '/lending/create': (body) => ok({ ...(body as object), id: 'lp_9', quotaUsed: '0.00' }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('lending-new'));
    await fill(user, await screen.findByTestId('lending-form-name', undefined, slow), 'MXN 14-day lending');
    await fill(user, screen.getByTestId('lending-form-name-de'), 'MXN-Verleihung 14 Tage');
    await fill(user, screen.getByTestId('lending-form-daily-rate'), '0.00035');
    await waitFor(() =>
      expect(screen.getByTestId('lending-form-rate-text').textContent).toBe('0.035 % a day, ≈ 12.78 % a year'),
    );
    await fill(user, screen.getByTestId('lending-form-term'), '14');
    await fill(user, screen.getByTestId('lending-form-min'), '200000');
    await fill(user, screen.getByTestId('lending-form-quota'), '100000');
    await save(user, 'New 14-day product');
    expect(await screen.findByText('The minimum cannot be above the quota')).toBeTruthy();
    expect(api.callsTo('/lending/create')).toHaveLength(0);

    await user.clear(screen.getByTestId('lending-form-min'));
    await fill(user, screen.getByTestId('lending-form-min'), '5000');
    await user.click(screen.getByTestId('lending-form-save'));
    await waitFor(() => expect(api.callsTo('/lending/create')).toHaveLength(1), slow);
    expect(api.callsTo('/lending/create')[0]?.body).toEqual({
      name: 'MXN 14-day lending',
      names: { de: 'MXN-Verleihung 14 Tage' },
      currency: 'MXN',
      dailyRate: '0.00035',
      termDays: 14,
      minAmount: '5000',
      quota: '100000',
      open: true,
      reason: 'New 14-day product',
    });
    await waitFor(() => expect(api.callsTo('/product/list').length).toBeGreaterThanOrEqual(2), slow);
    await waitFor(() => expect(screen.queryByTestId('lending-form-name')).toBeNull(), slow);
  });

  it('disables the rate and term of a product with applications and explains why', async () => {
    stubAdminApi({ '/product/list': okList([used]) });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('lending-edit-lp_1'));
    const rate = await screen.findByTestId('lending-form-daily-rate', undefined, slow);
    expect((rate as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('lending-form-term') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('lending-form-terms-locked').textContent).toMatch(
      /cannot change after the first application/,
    );
  });

  it('shows the English text of product.terms_locked when the server refuses a rate change, and locks the fields', async () => {
    const api = stubAdminApi({
      '/product/list': okList([used, fresh]),
      '/lending/update': () =>
        refused(200, 'product.terms_locked', 'Product terms cannot change after applications exist.', {
          fields: { dailyRate: 'not_allowed' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('lending-edit-lp_2'));
    const rate = await screen.findByTestId('lending-form-daily-rate', undefined, slow);
    await user.clear(rate);
    await fill(user, rate, '0.0005');
    await save(user, 'Rate review');
    await waitFor(() => expect(api.callsTo('/lending/update')).toHaveLength(1), slow);
    expect(api.callsTo('/lending/update')[0]?.body).toEqual({ id: 'lp_2', dailyRate: '0.0005', reason: 'Rate review' });
    expect((await screen.findByTestId('lending-form-error')).textContent).toBe(
      'Product terms cannot change after applications exist. (dailyRate)',
    );
    await waitFor(() =>
      expect((screen.getByTestId('lending-form-daily-rate') as HTMLInputElement).disabled).toBe(true),
    );
    expect((screen.getByTestId('lending-form-daily-rate') as HTMLInputElement).value).toBe('0.00025');
  });

  it('closes a product from the switch after asking for the reason', async () => {
    const api = stubAdminApi({
      '/product/list': okList([used]),
      '/lending/update': (body) => ok({ ...used, open: (body as { open: boolean }).open }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('lending-open-lp_1'));
    await fill(user, await screen.findByTestId('confirm-reason', undefined, slow), 'Quota review');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/lending/update')).toHaveLength(1), slow);
    expect(api.callsTo('/lending/update')[0]?.body).toEqual({ id: 'lp_1', open: false, reason: 'Quota review' });
  });
});
