// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import SettingPage from './SettingPage';

const root = document.documentElement;

describe('the price colour setting', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().signOut();
    sessionStore.getState().setUpColour(null);
    sessionStore.getState().setLanguage('en');
    stubApi({});
  });

  afterEach(() => {
    cleanup();
    act(() => sessionStore.getState().setLanguage('en'));
    vi.unstubAllGlobals();
  });

  it('defaults to green-up for English and switches the root CSS variables to red-up when chosen', async () => {
    renderAt('/information/setting', [page('/information/setting', <SettingPage />)]);
    const green = screen.getByTestId('up-colour-green');
    const red = screen.getByTestId('up-colour-red');
    expect(green.getAttribute('aria-checked')).toBe('true');
    expect(root.style.getPropertyValue('--up-color')).toBe('var(--green)');
    expect(root.style.getPropertyValue('--down-color')).toBe('var(--red)');

    await userEvent.click(red);

    expect(red.getAttribute('aria-checked')).toBe('true');
    expect(green.getAttribute('aria-checked')).toBe('false');
    expect(root.style.getPropertyValue('--up-color')).toBe('var(--red)');
    expect(root.style.getPropertyValue('--down-color')).toBe('var(--green)');
    expect(localStorage.getItem('upColour')).toBe('red');

    await userEvent.click(green);
    expect(root.style.getPropertyValue('--up-color')).toBe('var(--green)');
    expect(localStorage.getItem('upColour')).toBe('green');
  });

  it('follows the language until the user picks a convention, then keeps the choice', async () => {
    renderAt('/information/setting', [page('/information/setting', <SettingPage />)]);
    await userEvent.click(screen.getByTestId('up-colour-green'));
    act(() => {
      sessionStore.getState().setUpColour(null);
      sessionStore.getState().setLanguage('zh');
    });
    expect(await screen.findByText('紅漲綠跌')).toBeTruthy();
    expect(root.style.getPropertyValue('--up-color')).toBe('var(--red)');
    expect(screen.getByTestId('up-colour-red').getAttribute('aria-checked')).toBe('true');

    await userEvent.click(screen.getByTestId('up-colour-green'));
    act(() => sessionStore.getState().setLanguage('kor'));
    expect(root.style.getPropertyValue('--up-color')).toBe('var(--green)');
    expect(localStorage.getItem('upColour')).toBe('green');
  });
});
