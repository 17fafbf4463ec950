// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../api/session';
import {
  fill,
  installBrowserStubs,
  ok,
  refused,
  renderScreen,
  screenTestTimeoutMs,
  stubAdminApi,
} from '../../test-support';
import { LoginPage } from './LoginPage';

beforeAll(() => installBrowserStubs());

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const granted = ok({ token: 'tok-admin', role: 'admin', expiresAt: '2026-03-03T03:00:00.000Z' });

function renderLogin() {
  renderScreen(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<p>home page</p>} />
    </Routes>,
    '/login',
  );
}

async function signIn(user: ReturnType<typeof userEvent.setup>, fields: { otp?: string } = {}) {
  await fill(user, screen.getByTestId('admin-login-username'), 'admin1');
  await fill(user, screen.getByTestId('admin-login-password'), 'Admin-pass-2026');
  if (fields.otp !== undefined) await fill(user, screen.getByTestId('admin-login-otp'), fields.otp);
  await user.click(screen.getByTestId('admin-login-submit'));
}

describe('the back-office login form', { timeout: screenTestTimeoutMs }, () => {
  it('offers an optional one-time code field with a numeric keyboard and one-time-code autofill', () => {
    stubAdminApi({});
    renderLogin();
    const otp = screen.getByLabelText('One-time code');
    expect(otp).toBe(screen.getByTestId('admin-login-otp'));
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');
    expect(otp.getAttribute('maxlength')).toBe('6');
  });

  it('sends no otp when the code is left empty', async () => {
    const api = stubAdminApi({ '/auth/login': () => granted });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    await screen.findByText('home page');
    expect(api.callsTo('/auth/login').map((c) => c.body)).toEqual([
      { username: 'admin1', password: 'Admin-pass-2026' },
    ]);
    expect(getSession()).toMatchObject({ token: 'tok-admin', role: 'admin', username: 'admin1' });
  });

  it('sends the code as otp when filled', async () => {
    const api = stubAdminApi({ '/auth/login': () => granted });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user, { otp: '028411' });
    await screen.findByText('home page');
    expect(api.callsTo('/auth/login').map((c) => c.body)).toEqual([
      { username: 'admin1', password: 'Admin-pass-2026', otp: '028411' },
    ]);
  });

  it('refuses a code that is not 6 digits before calling the server', async () => {
    const api = stubAdminApi({ '/auth/login': () => granted });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user, { otp: '12a45' });
    expect(await screen.findByText('The code has 6 digits')).toBeTruthy();
    expect(api.callsTo('/auth/login')).toHaveLength(0);
  });

  it('on wrong credentials names every factor and clears the password and the code', async () => {
    const api = stubAdminApi({
      '/auth/login': () => refused(200, 'auth.wrong_credentials', 'Wrong account or password.'),
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user, { otp: '123456' });
    expect((await screen.findByTestId('admin-login-refused')).textContent).toContain(
      'Wrong username, password or one-time code.',
    );
    await waitFor(() => expect((screen.getByTestId('admin-login-otp') as HTMLInputElement).value).toBe(''));
    expect((screen.getByTestId('admin-login-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('admin-login-username') as HTMLInputElement).value).toBe('admin1');
    expect(api.callsTo('/auth/login')).toHaveLength(1);
    expect(getSession()).toBeNull();
  });
});
