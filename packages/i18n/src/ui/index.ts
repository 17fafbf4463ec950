import type { Language } from '@brokerage/contract';
import { accountLiveUi } from './account-live.js';
import { accountUi } from './account.js';
import { alertsUi } from './alerts.js';
import { appearanceUi } from './appearance.js';
import { blockTradesUi } from './block-trades.js';
import { chartsUi } from './charts.js';
import { copyFundsUi } from './copy-funds.js';
import { engagementUi } from './engagement.js';
import { fundsUi } from './funds.js';
import { homeUi } from './home.js';
import { lendingUi } from './lending.js';
import { loansUi } from './loans.js';
import { loginUi } from './login.js';
import { marketUi } from './market.js';
import { newSharesUi } from './new-shares.js';
import { offlineUi } from './offline.js';
import { orderLimitsUi } from './order-limits.js';
import { passkeysUi } from './passkeys.js';
import { proofUi } from './proof.js';
import { securityUi } from './security.js';
import { devicesUi } from './devices.js';
import { shellUi } from './shell.js';
import { statementsUi } from './statements.js';
import { tradeLiveUi } from './trade-live.js';
import { tradeRulesUi } from './trade-rules.js';
import { tradeUi } from './trade.js';
import { returnsUi } from './returns.js';

/** Feature dictionaries kept in their own files, on top of the shell's; a key may be defined only once (tested). */
export const featureMessages: readonly Record<Language, Record<string, string>>[] = [
  accountUi,
  accountLiveUi,
  alertsUi,
  returnsUi,
  appearanceUi,
  blockTradesUi,
  chartsUi,
  copyFundsUi,
  engagementUi,
  fundsUi,
  homeUi,
  lendingUi,
  loansUi,
  loginUi,
  marketUi,
  newSharesUi,
  offlineUi,
  orderLimitsUi,
  passkeysUi,
  proofUi,
  securityUi,
  devicesUi,
  statementsUi,
  tradeUi,
  tradeLiveUi,
  tradeRulesUi,
];

function merged(language: Language): Record<string, string> {
  return Object.assign({}, shellUi[language], ...featureMessages.map((feature) => feature[language]));
}

/** UI strings of the web app, flat keys starting with `ui.`; one dictionary per language. */
export const uiMessages: Record<Language, Record<string, string>> = {
  en: merged('en'),
  de: merged('de'),
  zh: merged('zh'),
  esp: merged('esp'),
  kor: merged('kor'),
};
