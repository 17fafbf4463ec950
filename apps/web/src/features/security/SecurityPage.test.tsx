// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, renderAt, setUpSignedInTests, stubApi } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import SecurityPage from './SecurityPage';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-dd${String.fromCharCode(97 + i)}${i % 8}`);

function renderSecurity() {
  return renderAt('/information/security', [page('/information/security', <SecurityPage />)]);
}

describe('the Security page (docs/api.md §23.1)', () => {
  setUpSignedInTests(ACCOUNT);

  it('turns two-step verification on: password, QR code with the key as text, a code, then the codes once', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified') },
      '/user/totpSetup': {
        data: { secret: SECRET, otpauthUrl: `otpauth://totp/Meridian%20Securities:${ACCOUNT}?secret=${SECRET}` },
      },
      '/user/totpEnable': { data: { recoveryCodes: CODES }, code: 'result.update.ok' },
    });
    renderSecurity();
    expect((await screen.findByTestId('security-totp-state')).textContent).toBe('Off');
    await user.click(screen.getByTestId('security-totp-start'));
    await user.click(screen.getByTestId('security-totp-next'));
    expect(api.callsTo('/user/totpSetup')).toHaveLength(0);
    await user.type(screen.getByTestId('security-totp-password'), 'Secret123');
    await user.click(screen.getByTestId('security-totp-next'));
    const qr = await screen.findByRole('img', { name: /QR code for your authenticator app/ });
    expect(qr.getAttribute('data-text')).toContain(SECRET);
    expect(screen.getByTestId('security-totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(api.callsTo('/user/totpSetup')).toEqual([{ password: 'Secret123' }]);
    await user.type(screen.getByTestId('security-totp-code'), '123456');
    await user.click(screen.getByTestId('security-totp-confirm'));
    const list = await screen.findByTestId('security-codes-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(api.callsTo('/user/totpEnable')).toEqual([{ code: '123456' }]);
    await user.click(screen.getByTestId('security-codes-done'));
    await waitFor(() => expect(screen.queryByTestId('security-codes')).toBeNull());
  });

  it('with it on, turns it off with the password and a code', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/getUserinfo': { data: userInfo('verified', { totpEnabled: true }) },
      '/user/totpDisable': { data: null, code: 'result.update.ok' },
    });
    renderSecurity();
    expect((await screen.findByTestId('security-totp-state')).textContent).toBe('On');
    await user.click(screen.getByTestId('security-totp-off'));
    await user.click(screen.getByTestId('security-manage-submit'));
    expect(api.callsTo('/user/totpDisable')).toHaveLength(0);
    await user.type(screen.getByTestId('security-manage-password'), 'Secret123');
    await user.type(screen.getByTestId('security-manage-code'), '654321');
    await user.click(screen.getByTestId('security-manage-submit'));
    await waitFor(() => expect(api.callsTo('/user/totpDisable')).toEqual([{ password: 'Secret123', code: '654321' }]));
  });
});
