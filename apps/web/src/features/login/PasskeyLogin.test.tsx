// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import { PasskeyLogin } from './PasskeyLogin';

const browser = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };

describe('signing in with a passkey (docs/api.md §23.7)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signOut();
    browser.startAuthentication.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the sign-in was cancelled when the person closes the browser dialog, and sends no assertion', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const api = stubApi({ '/user/passkeyLoginOptions': { data: { challengeId: 'ch_1', options: OPTIONS } } });
    browser.startAuthentication.mockImplementation(() =>
      Promise.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' })),
    );
    renderAt('/login/login', [page('/login/login', <PasskeyLogin />)]);
    await user.click(await screen.findByTestId('login-passkey'));
    expect(await screen.findByText('Passkey sign-in was cancelled.')).toBeTruthy();
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('/user/passkeyLogin')).toHaveLength(0);
    expect(sessionStore.getState().tokend).toBeFalsy();
  });

  it('says the passkey was not accepted when the browser fails otherwise', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    stubApi({ '/user/passkeyLoginOptions': { data: { challengeId: 'ch_1', options: OPTIONS } } });
    browser.startAuthentication.mockImplementation(() =>
      Promise.reject(Object.assign(new Error('bad'), { name: 'SecurityError' })),
    );
    renderAt('/login/login', [page('/login/login', <PasskeyLogin />)]);
    await user.click(await screen.findByTestId('login-passkey'));
    expect(await screen.findByText('This passkey could not be verified.')).toBeTruthy();
    expect(screen.queryByText('Passkey sign-in was cancelled.')).toBeNull();
  });
});
