// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConfigItem, DepositChannelConfig } from '@brokerage/contract';
import {
  fill,
  ok,
  renderScreen,
  screenTestTimeoutMs,
  setUpScreenTests,
  stubAdminApi,
  waitForIdle,
} from '../../test-support';
import { DepositChannelsPage } from './DepositChannelsPage';

const stored: DepositChannelConfig = {
  id: 'ch_usdt',
  type: 'crypto',
  name: 'USDT (TRC20)',
  currency: 'USDT',
  accountName: null,
  accountNumber: null,
  bankName: null,
  branch: null,
  network: 'TRC20',
  address: 'TQ5NBnAEzKx3hZUVmZ2n3Bd8E4E8qdBfXw',
  qrImageUrl: null,
  min: null,
  max: null,
  window: null,
  enabled: true,
};

function configList(channels: unknown): { list: ConfigItem[] } {
  return {
    list: [
      {
        key: 'deposit.window',
        value: { open: '00:00', close: '23:59', days: [1, 2, 3, 4, 5] },
        updatedAt: null,
        updatedBy: null,
      },
      { key: 'deposit.channels', value: channels, updatedAt: '2025-03-14T15:00:00.000Z', updatedBy: 'a_1' },
      { key: 'deposit.limits.MXN', value: { min: '100.00', max: '1000000.00' }, updatedAt: null, updatedBy: null },
      { key: 'currencies.enabled', value: ['MXN', 'USD', 'USDT', 'EUR'], updatedAt: null, updatedBy: null },
    ],
  };
}

/** Under a loaded machine antd's modal transitions take a while. */
const slow = { timeout: 10_000 };

setUpScreenTests('admin');

describe('the deposit channel editor', { timeout: screenTestTimeoutMs }, () => {
  it('refuses a bank channel without an account number, then saves the whole list with a reason', async () => {
    const api = stubAdminApi({
      '/config/get': () => ok(configList([stored])),
      '/config/set': (body) => {
        const { key, value } = body as { key: string; value: unknown };
        return ok({ key, value, updatedAt: '2025-03-14T16:00:00.000Z', updatedBy: 'a_1' }, 'result.update.ok');
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DepositChannelsPage />);
    await screen.findByTestId('channel-edit-ch_usdt');
    await waitForIdle();

    await user.click(screen.getByTestId('channels-add'));
    await fill(user, await screen.findByTestId('channel-id'), 'ch_spei');
    await fill(user, screen.getByTestId('channel-name'), 'SPEI transfer');
    await fill(user, screen.getByTestId('channel-account-name'), 'Example Securities SA de CV');
    await fill(user, screen.getByTestId('channel-bank-name'), 'BBVA México');
    await user.click(screen.getByTestId('channel-window-24-7'));
    await user.click(screen.getByTestId('channel-ok'));

    expect(await screen.findByText('Enter the account number')).toBeTruthy();
    expect(screen.queryByTestId('channel-edit-ch_spei')).toBeNull();

    await fill(user, screen.getByTestId('channel-account-number'), '012180001234567891');
    await user.click(screen.getByTestId('channel-ok'));
    await screen.findByTestId('channel-edit-ch_spei', undefined, slow);
    expect(screen.getByTestId('channels-unsaved')).toBeTruthy();
    expect(api.callsTo('/config/set')).toHaveLength(0);

    await user.click(screen.getByTestId('channels-save'));
    await fill(user, await screen.findByTestId('confirm-reason'), 'New SPEI account');
    await user.click(screen.getByTestId('confirm-ok'));

    await waitFor(() => expect(api.callsTo('/config/set')).toHaveLength(1), slow);
    expect(api.callsTo('/config/set')[0]?.body).toEqual({
      key: 'deposit.channels',
      value: [
        stored,
        {
          id: 'ch_spei',
          type: 'bank',
          name: 'SPEI transfer',
          currency: 'MXN',
          accountName: 'Example Securities SA de CV',
          accountNumber: '012180001234567891',
          bankName: 'BBVA México',
          branch: null,
          network: null,
          address: null,
          qrImageUrl: null,
          min: null,
          max: null,
          window: { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] },
          enabled: true,
        },
      ],
      reason: 'New SPEI account',
    });
    // The stored list was read again just before saving, so a concurrent change would have stopped it.
    expect(api.callsTo('/config/get').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByTestId('channels-unsaved')).toBeNull(), slow);
  });

  it('removes a channel and sends nothing when someone else changed the list meanwhile', async () => {
    let reads = 0;
    const api = stubAdminApi({
      '/config/get': () => {
        reads += 1;
        return ok(configList(reads === 1 ? [stored] : [stored, { ...stored, id: 'ch_other' }]));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<DepositChannelsPage />);
    await screen.findByTestId('channel-edit-ch_usdt');
    await waitForIdle();
    await user.click(screen.getByTestId('channel-remove-ch_usdt'));
    expect(
      within(screen.getByTestId('channels-table')).getByText('No deposit channels: users cannot deposit.'),
    ).toBeTruthy();

    await user.click(screen.getByTestId('channels-save'));
    expect((await screen.findByTestId('channels-save-error')).textContent).toMatch(
      /Someone else changed the deposit channels/,
    );
    expect(screen.queryByTestId('confirm-reason')).toBeNull();
    expect(api.callsTo('/config/set')).toHaveLength(0);
  });
});
