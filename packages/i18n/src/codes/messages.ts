/**
 * Personal messages (contract `messageCatalogue`, API.md §7.5): the title and body of each
 * message code in every language, placeholders as in English. English comes straight from the
 * catalogue, like the server codes. `message.legacy` shows a message stored before messages
 * were codes: its old texts, the same in every language.
 */
import { messageCatalogue, messageCodes, type Language } from '@brokerage/contract';
import type { MessageDictionary } from './keys.js';

const en = Object.fromEntries(
  messageCodes.flatMap((code) => [[`${code}.title`, messageCatalogue[code].title], [`${code}.body`, messageCatalogue[code].en]]),
) as MessageDictionary;

const legacy = { 'message.legacy.title': '{title}', 'message.legacy.body': '{content}' } as const;

const de = {
  'message.kyc.rejected.title': 'Identitätsprüfung abgelehnt',
  'message.kyc.rejected.body': 'Ihre Identitätsprüfung wurde abgelehnt. Grund: {reason}',
  'message.deposit.approved.title': 'Einzahlung freigegeben',
  'message.deposit.approved.body': 'Ihre Einzahlung {orderNo} über {amount} {currency} wurde freigegeben und Ihrem verfügbaren Guthaben gutgeschrieben.',
  'message.deposit.rejected.title': 'Einzahlung abgelehnt',
  'message.deposit.rejected.body': 'Ihre Einzahlung {orderNo} über {amount} {currency} wurde abgelehnt. Grund: {reason}',
  'message.withdraw.approved.title': 'Auszahlung freigegeben',
  'message.withdraw.approved.body': 'Ihre Auszahlung {orderNo} über {amount} {currency} wurde freigegeben und ausgezahlt.',
  'message.withdraw.rejected.title': 'Auszahlung abgelehnt',
  'message.withdraw.rejected.body': 'Ihre Auszahlung {orderNo} über {amount} {currency} wurde abgelehnt; der Betrag ist wieder verfügbar. Grund: {reason}',
  'message.day_trade.approved.title': 'Daytrading freigeschaltet',
  'message.day_trade.approved.body': 'Ihr Antrag auf Daytrading wurde genehmigt: T+N gilt nicht mehr für Ihre Schließungen. Die Mindesthaltedauer gilt weiterhin.',
  'message.day_trade.rejected.title': 'Daytrading-Antrag abgelehnt',
  'message.day_trade.rejected.body': 'Ihr Antrag auf Daytrading wurde abgelehnt. Grund: {reason}',
  'message.lending.matched.title': 'Wertpapierleihe zugeteilt',
  'message.lending.matched.body': '{product}: {amount} {currency} verliehen vom {startedAt} bis {endsAt}.',
  'message.lending.failed.title': 'Wertpapierleihe nicht zugeteilt',
  'message.lending.failed.body': '{product}: Das Produkt wurde vor der Abrechnung geschlossen; {amount} {currency} sind wieder verfügbar.',
  'message.lending.completed.title': 'Wertpapierleihe abgeschlossen',
  'message.lending.completed.body': '{product}: {amount} {currency} und Zinsen von {interest} {currency} wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
  ...legacy,
  'message.subscription.awaiting_payment.title': 'Neue Aktien zugeteilt',
  'message.subscription.awaiting_payment.body': '{product}: {allotted} Aktien zugeteilt. Zahlen Sie {amount} {currency} bis {deadline}, um sie zu behalten.',
  'message.subscription.paid.title': 'Neue Aktien zugeteilt und bezahlt',
  'message.subscription.paid.body': '{product}: {allotted} Aktien zugeteilt, {amount} {currency} aus Ihren gesperrten Mitteln bezahlt; {released} {currency} sind wieder verfügbar.',
  'message.subscription.lost.title': 'Keine neuen Aktien zugeteilt',
  'message.subscription.lost.body': '{product}: Ihnen wurden keine Aktien zugeteilt. {released} {currency} sind wieder verfügbar.',
  'message.subscription.payment_failed.title': 'Zahlung für neue Aktien versäumt',
  'message.subscription.payment_failed.body': '{product}: Die Zahlungsfrist ist ohne Zahlung abgelaufen; die Zuteilung ist verfallen.',
  'message.subscription.listed.title': 'Neue Aktien notiert',
  'message.subscription.listed.body': '{product} ist notiert: Ihre {allotted} Aktien sind jetzt eine Position in Ihrem Depot.',
} satisfies MessageDictionary;

/** Traditional Chinese (入金, 出金, 實名認證). */
const zh = {
  'message.kyc.rejected.title': '實名認證未通過',
  'message.kyc.rejected.body': '您的實名認證申請已被駁回。原因：{reason}',
  'message.deposit.approved.title': '入金已核准',
  'message.deposit.approved.body': '您的入金 {orderNo}（{amount} {currency}）已核准，並已存入可用餘額。',
  'message.deposit.rejected.title': '入金已駁回',
  'message.deposit.rejected.body': '您的入金 {orderNo}（{amount} {currency}）已被駁回。原因：{reason}',
  'message.withdraw.approved.title': '出金已核准',
  'message.withdraw.approved.body': '您的出金 {orderNo}（{amount} {currency}）已核准並完成撥款。',
  'message.withdraw.rejected.title': '出金已駁回',
  'message.withdraw.rejected.body': '您的出金 {orderNo}（{amount} {currency}）已被駁回，款項已恢復可用。原因：{reason}',
  'message.day_trade.approved.title': '已開通當沖交易',
  'message.day_trade.approved.body': '您的當沖交易申請已核准：平倉不再受 T+N 限制，最短持有時間仍然適用。',
  'message.day_trade.rejected.title': '當沖交易申請已駁回',
  'message.day_trade.rejected.body': '您的當沖交易申請已被駁回。原因：{reason}',
  'message.lending.matched.title': '融券出借已成交',
  'message.lending.matched.body': '{product}：已出借 {amount} {currency}，期間自 {startedAt} 至 {endsAt}。',
  'message.lending.failed.title': '融券出借未成交',
  'message.lending.failed.body': '{product}：產品於結算前關閉，{amount} {currency} 已恢復可用。',
  'message.lending.completed.title': '融券出借已完成',
  'message.lending.completed.body': '{product}：本金 {amount} {currency} 及利息 {interest} {currency} 已存入您的可用餘額。',
  ...legacy,
  'message.subscription.awaiting_payment.title': '新股已中籤',
  'message.subscription.awaiting_payment.body': '{product}：中籤 {allotted} 股。請於 {deadline} 前繳納 {amount} {currency} 以保留配售。',
  'message.subscription.paid.title': '新股已中籤並完成繳款',
  'message.subscription.paid.body': '{product}：中籤 {allotted} 股，已從凍結資金扣繳 {amount} {currency}；{released} {currency} 已退回可用餘額。',
  'message.subscription.lost.title': '新股未中籤',
  'message.subscription.lost.body': '{product}：本次未獲配售。{released} {currency} 已退回可用餘額。',
  'message.subscription.payment_failed.title': '新股逾期未繳款',
  'message.subscription.payment_failed.body': '{product}：繳款期限已過且未繳款，配售已失效。',
  'message.subscription.listed.title': '新股已上市',
  'message.subscription.listed.body': '{product} 已上市：您的 {allotted} 股已轉為持倉。',
} satisfies MessageDictionary;

const esp = {
  'message.kyc.rejected.title': 'Verificación de identidad rechazada',
  'message.kyc.rejected.body': 'Su verificación de identidad fue rechazada. Motivo: {reason}',
  'message.deposit.approved.title': 'Depósito aprobado',
  'message.deposit.approved.body': 'Su depósito {orderNo} por {amount} {currency} fue aprobado y abonado a su saldo disponible.',
  'message.deposit.rejected.title': 'Depósito rechazado',
  'message.deposit.rejected.body': 'Su depósito {orderNo} por {amount} {currency} fue rechazado. Motivo: {reason}',
  'message.withdraw.approved.title': 'Retiro aprobado',
  'message.withdraw.approved.body': 'Su retiro {orderNo} por {amount} {currency} fue aprobado y pagado.',
  'message.withdraw.rejected.title': 'Retiro rechazado',
  'message.withdraw.rejected.body': 'Su retiro {orderNo} por {amount} {currency} fue rechazado y el monto vuelve a estar disponible. Motivo: {reason}',
  'message.day_trade.approved.title': 'Day trading activado',
  'message.day_trade.approved.body': 'Su solicitud de day trading fue aprobada: la regla T+N ya no se aplica a sus cierres. El tiempo mínimo de tenencia sigue aplicándose.',
  'message.day_trade.rejected.title': 'Solicitud de day trading rechazada',
  'message.day_trade.rejected.body': 'Su solicitud de day trading fue rechazada. Motivo: {reason}',
  'message.lending.matched.title': 'Préstamo de valores asignado',
  'message.lending.matched.body': '{product}: {amount} {currency} prestados del {startedAt} al {endsAt}.',
  'message.lending.failed.title': 'Préstamo de valores no asignado',
  'message.lending.failed.body': '{product}: el producto cerró antes de la liquidación; {amount} {currency} vuelven a estar disponibles.',
  'message.lending.completed.title': 'Préstamo de valores completado',
  'message.lending.completed.body': '{product}: {amount} {currency} e intereses de {interest} {currency} abonados a su saldo disponible.',
  ...legacy,
  'message.subscription.awaiting_payment.title': 'Nuevas acciones asignadas',
  'message.subscription.awaiting_payment.body': '{product}: se le asignaron {allotted} acciones. Pague {amount} {currency} antes del {deadline} para conservarlas.',
  'message.subscription.paid.title': 'Nuevas acciones asignadas y pagadas',
  'message.subscription.paid.body': '{product}: se le asignaron {allotted} acciones y se pagaron {amount} {currency} de sus fondos congelados; {released} {currency} vuelven a estar disponibles.',
  'message.subscription.lost.title': 'Nuevas acciones no asignadas',
  'message.subscription.lost.body': '{product}: no se le asignó ninguna acción. {released} {currency} vuelven a estar disponibles.',
  'message.subscription.payment_failed.title': 'Pago de nuevas acciones vencido',
  'message.subscription.payment_failed.body': '{product}: el plazo de pago venció sin pago; la asignación ha caducado.',
  'message.subscription.listed.title': 'Nuevas acciones cotizando',
  'message.subscription.listed.body': '{product} ya cotiza: sus {allotted} acciones son ahora una posición en su cartera.',
} satisfies MessageDictionary;

const kor = {
  'message.kyc.rejected.title': '실명 인증 거절',
  'message.kyc.rejected.body': '실명 인증이 거절되었습니다. 사유: {reason}',
  'message.deposit.approved.title': '입금 승인',
  'message.deposit.approved.body': '입금 {orderNo}({amount} {currency})이 승인되어 사용 가능 잔액에 반영되었습니다.',
  'message.deposit.rejected.title': '입금 거절',
  'message.deposit.rejected.body': '입금 {orderNo}({amount} {currency})이 거절되었습니다. 사유: {reason}',
  'message.withdraw.approved.title': '출금 승인',
  'message.withdraw.approved.body': '출금 {orderNo}({amount} {currency})이 승인되어 지급되었습니다.',
  'message.withdraw.rejected.title': '출금 거절',
  'message.withdraw.rejected.body': '출금 {orderNo}({amount} {currency})이 거절되어 금액을 다시 사용할 수 있습니다. 사유: {reason}',
  'message.day_trade.approved.title': '데이 트레이딩 활성화됨',
  'message.day_trade.approved.body': '데이 트레이딩 신청이 승인되었습니다. 이제 T+N 제한이 청산에 적용되지 않으며, 최소 보유 시간은 계속 적용됩니다.',
  'message.day_trade.rejected.title': '데이 트레이딩 신청 거절',
  'message.day_trade.rejected.body': '데이 트레이딩 신청이 거절되었습니다. 사유: {reason}',
  'message.lending.matched.title': '증권 대여 체결',
  'message.lending.matched.body': '{product}: 대여 금액 {amount} {currency}, 기간 {startedAt} ~ {endsAt}.',
  'message.lending.failed.title': '증권 대여 미체결',
  'message.lending.failed.body': '{product}: 정산 전에 상품이 마감되었습니다. 다시 사용 가능한 금액: {amount} {currency}.',
  'message.lending.completed.title': '증권 대여 완료',
  'message.lending.completed.body': '{product}: 사용 가능 잔액에 입금되었습니다 (원금 {amount} {currency}, 이자 {interest} {currency}).',
  ...legacy,
  'message.subscription.awaiting_payment.title': '신주 배정',
  'message.subscription.awaiting_payment.body': '{product}: {allotted}주가 배정되었습니다. 유지하려면 {deadline}까지 {amount} {currency}를 납입하세요.',
  'message.subscription.paid.title': '신주 배정 및 납입 완료',
  'message.subscription.paid.body': '{product}: {allotted}주가 배정되어 동결 자금에서 {amount} {currency}가 납입되었습니다. {released} {currency}는 다시 사용 가능합니다.',
  'message.subscription.lost.title': '신주 미배정',
  'message.subscription.lost.body': '{product}: 배정된 주식이 없습니다. {released} {currency}는 다시 사용 가능합니다.',
  'message.subscription.payment_failed.title': '신주 납입 기한 경과',
  'message.subscription.payment_failed.body': '{product}: 납입 기한이 지나 배정이 소멸되었습니다.',
  'message.subscription.listed.title': '신주 상장',
  'message.subscription.listed.body': '{product}이(가) 상장되었습니다. 보유하신 {allotted}주가 이제 포트폴리오의 포지션입니다.',
} satisfies MessageDictionary;

export const messageTexts: Record<Language, MessageDictionary> = { en, de, zh, esp, kor };

/** Keys that read the same in every language on purpose (an old message's own texts). */
export const untranslatedMessageKeys: readonly string[] = Object.keys(legacy);
