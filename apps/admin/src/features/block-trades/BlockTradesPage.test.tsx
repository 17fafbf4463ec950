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
import { BlockTradesPage } from './BlockTradesPage';
import { blockProduct } from './test-fixtures';

/** Under a loaded machine antd's modal transitions take a while. */
const slow = { timeout: 10_000 };

const aapl = {
  ...blockProduct,
  id: 'bp_9',
  kind: 'agreement' as const,
  code: 'AAPL',
  name: 'Apple',
  market: 'usd' as const,
  currency: 'USD' as const,
  dailyLimit: null,
  open: false,
  applicationsCount: 4,
};

async function renderPage() {
  renderScreen(<BlockTradesPage />);
  await screen.findByTestId('bt-edit-bp_3');
  await waitForIdle();
}

setUpScreenTests('admin');

describe('the block trades page', { timeout: screenTestTimeoutMs }, () => {
  it('lists the products of kind block with price, limits and state, and shows no key', async () => {
    const api = stubAdminApi({ '/product/list': okList([blockProduct, aapl]) });
    await renderPage();
    expect(api.callsTo('/product/list')[0]?.body).toEqual({ kind: 'block', page: 1, size: 20 });
    expect(screen.getByTestId('bt-price-bp_3').textContent).toBe('58.20 MXN');
    expect(screen.getByTestId('bt-limit-bp_9').textContent).toBe('no daily limit');
    expect(screen.getByTestId('bt-open-bp_9').textContent).toBe('closed');
    expect(screen.queryByTestId('bt-secret')).toBeNull();
  });

  it('creates a product with a reason, then shows its secret key once', async () => {
    const api = stubAdminApi({
      '/product/list': okList([blockProduct]),
      '/block/create': (body) =>
        ok(
          { ...blockProduct, ...(body as object), id: 'bp_20', code: 'AAPL', secretKey: 'K7M2Q9XWPR4TDV8H' },
          'result.update.ok',
        ),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('bt-new'));
    await fill(user, await screen.findByTestId('bt-form-instrument', undefined, slow), 'i_usd_AAPL');
    await fill(user, screen.getByTestId('bt-form-price'), '180.50');
    await fill(user, screen.getByTestId('bt-form-min-shares'), '100');
    await fill(user, screen.getByTestId('bt-form-daily-limit'), '5000');
    await fill(user, screen.getByTestId('bt-form-reason'), 'New desk product');
    await user.click(screen.getByTestId('bt-form-save'));
    await waitFor(() => expect(api.callsTo('/block/create')).toHaveLength(1), slow);
    expect(api.callsTo('/block/create')[0]?.body).toEqual({
      instrumentId: 'i_usd_AAPL',
      kind: 'block',
      price: '180.50',
      minShares: 100,
      dailyLimit: 5000,
      lockDays: 0,
      open: true,
      reason: 'New desk product',
    });
    const secret = await screen.findByTestId('bt-secret', undefined, slow);
    expect(secret.textContent).toContain('K7M2Q9XWPR4TDV8H');
    const dialog = secret.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/Shown once/)).toBeTruthy();
    // Nothing else on the page holds the key: the table never shows it.
    expect(within(screen.getByTestId('bt-table')).queryByText(/K7M2Q9XWPR4TDV8H/)).toBeNull();
  });

  it('fixes the instrument and kind on an edit but leaves every term editable, even after applications', async () => {
    const api = stubAdminApi({
      '/product/list': okList([blockProduct, aapl]),
      '/block/update': (body) => ok({ ...aapl, ...(body as object) }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('bt-edit-bp_9'));
    const instrument = (await screen.findByTestId('bt-form-instrument', undefined, slow)) as HTMLInputElement;
    expect(instrument.disabled).toBe(true);
    expect(screen.getByTestId('bt-form-applied').textContent).toMatch(/new applications only/);
    for (const testId of ['bt-form-price', 'bt-form-min-shares', 'bt-form-daily-limit', 'bt-form-lock-days']) {
      expect((screen.getByTestId(testId) as HTMLInputElement).disabled).toBe(false);
    }
    expect((screen.getByTestId('bt-form-open') as HTMLButtonElement).disabled).toBe(false);
    await user.clear(screen.getByTestId('bt-form-price'));
    await fill(user, screen.getByTestId('bt-form-price'), '57.90');
    await user.click(screen.getByTestId('bt-form-open'));
    await fill(user, screen.getByTestId('bt-form-reason'), 'Repriced and reopened');
    await user.click(screen.getByTestId('bt-form-save'));
    await waitFor(() => expect(api.callsTo('/block/update')).toHaveLength(1), slow);
    expect(api.callsTo('/block/update')[0]?.body).toEqual({
      id: 'bp_9',
      price: '57.90',
      open: true,
      reason: 'Repriced and reopened',
    });
  });

  it('rotates the key with a reason and shows the new one once', async () => {
    const api = stubAdminApi({
      '/product/list': okList([blockProduct]),
      '/block/rotateKey': () => ok({ secretKey: 'N3WK3YABCDEFGH23' }, 'result.update.ok'),
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByTestId('bt-rotate-bp_3'));
    await fill(user, await screen.findByTestId('confirm-reason', undefined, slow), 'Key leaked');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(api.callsTo('/block/rotateKey')).toHaveLength(1), slow);
    expect(api.callsTo('/block/rotateKey')[0]?.body).toEqual({ id: 'bp_3', reason: 'Key leaked' });
    expect((await screen.findByTestId('bt-secret', undefined, slow)).textContent).toContain('N3WK3YABCDEFGH23');
  });
});
