// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, readPersisted, sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';
import StartPage from './StartPage';

describe('the default language', () => {
  it('follows the browser until the user chooses', () => {
    expect(browserLanguage(['de-AT', 'en'])).toBe('de');
    expect(browserLanguage(['zh-TW'])).toBe('zh');
    expect(browserLanguage(['zh-CN'])).toBe('zh');
    expect(browserLanguage(['es-MX'])).toBe('esp');
    expect(browserLanguage(['ko-KR'])).toBe('kor');
    expect(browserLanguage(['fr-FR', 'es'])).toBe('esp');
    expect(browserLanguage(['fr-FR'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('is the stored choice when there is one, else the browser language (not stored)', () => {
    localStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    try {
      expect(readPersisted().language).toBe('de');
      expect(localStorage.getItem('language')).toBeNull();
      localStorage.setItem('language', 'kor');
      expect(readPersisted().language).toBe('kor');
    } finally {
      vi.restoreAllMocks();
      localStorage.clear();
    }
  });
});

describe('the language switcher on the start, login and register screens', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signOut();
    stubApi({});
  });
  afterEach(() => {
    cleanup();
    sessionStore.getState().setLanguage('en');
    vi.unstubAllGlobals();
  });

  for (const [path, element, heading] of [
    ['/login/start', <StartPage />, 'Markets in your pocket'],
    ['/login/login', <LoginPage />, 'Log in'],
    ['/login/register', <RegisterPage />, 'Create an account'],
  ] as const) {
    it(`switches the language on ${path} and stores the choice`, async () => {
      renderAt(path, [page(path, element)]);
      const select = (await screen.findByTestId('lang-switch')) as HTMLSelectElement;
      expect(select.value).toBe('en');
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'English',
        'Deutsch',
        '繁體中文',
        'Español',
        '한국어',
      ]);
      expect(screen.getAllByText(heading).length).toBeGreaterThan(0);
      fireEvent.change(select, { target: { value: 'de' } });
      expect(sessionStore.getState().language).toBe('de');
      expect(localStorage.getItem('language')).toBe('de');
      expect(select.getAttribute('aria-label')).toBe('Sprache');
    });
  }
});

describe('the registration link of an invitation', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    stubApi({});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills in the invitation code from ?code=', async () => {
    renderAt('/login/register?code=K7M2Q9', [page('/login/register', <RegisterPage />)]);
    const input =
      (await screen.findByTestId('register-invite')).querySelector('input') ??
      (await screen.findByTestId('register-invite'));
    expect((input as HTMLInputElement).value).toBe('K7M2Q9');
  });

  it('leaves it empty without one', async () => {
    renderAt('/login/register', [page('/login/register', <RegisterPage />)]);
    const input =
      (await screen.findByTestId('register-invite')).querySelector('input') ??
      (await screen.findByTestId('register-invite'));
    expect((input as HTMLInputElement).value).toBe('');
  });
});
