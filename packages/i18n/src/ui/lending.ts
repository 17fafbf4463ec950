/** UI strings of the day-trading and lending screens, per language (merged into `uiMessages`). */
import type { Language } from '@brokerage/contract';

export const lendingUi: Record<Language, Record<string, string>> = {
  en: {},
  de: {},
  zh: {},
  esp: {},
  kor: {},
};
