/**
 * UI strings of the live account events (docs/decisions.md, "Account events on the quote
 * WebSocket"): the toast when one of the user's orders changes state by itself. In the second
 * part of each dictionary (`ui.accountLive.*` is no login-screen key).
 */
import type { Language } from '@brokerage/contract';

export const accountLiveUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.accountLive.limitFilled': 'Limit order filled: {code}',
    'ui.accountLive.takeProfit': 'Take-profit hit: {code} closed',
    'ui.accountLive.stopLoss': 'Stop-loss hit: {code} closed',
    'ui.accountLive.stopOut': 'Stopped out: {code} closed',
    'ui.accountLive.delisted': 'Delisted: {code} closed',
    'ui.accountLive.expired': 'Limit order expired: {code}',
    'ui.accountLive.more': '(+{n} more)',
  },
  de: {
    'ui.accountLive.limitFilled': 'Limit-Order ausgeführt: {code}',
    'ui.accountLive.takeProfit': 'Take-Profit erreicht: {code} geschlossen',
    'ui.accountLive.stopLoss': 'Stop-Loss erreicht: {code} geschlossen',
    'ui.accountLive.stopOut': 'Zwangsschließung: {code} geschlossen',
    'ui.accountLive.delisted': 'Vom Handel genommen: {code} geschlossen',
    'ui.accountLive.expired': 'Limit-Order verfallen: {code}',
    'ui.accountLive.more': '(+{n} weitere)',
  },
  zh: {
    'ui.accountLive.limitFilled': '限價單已成交：{code}',
    'ui.accountLive.takeProfit': '已達止盈價：{code} 已平倉',
    'ui.accountLive.stopLoss': '已達止損價：{code} 已平倉',
    'ui.accountLive.stopOut': '強制平倉：{code} 已平倉',
    'ui.accountLive.delisted': '已下市：{code} 已平倉',
    'ui.accountLive.expired': '限價單已失效：{code}',
    'ui.accountLive.more': '（另有 {n} 筆）',
  },
  esp: {
    'ui.accountLive.limitFilled': 'Orden límite ejecutada: {code}',
    'ui.accountLive.takeProfit': 'Toma de ganancias alcanzada: {code} cerrada',
    'ui.accountLive.stopLoss': 'Stop-loss alcanzado: {code} cerrada',
    'ui.accountLive.stopOut': 'Cierre forzoso: {code} cerrada',
    'ui.accountLive.delisted': 'Dejó de cotizar: {code} cerrada',
    'ui.accountLive.expired': 'Orden límite vencida: {code}',
    'ui.accountLive.more': '(+{n} más)',
  },
  kor: {
    'ui.accountLive.limitFilled': '지정가 주문 체결: {code}',
    'ui.accountLive.takeProfit': '익절가 도달: {code} 청산됨',
    'ui.accountLive.stopLoss': '손절가 도달: {code} 청산됨',
    'ui.accountLive.stopOut': '강제 청산: {code} 청산됨',
    'ui.accountLive.delisted': '상장 폐지: {code} 청산됨',
    'ui.accountLive.expired': '지정가 주문 만료: {code}',
    'ui.accountLive.more': '(외 {n}건)',
  },
};
