/** UI strings of the live trading additions (Mine total profit, live P&L, positions), per language (merged into `uiMessages`). */
import type { Language } from '@brokerage/contract';

export const tradeLiveUi: Record<Language, Record<string, string>> = {
  en: {},
  de: {},
  zh: {},
  esp: {},
  kor: {},
};
