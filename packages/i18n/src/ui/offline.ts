/** UI strings of the offline state (the installed app opened without a connection), per language (merged into `uiMessages`). */
import type { Language } from '@brokerage/contract';

export const offlineUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.offline.title': 'You are offline.',
    'ui.offline.text':
      'Prices and balances on screen are not live and may be out of date. Nothing can be sent until the connection is back.',
  },
  de: {
    'ui.offline.title': 'Sie sind offline.',
    'ui.offline.text':
      'Kurse und Salden auf dem Bildschirm sind nicht live und möglicherweise veraltet. Bis die Verbindung zurück ist, kann nichts gesendet werden.',
  },
  zh: {
    'ui.offline.title': '您目前處於離線狀態。',
    'ui.offline.text': '畫面上的價格與餘額並非即時，可能已過時。連線恢復前無法送出任何操作。',
  },
  esp: {
    'ui.offline.title': 'Está sin conexión.',
    'ui.offline.text':
      'Los precios y saldos en pantalla no están en vivo y pueden estar desactualizados. No se puede enviar nada hasta que vuelva la conexión.',
  },
  kor: {
    'ui.offline.title': '오프라인 상태입니다.',
    'ui.offline.text':
      '화면의 가격과 잔액은 실시간이 아니며 오래된 정보일 수 있습니다. 연결이 복구될 때까지 아무것도 보낼 수 없습니다.',
  },
};
