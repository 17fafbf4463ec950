// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@brokerage/contract';
import { ok, renderScreen, screenTestTimeoutMs, setUpScreenTests, stubAdminApi } from '../../test-support';
import { UserDetailDrawer } from './UserDetailDrawer';

const detail: AdminUserDetail = {
  userId: 'u_3kT9',
  account: '5215512345678',
  realname: 'Ana López',
  kycStatus: 'verified',
  accountType: 'standard',
  restrictions: [],
  creditScore: 80,
  loanQuota: '10000.00',
  dayTrading: false,
  totpEnabled: true,
  createdAt: '2025-01-05T10:00:00.000Z',
  lastLoginAt: null,
  accounts: [
    {
      currency: 'MXN',
      available: '60210.00',
      frozen: '5000.00',
      inTransit: '0.00',
      withdrawable: '59010.00',
      positionsValue: '0.00',
      investValue: '0.00',
      totalAssets: '65210.00',
      profit: '0.00',
    },
  ],
  cards: [
    {
      cardId: 'c_2',
      holder: 'Ana López',
      cardNumber: '4152313412345678',
      bankName: 'BBVA México',
      branch: 'CDMX Centro',
      bankCode: '012',
      createdAt: '2025-02-01T10:00:00.000Z',
    },
  ],
  wallets: [
    {
      walletId: 'wl_1',
      type: 'USDT-TRC20',
      address: 'TQ5NBnAEzKx3hZUVmZ2n3Bd8E4E8qdBfXw',
      qrImageUrl: null,
      createdAt: '2025-02-01T10:00:00.000Z',
    },
  ],
  idNumber: 'LOPA850101HDFRRN07',
  inviterId: null,
  invitedCount: 0,
};

setUpScreenTests('support');

describe('the user detail', { timeout: screenTestTimeoutMs }, () => {
  it('shows balances, full card numbers and addresses, and links to the reviews of the user', async () => {
    stubAdminApi({
      '/user/detail': () => ok(detail),
      '/user/orders': () => ok({ list: [], total: 0, page: 1, size: 20 }),
    });
    renderScreen(<UserDetailDrawer userId="u_3kT9" onClose={() => undefined} />);
    expect((await screen.findByTestId('user-detail-accounts')).textContent).toContain('60210.00');
    expect(screen.getByTestId('user-detail-cards').textContent).toContain('4152313412345678');
    expect(screen.getByTestId('user-detail-wallets').textContent).toContain('TQ5NBnAEzKx3hZUVmZ2n3Bd8E4E8qdBfXw');
    expect(screen.getByTestId('user-detail-reviews').getAttribute('href')).toBe('/reviews/kyc?user=u_3kT9&state=all');
    expect(screen.getByRole('heading', { name: 'Orders and positions' })).toBeTruthy();
    // two-step verification: the status for everyone who reads users; the reset only with user.manage
    expect(screen.getByTestId('user-detail-totp').textContent).toBe('On');
    expect(screen.queryByTestId('totp-reset-submit')).toBeNull();
  });
});
