/** UI strings of the live trading additions (Mine total profit, live P&L, positions), per language (merged into `uiMessages`). */
import type { Language } from '@brokerage/contract';

export const tradeLiveUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.tradeLive.profitRetry': 'Profit could not be loaded. Try again',
    'ui.tradeLive.liveNote': 'Profit and loss follow the live price',
  },
  de: {
    'ui.tradeLive.profitRetry': 'Gewinn konnte nicht geladen werden. Erneut versuchen',
    'ui.tradeLive.liveNote': 'Gewinn und Verlust folgen dem Live-Kurs',
  },
  zh: {
    'ui.tradeLive.profitRetry': '無法載入盈虧，請重試',
    'ui.tradeLive.liveNote': '盈虧隨即時價格更新',
  },
  esp: {
    'ui.tradeLive.profitRetry': 'No se pudo cargar la ganancia. Reintentar',
    'ui.tradeLive.liveNote': 'Las ganancias y pérdidas siguen el precio en vivo',
  },
  kor: {
    'ui.tradeLive.profitRetry': '손익을 불러오지 못했습니다. 다시 시도',
    'ui.tradeLive.liveNote': '손익은 실시간 가격을 따라갑니다',
  },
};
