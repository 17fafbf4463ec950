// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import { ACCOUNT, userInfo } from '../../test-fixtures';
import LoginPage from './LoginPage';

const CHALLENGE = 'c'.repeat(43);
const signedIn = { token: 'tok-2fa', account: ACCOUNT, expiresAt: '2025-04-13T15:30:00Z', user: userInfo('none') };

function renderLogin() {
  return renderAt('/login/login', [page('/login/login', <LoginPage />), page('/home/index', <p>home screen</p>)]);
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('login-account'), ACCOUNT);
  await user.type(screen.getByTestId('login-password'), 'Secret123');
  await user.click(screen.getByTestId('login-submit'));
}

describe('the login second step (docs/api.md §23.1)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signOut();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks the code after auth.second_factor_required, sends it with the challenge and signs in', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/login': {
        status: 0,
        code: 'auth.second_factor_required',
        msg: 'Enter the code from your authenticator app.',
        params: { challengeId: CHALLENGE },
      },
      '/user/loginVerify': { data: signedIn, code: 'result.login.ok' },
    });
    renderLogin();
    await passwordStep(user);
    const form = await screen.findByTestId('login-two-step');
    expect(form.getAttribute('aria-label')).toBe('Two-step verification');
    expect(screen.queryByTestId('login-password')).toBeNull();
    // a code must be six digits before anything is sent
    await user.click(screen.getByTestId('login-verify'));
    expect(api.callsTo('/user/loginVerify')).toHaveLength(0);
    await user.type(screen.getByTestId('login-code'), '654321');
    await user.click(screen.getByTestId('login-verify'));
    await screen.findByText('home screen');
    expect(api.callsTo('/user/loginVerify')).toEqual([{ challengeId: CHALLENGE, code: '654321' }]);
    expect(sessionStore.getState().tokend).toBe('tok-2fa');
  });

  it('takes a recovery code instead', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubApi({
      '/user/login': {
        status: 0,
        code: 'auth.second_factor_required',
        msg: 'Enter the code from your authenticator app.',
        params: { challengeId: CHALLENGE },
      },
      '/user/loginVerify': { data: signedIn, code: 'result.login.ok' },
    });
    renderLogin();
    await passwordStep(user);
    await user.click(await screen.findByTestId('login-code-switch'));
    expect(screen.getByText('Recovery code')).toBeTruthy();
    await user.type(screen.getByTestId('login-code'), 'abcd-efgh-ijkl-mnop');
    await user.click(screen.getByTestId('login-verify'));
    await screen.findByText('home screen');
    expect(api.callsTo('/user/loginVerify')).toEqual([{ challengeId: CHALLENGE, recoveryCode: 'abcd-efgh-ijkl-mnop' }]);
  });

  it('goes back to the password when the challenge expired', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      '/user/login': {
        status: 0,
        code: 'auth.second_factor_required',
        msg: 'Enter the code from your authenticator app.',
        params: { challengeId: CHALLENGE },
      },
      '/user/loginVerify': {
        status: 0,
        code: 'auth.challenge_expired',
        msg: 'This sign-in has expired. Please start again.',
      },
    });
    renderLogin();
    await passwordStep(user);
    await user.type(await screen.findByTestId('login-code'), '654321');
    await user.click(screen.getByTestId('login-verify'));
    await waitFor(() => expect(screen.queryByTestId('login-two-step')).toBeNull());
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('');
  });
});
