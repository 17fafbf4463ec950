/**
 * i18next for the web app. Messages come from `@brokerage/i18n` (server codes merged with the
 * UI strings); placeholders use single braces like the server's `msg` (`{min}`), and keys are
 * flat dotted strings, so key and namespace separators are off.
 *
 * Only the current language is loaded (issue 16): each language's dictionary is two chunks
 * (`virtual:messages/<language>-first` and `-rest`, built by `plugins/messages.ts`; `parts.ts`
 * says which keys go first), with antd-mobile's locale of that language beside the first.
 * `main.tsx` awaits `loadLanguage(current)` before the first render (only its first part for the
 * login screens, which need no more, then the rest);
 * switching the language loads the new one, then switches, so no screen ever shows keys. There
 * is no fallback language: every key exists in all five (the catalogue tests check it), and
 * loading English as a fallback would load a second dictionary for nothing.
 */
import type { Language } from '@brokerage/contract';
import type { Locale } from 'antd-mobile/es/locales/base';
import type { ComponentType, ReactNode } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { sessionStore } from '../store/session';

type Bundle = [{ default: Record<string, string> }, { default: Locale }];
type Dictionary = { default: Record<string, string> };

const firstLoaders: Record<Language, () => Promise<Bundle>> = {
  en: () => Promise.all([import('virtual:messages/en-first'), import('antd-mobile/es/locales/en-US')]),
  de: () => Promise.all([import('virtual:messages/de-first'), import('antd-mobile/es/locales/de-DE')]),
  zh: () => Promise.all([import('virtual:messages/zh-first'), import('antd-mobile/es/locales/zh-TW')]),
  esp: () => Promise.all([import('virtual:messages/esp-first'), import('antd-mobile/es/locales/es-ES')]),
  kor: () => Promise.all([import('virtual:messages/kor-first'), import('antd-mobile/es/locales/ko-KR')]),
};

const restLoaders: Record<Language, () => Promise<Dictionary>> = {
  en: () => import('virtual:messages/en-rest'),
  de: () => import('virtual:messages/de-rest'),
  zh: () => import('virtual:messages/zh-rest'),
  esp: () => import('virtual:messages/esp-rest'),
  kor: () => import('virtual:messages/kor-rest'),
};

type AntdConfig = typeof import('antd-mobile/es/components/config-provider');
type ConfigProviderType = ComponentType<{ locale: Locale; children?: ReactNode }>;

/**
 * antd-mobile's configuration, loaded with the first language rather than with the entry (its
 * module shares helpers with the rest of antd-mobile, which the first screen does not need).
 */
let antdConfig: AntdConfig | null = null;
const loadAntdConfig = () =>
  import('antd-mobile/es/components/config-provider').then((module) => (antdConfig = module));

/** antd-mobile's `ConfigProvider`, once a language is loaded (`main.tsx` renders after that). */
export function antdConfigProvider(): ConfigProviderType | null {
  return antdConfig ? (antdConfig.default as ConfigProviderType) : null;
}

const antdLocales: Partial<Record<Language, Locale>> = {};
const loadingFirst: Partial<Record<Language, Promise<void>>> = {};
const loadingRest: Partial<Record<Language, Promise<void>>> = {};
const loadedRest = new Set<Language>();

/**
 * An i18next instance showing `language`; empty unless `dictionaries` are given (tests pass
 * `@brokerage/i18n`'s `messages`; the app's own instance is filled by `loadLanguage`).
 */
export function createI18n(
  language: Language,
  dictionaries: Partial<Record<Language, Record<string, string>>> = {},
): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: Object.fromEntries(
      Object.entries(dictionaries).map(([lng, dictionary]) => [lng, { translation: dictionary }]),
    ),
    partialBundledLanguages: true,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const i18n = createI18n(sessionStore.getState().language);

/** Whether all of a language's strings are in memory. */
export function isLanguageLoaded(language: Language): boolean {
  return antdLocales[language] !== undefined && loadedRest.has(language);
}

/** antd-mobile's locale of a loaded language (its components' own words: confirm, cancel, …). */
export function antdLocaleOf(language: Language): Locale | undefined {
  return antdLocales[language];
}

function loadFirst(language: Language): Promise<void> {
  const pending =
    loadingFirst[language] ??
    Promise.all([firstLoaders[language](), loadAntdConfig()]).then(
      ([[messages, antd]]) => {
        i18n.addResourceBundle(language, 'translation', messages.default, true, true);
        antdLocales[language] = antd.default;
        if (i18n.language === language) setAntdDefaultLocale(language);
      },
      (error: unknown) => {
        delete loadingFirst[language];
        throw error;
      },
    );
  loadingFirst[language] = pending;
  return pending;
}

function loadRest(language: Language): Promise<void> {
  const pending =
    loadingRest[language] ??
    restLoaders[language]().then(
      (messages) => {
        i18n.addResourceBundle(language, 'translation', messages.default, true, true);
        loadedRest.add(language);
      },
      (error: unknown) => {
        delete loadingRest[language];
        throw error;
      },
    );
  loadingRest[language] = pending;
  return pending;
}

/**
 * Loads one language's strings (once; a failed load may be tried again): all of them, or with
 * `only: 'first'` the part the login screens need (`parts.ts`). Resolves when `i18n.t` answers
 * those keys in that language.
 */
export function loadLanguage(language: Language, only?: 'first'): Promise<void> {
  const first = loadFirst(language);
  if (only === 'first') return first;
  return Promise.all([first, loadRest(language)]).then(() => undefined);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const tags: Record<Language, string> = { en: 'en', de: 'de', zh: 'zh-Hant', esp: 'es', kor: 'ko' };
  document.documentElement.lang = tags[language];
}

applyDocumentLanguage(sessionStore.getState().language);

function setAntdDefaultLocale(language: Language): void {
  const locale = antdLocales[language];
  if (antdConfig && locale) antdConfig.setDefaultConfig({ ...antdConfig.getDefaultConfig(), locale });
}

/**
 * Switches i18next and antd-mobile's default locale (used by its imperative Toast and Dialog,
 * which render outside the React tree and so outside `ConfigProvider`).
 */
function showLanguage(language: Language): void {
  setAntdDefaultLocale(language);
  void i18n.changeLanguage(language);
}

/** Shows `language` once its strings are in; at once when they already are. */
function switchTo(language: Language): void {
  if (isLanguageLoaded(language)) {
    showLanguage(language);
    return;
  }
  loadLanguage(language).then(
    () => {
      // The user may have picked yet another language meanwhile: the last choice wins.
      if (sessionStore.getState().language === language) showLanguage(language);
    },
    () => {
      // Offline or the chunk failed: the screen stays in the language it had; choosing again retries.
    },
  );
}

// Changing the stored language switches the UI (spec §1 "language switch").
sessionStore.subscribe((state, previous) => {
  if (state.language !== previous.language) {
    switchTo(state.language);
    applyDocumentLanguage(state.language);
  }
});
