// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/queries';
import { i18n } from '../../i18n';
import { sessionStore } from '../../store/session';
import RegisterPage from './RegisterPage';

function registerAnswer(): Response {
  const user = {
    id: 'u_1',
    account: '5215512345678',
    realname: '',
    is_true: 0,
    phone: '5215512345678',
    kycStatus: 'none',
    accountType: 'standard',
    hasFundPassword: false,
    dayTrading: false,
    inviteCode: 'ABCD',
    restrictions: [],
    createdAt: '2025-01-05T10:00:00Z',
  };
  const data = { token: 'tok-new', account: '5215512345678', expiresAt: '2025-04-13T15:30:00Z', user };
  return new Response(JSON.stringify({ status: 1, msg: 'ok', code: 'result.register.ok', data }), { status: 200 });
}

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/login/register', element: <RegisterPage /> },
      { path: '/home/index', element: <p>home screen</p> },
    ],
    { initialEntries: ['/login/register'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the register form', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signOut();
    // The app shell also reads /common/config; answer it with an empty list.
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        String(input).endsWith('/common/config')
          ? new Response(JSON.stringify({ status: 1, msg: 'ok', data: [] }), { status: 200 })
          : registerAnswer(),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  const registerCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/user/register'));

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('clears a field error as soon as the field is fixed, and shows it again when broken', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.click(screen.getByTestId('register-submit'));
    const phone = screen.getByTestId('register-phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('register-invite').getAttribute('aria-invalid')).toBe('true');
    await user.type(phone, '5');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(phone.closest('.field')?.querySelector('.error')).toBeNull();
    // the other fields still say what is missing
    expect(screen.getByTestId('register-invite').getAttribute('aria-invalid')).toBe('true');
    await user.clear(phone);
    expect(phone.closest('.field')?.querySelector('.error')?.textContent).toBe('Phone number must not be empty.');
  });

  it('refuses empty fields, different passwords and a missing agreement before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getAllByText('Phone number must not be empty.').length).toBeGreaterThan(0);

    await user.type(screen.getByTestId('register-phone'), '5215512345678');
    await user.type(screen.getByTestId('register-password'), 'secret123');
    await user.type(screen.getByTestId('register-confirm'), 'secret124');
    await user.type(screen.getByTestId('register-invite'), 'K7M2Q9');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getAllByText('The two passwords do not match.').length).toBeGreaterThan(0);

    await user.clear(screen.getByTestId('register-confirm'));
    await user.type(screen.getByTestId('register-confirm'), 'secret123');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Please read and accept the user agreement and privacy policy.')).toBeTruthy();
    expect(registerCalls()).toHaveLength(0);
  }, 20_000);

  it('registers with agreementAccepted, stores the token and goes home', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.type(screen.getByTestId('register-phone'), '5215512345678');
    await user.type(screen.getByTestId('register-password'), 'secret123');
    await user.type(screen.getByTestId('register-confirm'), 'secret123');
    await user.type(screen.getByTestId('register-invite'), 'K7M2Q9');
    await user.click(screen.getByTestId('register-agree'));
    await user.click(screen.getByTestId('register-submit'));

    expect(await screen.findByText('home screen')).toBeTruthy();
    const body = JSON.parse(String(registerCalls()[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      phone: '5215512345678',
      password: 'secret123',
      confirmPassword: 'secret123',
      inviteCode: 'K7M2Q9',
      agreementAccepted: true,
    });
    expect(localStorage.getItem('tokend')).toBe('tok-new');
    expect(localStorage.getItem('account')).toBe('5215512345678');
    expect(await screen.findByText('Registered successfully.')).toBeTruthy();
  }, 20_000);
});
