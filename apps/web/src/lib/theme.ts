/**
 * The colour theme (issue 16 item 6): the system's setting by default, or light or dark as the
 * user chooses in Settings. The choice is a device preference kept under the local key `theme`
 * ("system" | "light" | "dark"); the resolved theme is the root attribute
 * `data-prefers-color-scheme`, which our tokens and antd-mobile's dark variables both read.
 *
 * index.html repeats `resolveTheme` in a tiny inline script so the first paint already has the
 * right theme (no light flash for a dark choice); the two must stay in step (tested).
 */
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'theme';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The stored choice; anything else (nothing stored, an old or edited value, no storage) is "system". */
export function storedThemeChoice(): ThemeChoice {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
    return isThemeChoice(raw) ? raw : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

let choice: ThemeChoice = storedThemeChoice();
const listeners = new Set<() => void>();

function apply(): void {
  if (typeof document === 'undefined') return;
  const theme = resolveTheme(choice, systemQuery()?.matches ?? false);
  document.documentElement.setAttribute('data-prefers-color-scheme', theme);
}

/** Stores and applies a choice at once; every screen showing the setting follows. */
export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
  } catch {
    // private mode without storage: the choice holds for this visit
  }
  apply();
  listeners.forEach((listener) => listener());
}

export function themeChoice(): ThemeChoice {
  return choice;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, themeChoice, themeChoice);
}

/**
 * Applies the stored choice and follows the system setting while the choice is "system"; another
 * tab changing the choice is followed too.
 */
export function watchTheme(): () => void {
  choice = storedThemeChoice();
  apply();
  const query = systemQuery();
  const onSystem = () => apply();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== THEME_KEY) return;
    choice = storedThemeChoice();
    apply();
    listeners.forEach((listener) => listener());
  };
  query?.addEventListener('change', onSystem);
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    query?.removeEventListener('change', onSystem);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
