/**
 * What the web app needs before any text: each language's own name and its default up/down
 * colour. A module of its own, with no catalogue behind it, so importing it costs bytes, not
 * dictionaries (the web app loads one language's strings on demand, issue 16).
 */
import type { Language } from '@brokerage/contract';

export type UpColour = 'green' | 'red';

/** Each language's name in itself, for the language picker. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  zh: '繁體中文',
  esp: 'Español',
  kor: '한국어',
};

/** docs/ui.md: green-up/red-down by default for en, de, esp; red-up/green-down for zh, kor. A user setting overrides it. */
export const defaultUpColour: Record<Language, UpColour> = {
  en: 'green',
  de: 'green',
  zh: 'red',
  esp: 'green',
  kor: 'red',
};
