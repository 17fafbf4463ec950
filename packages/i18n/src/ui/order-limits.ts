/**
 * UI strings of the order form's limits, shown before the button (issue "A newcomer's first hour"):
 * the lot size ("1 lot = 0.001 BTC"), counted lots (i18next plurals `_one` / `_other`, chosen by
 * `count`), the market closed with its next opening in the user's time, market orders outside the
 * regular session, the balance against margin + fee with the way to a deposit or an exchange, and
 * the format of a block trade's secret key. Merged into `uiMessages`.
 */
import type { Language } from '@brokerage/contract';

export const orderLimitsUi: Record<Language, Record<string, string>> = {
  en: {
    'ui.lots_one': '{count} lot',
    'ui.lots_other': '{count} lots',
    'ui.order.lotsInLots': 'Quantity (lots)',
    'ui.order.lotSize': '1 lot = {quantity}',
    'ui.rules.minOpeningLots_one': 'Minimum order value {amount}: at least {count} lot at this price',
    'ui.rules.minOpeningLots_other': 'Minimum order value {amount}: at least {count} lots at this price',
    'ui.rules.closedOpens': 'The market is closed. It opens {time} (your time).',
    'ui.rules.regularOnly':
      'Market orders are taken in the regular session only, which opens {time} (your time). A limit order can be placed now.',
    'ui.rules.regularOnlyNoTime':
      'Market orders are taken in the regular session only. A limit order can be placed now.',
    'ui.rules.noFunds': 'You have no {currency} yet. Deposit {currency} or exchange another currency into it.',
    'ui.rules.notEnough':
      'Not enough {currency}: this order needs {required} (margin and opening fee), you have {available}.',
    'ui.rules.deposit': 'Deposit',
    'ui.rules.exchange': 'Exchange',
    'ui.block.secretKeyFormat': 'The secret key has 16 characters: capital letters and the digits 2 to 9.',
  },
  de: {
    'ui.lots_one': '{count} Lot',
    'ui.lots_other': '{count} Lots',
    'ui.order.lotsInLots': 'Menge (Lots)',
    'ui.order.lotSize': '1 Lot = {quantity}',
    'ui.rules.minOpeningLots_one': 'Mindestauftragswert {amount}: mindestens {count} Lot zu diesem Kurs',
    'ui.rules.minOpeningLots_other': 'Mindestauftragswert {amount}: mindestens {count} Lots zu diesem Kurs',
    'ui.rules.closedOpens': 'Der Markt ist geschlossen. Er öffnet {time} (Ihre Zeit).',
    'ui.rules.regularOnly':
      'Marktaufträge werden nur in der regulären Sitzung angenommen, die {time} (Ihre Zeit) beginnt. Ein Limitauftrag ist jetzt möglich.',
    'ui.rules.regularOnlyNoTime':
      'Marktaufträge werden nur in der regulären Sitzung angenommen. Ein Limitauftrag ist jetzt möglich.',
    'ui.rules.noFunds':
      'Sie haben noch kein {currency}. Zahlen Sie {currency} ein oder tauschen Sie eine andere Währung um.',
    'ui.rules.notEnough':
      'Nicht genug {currency}: Dieser Auftrag braucht {required} (Sicherheitsleistung und Eröffnungsgebühr), verfügbar sind {available}.',
    'ui.rules.deposit': 'Einzahlen',
    'ui.rules.exchange': 'Umtauschen',
    'ui.block.secretKeyFormat': 'Der Geheimschlüssel hat 16 Zeichen: Großbuchstaben und die Ziffern 2 bis 9.',
  },
  zh: {
    'ui.lots_one': '{count} 手',
    'ui.lots_other': '{count} 手',
    'ui.order.lotsInLots': '數量（手）',
    'ui.order.lotSize': '1 手 = {quantity}',
    'ui.rules.minOpeningLots_one': '最低下單金額 {amount}：以此價格至少 {count} 手',
    'ui.rules.minOpeningLots_other': '最低下單金額 {amount}：以此價格至少 {count} 手',
    'ui.rules.closedOpens': '市場已休市，將於 {time}（您的時間）開市。',
    'ui.rules.regularOnly': '市價單僅於正常交易時段受理，該時段於 {time}（您的時間）開始。現在可以下限價單。',
    'ui.rules.regularOnlyNoTime': '市價單僅於正常交易時段受理。現在可以下限價單。',
    'ui.rules.noFunds': '您尚無 {currency}。請入金 {currency}，或將其他幣種兌換為 {currency}。',
    'ui.rules.notEnough': '{currency} 不足：此訂單需要 {required}（保證金及開倉手續費），您有 {available}。',
    'ui.rules.deposit': '入金',
    'ui.rules.exchange': '兌換',
    'ui.block.secretKeyFormat': '密鑰為 16 個字元：大寫字母及數字 2 至 9。',
  },
  esp: {
    'ui.lots_one': '{count} lote',
    'ui.lots_other': '{count} lotes',
    'ui.order.lotsInLots': 'Cantidad (lotes)',
    'ui.order.lotSize': '1 lote = {quantity}',
    'ui.rules.minOpeningLots_one': 'Valor mínimo de la orden {amount}: al menos {count} lote a este precio',
    'ui.rules.minOpeningLots_other': 'Valor mínimo de la orden {amount}: al menos {count} lotes a este precio',
    'ui.rules.closedOpens': 'El mercado está cerrado. Abre el {time} (su hora).',
    'ui.rules.regularOnly':
      'Las órdenes de mercado solo se aceptan en la sesión regular, que abre el {time} (su hora). Ahora puede colocar una orden limitada.',
    'ui.rules.regularOnlyNoTime':
      'Las órdenes de mercado solo se aceptan en la sesión regular. Ahora puede colocar una orden limitada.',
    'ui.rules.noFunds': 'Aún no tiene {currency}. Deposite {currency} o cambie otra divisa a {currency}.',
    'ui.rules.notEnough':
      '{currency} insuficiente: esta orden necesita {required} (margen y comisión de apertura) y usted tiene {available}.',
    'ui.rules.deposit': 'Depositar',
    'ui.rules.exchange': 'Cambiar',
    'ui.block.secretKeyFormat': 'La clave secreta tiene 16 caracteres: letras mayúsculas y los dígitos del 2 al 9.',
  },
  kor: {
    'ui.lots_one': '{count}랏',
    'ui.lots_other': '{count}랏',
    'ui.order.lotsInLots': '수량(랏)',
    'ui.order.lotSize': '1랏 = {quantity}',
    'ui.rules.minOpeningLots_one': '최소 주문 금액 {amount}: 이 가격에서 최소 {count}랏',
    'ui.rules.minOpeningLots_other': '최소 주문 금액 {amount}: 이 가격에서 최소 {count}랏',
    'ui.rules.closedOpens': '시장이 닫혀 있습니다. {time}(사용자 시간)에 열립니다.',
    'ui.rules.regularOnly':
      '시장가 주문은 정규 세션에만 접수되며, 정규 세션은 {time}(사용자 시간)에 시작합니다. 지정가 주문은 지금 할 수 있습니다.',
    'ui.rules.regularOnlyNoTime': '시장가 주문은 정규 세션에만 접수됩니다. 지정가 주문은 지금 할 수 있습니다.',
    'ui.rules.noFunds': '아직 {currency}이(가) 없습니다. {currency}을(를) 입금하거나 다른 통화를 환전하세요.',
    'ui.rules.notEnough':
      '{currency} 부족: 이 주문에는 {required}(증거금 및 개시 수수료)이 필요하며 보유액은 {available}입니다.',
    'ui.rules.deposit': '입금',
    'ui.rules.exchange': '환전',
    'ui.block.secretKeyFormat': '비밀 키는 16자입니다: 영문 대문자와 숫자 2~9.',
  },
};
