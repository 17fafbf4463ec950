// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveTheme, setThemeChoice, storedThemeChoice, themeChoices, watchTheme, type ThemeChoice } from './theme';

const root = document.documentElement;
const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');
const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function stubSystem(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  localStorage.clear();
  root.removeAttribute('data-prefers-color-scheme');
  vi.unstubAllGlobals();
});

describe('the theme (issue 16 item 6)', () => {
  it("index.html's first-paint script resolves every stored choice and system setting like resolveTheme", () => {
    expect(inlineScript).toContain('localStorage');
    for (const stored of [null, 'system', 'light', 'dark', 'garbage']) {
      for (const dark of [false, true]) {
        localStorage.clear();
        if (stored !== null) localStorage.setItem('theme', stored);
        stubSystem(dark);
        root.removeAttribute('data-prefers-color-scheme');
        new Function(inlineScript)();
        expect(root.getAttribute('data-prefers-color-scheme'), `${stored} / system dark ${dark}`).toBe(
          resolveTheme(storedThemeChoice(), dark),
        );
      }
    }
  });

  it('a choice wins over the system, "system" follows it, and the choice is stored', () => {
    stubSystem(true);
    watchTheme();
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    setThemeChoice('light');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    setThemeChoice('system');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(themeChoices).toEqual<ThemeChoice[]>(['system', 'light', 'dark']);
  });

  it('treats an unknown stored value as "system"', () => {
    localStorage.setItem('theme', 'sepia');
    expect(storedThemeChoice()).toBe('system');
  });
});
