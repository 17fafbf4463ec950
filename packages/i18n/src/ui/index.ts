import type { Language } from '@brokerage/contract';
import { accountLiveUi } from './account-live.js';
import { appearanceUi } from './appearance.js';
import { blockTradesUi } from './block-trades.js';
import { copyFundsUi } from './copy-funds.js';
import { de } from './de.js';
import { engagementUi } from './engagement.js';
import { en } from './en.js';
import { esp } from './esp.js';
import { kor } from './kor.js';
import { lendingUi } from './lending.js';
import { loansUi } from './loans.js';
import { newSharesUi } from './new-shares.js';
import { offlineUi } from './offline.js';
import { tradeLiveUi } from './trade-live.js';
import { tradeRulesUi } from './trade-rules.js';
import { zh } from './zh.js';

/** Feature dictionaries kept in their own files; a key may be defined only once (tested). */
export const featureMessages: readonly Record<Language, Record<string, string>>[] = [
  accountLiveUi,
  appearanceUi,
  blockTradesUi,
  copyFundsUi,
  engagementUi,
  lendingUi,
  loansUi,
  newSharesUi,
  offlineUi,
  tradeLiveUi,
  tradeRulesUi,
];

function merged(language: Language, base: Record<string, string>): Record<string, string> {
  return Object.assign({}, base, ...featureMessages.map((feature) => feature[language]));
}

/** UI strings of the web app, flat keys starting with `ui.`; one dictionary per language. */
export const uiMessages: Record<Language, Record<string, string>> = {
  en: merged('en', en),
  de: merged('de', de),
  zh: merged('zh', zh),
  esp: merged('esp', esp),
  kor: merged('kor', kor),
};
