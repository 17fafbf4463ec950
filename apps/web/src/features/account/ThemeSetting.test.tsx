// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setThemeChoice } from '../../lib/theme';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import SettingPage from './SettingPage';

const root = document.documentElement;

describe('the theme setting (issue 16 item 6)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().signOut();
    sessionStore.getState().setLanguage('en');
    stubApi({});
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    act(() => setThemeChoice('system'));
  });

  afterEach(() => {
    cleanup();
    act(() => sessionStore.getState().setLanguage('en'));
    vi.unstubAllGlobals();
  });

  it('offers the device setting, light and dark, applies the choice at once and keeps it on the device', async () => {
    renderAt('/information/setting', [page('/information/setting', <SettingPage />)]);
    expect(screen.getByTestId('theme-system').getAttribute('aria-pressed')).toBe('true');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('light');

    await userEvent.click(screen.getByTestId('theme-dark'));
    expect(screen.getByTestId('theme-dark').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('theme-system').getAttribute('aria-pressed')).toBe('false');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    act(() => sessionStore.getState().setLanguage('de'));
    expect(await screen.findByText('Darstellung')).toBeTruthy();
    expect(screen.getByTestId('theme-system').textContent).toBe('Wie Gerät');

    await userEvent.click(screen.getByTestId('theme-system'));
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('light');
    expect(localStorage.getItem('theme')).toBeNull();
  });
});
