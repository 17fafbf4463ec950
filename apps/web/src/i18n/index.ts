/**
 * i18next for the web app. Messages come from `@brokerage/i18n` (server codes merged with the
 * UI strings); placeholders use single braces like the server's `msg` (`{min}`), and keys are
 * flat dotted strings, so key and namespace separators are off.
 */
import { messages } from '@brokerage/i18n';
import type { Language } from '@brokerage/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { sessionStore } from '../store/session';

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries(messages).map(([lng, dictionary]) => [lng, { translation: dictionary }]),
    ),
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const i18n = createI18n(sessionStore.getState().language);

function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  const tags: Record<Language, string> = { en: 'en', de: 'de', zh: 'zh-Hant', esp: 'es', kor: 'ko' };
  document.documentElement.lang = tags[language];
}

applyDocumentLanguage(sessionStore.getState().language);

// Changing the stored language switches the UI immediately (spec §1 "language switch").
sessionStore.subscribe((state, previous) => {
  if (state.language !== previous.language) {
    void i18n.changeLanguage(state.language);
    applyDocumentLanguage(state.language);
  }
});
