// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@brokerage/contract';
import { fill, ok, renderScreen, screenTestTimeoutMs, setUpScreenTests, stubAdminApi } from '../../test-support';
import { TotpResetForm } from './TotpResetForm';

const user = {
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
} as unknown as AdminUser;

setUpScreenTests('admin');

describe('the two-step verification reset (docs/api.md §23.1)', { timeout: screenTestTimeoutMs }, () => {
  it('needs a reason, asks before it acts, sends the trimmed reason and hands the updated user back', async () => {
    const actor = userEvent.setup({ delay: null });
    const api = stubAdminApi({ '/user/totpReset': () => ok({ ...user, totpEnabled: false }, 'result.update.ok') });
    const onUpdated = vi.fn();
    renderScreen(<TotpResetForm user={user} onUpdated={onUpdated} />);

    // no reason: nothing is asked and nothing sent
    await actor.click(screen.getByTestId('totp-reset-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(screen.queryByTestId('confirm-ok')).toBeNull();

    await fill(actor, screen.getByTestId('totp-reset-reason'), '  Lost phone, ID checked  ');
    await actor.click(screen.getByTestId('totp-reset-submit'));
    // cancelled: nothing sent
    await actor.click(await screen.findByTestId('confirm-cancel'));
    expect(api.callsTo('/user/totpReset')).toHaveLength(0);

    await actor.click(screen.getByTestId('totp-reset-submit'));
    expect((await screen.findByText('Turn off two-step verification of 5215512345678?')).textContent).toBeTruthy();
    expect(document.body.textContent).toContain('Reason: Lost phone, ID checked');
    await actor.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(api.callsTo('/user/totpReset').map((c) => c.body)).toEqual([
        { userId: 'u_3kT9', reason: 'Lost phone, ID checked' },
      ]),
    );
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ totpEnabled: false })));
  });

  it('says so instead of offering a reset when the user has it off', () => {
    stubAdminApi({});
    renderScreen(<TotpResetForm user={{ ...user, totpEnabled: false }} onUpdated={() => undefined} />);
    expect(screen.getByText('Two-step verification is off for this user.')).toBeTruthy();
    expect(screen.queryByTestId('totp-reset-submit')).toBeNull();
  });
});
