/**
 * Personal messages (contract `messageCatalogue`, docs/api.md §7.5): the title and body of each
 * message code in every language, placeholders as in English. English comes straight from the
 * catalogue, like the server codes. `message.legacy` shows a message stored before messages
 * were codes: its old texts, the same in every language.
 */
import { messageCatalogue, messageCodes, type Language } from '@brokerage/contract';
import type { MessageDictionary } from './keys.js';

const en = Object.fromEntries(
  messageCodes.flatMap((code) => [
    [`${code}.title`, messageCatalogue[code].title],
    [`${code}.body`, messageCatalogue[code].en],
  ]),
) as MessageDictionary;

const legacy = { 'message.legacy.title': '{title}', 'message.legacy.body': '{content}' } as const;

const de = {
  'message.kyc.approved.title': 'Identitätsprüfung bestätigt',
  'message.kyc.approved.body':
    'Ihre Identitätsprüfung als {name} wurde bestätigt. Sie können jetzt einzahlen, handeln und auszahlen.',
  'message.kyc.rejected.title': 'Identitätsprüfung abgelehnt',
  'message.kyc.rejected.body': 'Ihre Identitätsprüfung wurde abgelehnt. Grund: {reason}',
  'message.deposit.approved.title': 'Einzahlung freigegeben',
  'message.deposit.approved.body':
    'Ihre Einzahlung {orderNo} über {amount} {currency} wurde freigegeben und Ihrem verfügbaren Guthaben gutgeschrieben.',
  'message.deposit.rejected.title': 'Einzahlung abgelehnt',
  'message.deposit.rejected.body':
    'Ihre Einzahlung {orderNo} über {amount} {currency} wurde abgelehnt. Grund: {reason}',
  'message.withdraw.approved.title': 'Auszahlung freigegeben',
  'message.withdraw.approved.body':
    'Ihre Auszahlung {orderNo} über {amount} {currency} wurde freigegeben und ausgezahlt.',
  'message.withdraw.rejected.title': 'Auszahlung abgelehnt',
  'message.withdraw.rejected.body':
    'Ihre Auszahlung {orderNo} über {amount} {currency} wurde abgelehnt; der Betrag ist wieder verfügbar. Grund: {reason}',
  'message.day_trade.approved.title': 'Daytrading freigeschaltet',
  'message.day_trade.approved.body':
    'Ihr Antrag auf Daytrading wurde genehmigt: T+N gilt nicht mehr für Ihre Schließungen. Die Mindesthaltedauer gilt weiterhin.',
  'message.day_trade.rejected.title': 'Daytrading-Antrag abgelehnt',
  'message.day_trade.rejected.body': 'Ihr Antrag auf Daytrading wurde abgelehnt. Grund: {reason}',
  'message.order.filled.title': 'Limit-Order ausgeführt',
  'message.order.filled.body':
    'Ihre Limit-Order {orderNo} über {lots} Lots {name} ({code}) wurde zu {price} {currency} ausgeführt. Die Position ist in Ihrem Depot.',
  'message.position.take_profit.title': 'Take-Profit erreicht',
  'message.position.take_profit.body':
    'Ihre Position {orderNo} ({lots} Lots {name}, {code}) hat ihren Take-Profit erreicht und wurde zu {price} geschlossen. Gewinn/Verlust: {profit} {currency}; {amount} {currency} sind auf Ihr Konto zurückgeflossen.',
  'message.position.stop_loss.title': 'Stop-Loss erreicht',
  'message.position.stop_loss.body':
    'Ihre Position {orderNo} ({lots} Lots {name}, {code}) hat ihren Stop-Loss erreicht und wurde zu {price} geschlossen. Gewinn/Verlust: {profit} {currency}; {amount} {currency} sind auf Ihr Konto zurückgeflossen.',
  'message.position.stop_out.title': 'Position zwangsgeschlossen',
  'message.position.stop_out.body':
    'Der Verlust Ihrer Position {orderNo} ({lots} Lots {name}, {code}) hat die Stop-out-Grenze erreicht; sie wurde zu {price} geschlossen. Gewinn/Verlust: {profit} {currency}; {amount} {currency} sind auf Ihr Konto zurückgeflossen.',
  'message.position.delisted.title': 'Position geschlossen: Delisting',
  'message.position.delisted.body':
    '{name} ({code}) wurde vom Handel genommen; Ihre Position {orderNo} ({lots} Lots) wurde zum letzten Kurs {price} geschlossen. Gewinn/Verlust: {profit} {currency}; {amount} {currency} sind auf Ihr Konto zurückgeflossen.',
  'message.alert.price_above.title': '{code} hat Ihren Alarm erreicht',
  'message.alert.price_above.body': '{name} ({code}) steht bei {price}, auf oder über Ihrer Alarmschwelle von {value}.',
  'message.alert.price_below.title': '{code} hat Ihren Alarm erreicht',
  'message.alert.price_below.body':
    '{name} ({code}) steht bei {price}, auf oder unter Ihrer Alarmschwelle von {value}.',
  'message.alert.change_up.title': '{code} heute {changePercent} % im Plus',
  'message.alert.change_up.body':
    '{name} ({code}) liegt heute {changePercent} % im Plus bei {price} und hat Ihren Alarm von +{percent} % erreicht.',
  'message.alert.change_down.title': '{code} heute {changePercent} % im Minus',
  'message.alert.change_down.body':
    '{name} ({code}) liegt heute {changePercent} % im Minus bei {price} und hat Ihren Alarm von −{percent} % erreicht.',
  'message.security.totp_reset.title': 'Zwei-Schritt-Verifizierung deaktiviert',
  'message.security.totp_reset.body': 'Die Zwei-Schritt-Verifizierung wurde vom Kundenservice deaktiviert.',
  'message.security.new_login.title': 'Neue Anmeldung bei Ihrem Konto',
  'message.security.new_login.body':
    'Neue Anmeldung von {device} ({ip}) am {time}. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und beenden Sie diese Sitzung unter Sicherheit.',
  'message.security.passkey_clone.title': 'Passkey abgelehnt',
  'message.security.passkey_clone.body': 'Ein Passkey Ihres Kontos wurde abgelehnt: Er wurde möglicherweise kopiert.',
  'message.lending.matched.title': 'Wertpapierleihe zugeteilt',
  'message.lending.matched.body': '{product}: {amount} {currency} verliehen vom {startedAt} bis {endsAt}.',
  'message.lending.failed.title': 'Wertpapierleihe nicht zugeteilt',
  'message.lending.failed.body':
    '{product}: Das Produkt wurde vor der Abrechnung geschlossen; {amount} {currency} sind wieder verfügbar.',
  'message.lending.completed.title': 'Wertpapierleihe abgeschlossen',
  'message.lending.completed.body':
    '{product}: {amount} {currency} und Zinsen von {interest} {currency} wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
  ...legacy,
  'message.subscription.awaiting_payment.title': 'Neue Aktien zugeteilt',
  'message.subscription.awaiting_payment.body':
    '{product}: {allotted} Aktien zugeteilt. Zahlen Sie {amount} {currency} bis {deadline}, um sie zu behalten.',
  'message.subscription.paid.title': 'Neue Aktien zugeteilt und bezahlt',
  'message.subscription.paid.body':
    '{product}: {allotted} Aktien zugeteilt, {amount} {currency} aus Ihren gesperrten Mitteln bezahlt; {released} {currency} sind wieder verfügbar.',
  'message.subscription.lost.title': 'Keine neuen Aktien zugeteilt',
  'message.subscription.lost.body':
    '{product}: Ihnen wurden keine Aktien zugeteilt. {released} {currency} sind wieder verfügbar.',
  'message.subscription.payment_failed.title': 'Zahlung für neue Aktien versäumt',
  'message.subscription.payment_failed.body':
    '{product}: Die Zahlungsfrist ist ohne Zahlung abgelaufen; die Zuteilung ist verfallen.',
  'message.subscription.listed.title': 'Neue Aktien notiert',
  'message.subscription.listed.body':
    '{product} ist notiert: Ihre {allotted} Aktien sind jetzt eine Position in Ihrem Depot.',
  'message.block.approved.title': 'Blockhandel genehmigt',
  'message.block.approved.body':
    'Ihr Blockhandel über {shares} {code} zu {price} {currency} wurde genehmigt; die Position ist in Ihrem Depot.',
  'message.block.rejected.title': 'Blockhandel abgelehnt',
  'message.block.rejected.body':
    'Ihr Blockhandel über {shares} {code} wurde abgelehnt, der gesperrte Betrag ist wieder verfügbar. Grund: {reason}',
  'message.copy.ended.title': 'Copy-Trading beendet',
  'message.copy.ended.body':
    '{product} ist beendet: Ihre Auszahlung von {payout} {currency} ist in Ihrem verfügbaren Guthaben.',
  'message.loan.approved.title': 'Kredit genehmigt',
  'message.loan.approved.body':
    'Ihr Kredit {orderNo} über {amount} {currency} wurde genehmigt und Ihrem verfügbaren Guthaben gutgeschrieben. Auf das offene Kapital fallen täglich Zinsen an.',
  'message.loan.rejected.title': 'Kreditantrag abgelehnt',
  'message.loan.rejected.body': 'Ihr Kreditantrag {orderNo} über {amount} {currency} wurde abgelehnt. Grund: {reason}',
  'message.quota.approved.title': 'Krediterhöhung genehmigt',
  'message.quota.approved.body': 'Ihr Antrag wurde genehmigt: Ihr Kreditrahmen wurde um {amount} {currency} erhöht.',
  'message.quota.rejected.title': 'Krediterhöhung abgelehnt',
  'message.quota.rejected.body':
    'Ihr Antrag, den Kreditrahmen um {amount} {currency} zu erhöhen, wurde abgelehnt. Grund: {reason}',
} satisfies MessageDictionary;

/** Traditional Chinese (入金, 出金, 實名認證). */
const zh = {
  'message.kyc.approved.title': '實名認證已通過',
  'message.kyc.approved.body': '您以 {name} 提交的實名認證已通過，現在可以入金、交易及出金。',
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
  'message.order.filled.title': '限價單已成交',
  'message.order.filled.body':
    '您的限價單 {orderNo}（{name}（{code}）{lots} 手）已以 {price} {currency} 成交，持倉已計入您的投資組合。',
  'message.position.take_profit.title': '已觸發止盈',
  'message.position.take_profit.body':
    '您的持倉 {orderNo}（{name}（{code}）{lots} 手）已觸發止盈，以 {price} 平倉。盈虧：{profit} {currency}；{amount} {currency} 已退回您的帳戶。',
  'message.position.stop_loss.title': '已觸發止損',
  'message.position.stop_loss.body':
    '您的持倉 {orderNo}（{name}（{code}）{lots} 手）已觸發止損，以 {price} 平倉。盈虧：{profit} {currency}；{amount} {currency} 已退回您的帳戶。',
  'message.position.stop_out.title': '持倉已強制平倉',
  'message.position.stop_out.body':
    '您的持倉 {orderNo}（{name}（{code}）{lots} 手）虧損已達強制平倉線，已以 {price} 平倉。盈虧：{profit} {currency}；{amount} {currency} 已退回您的帳戶。',
  'message.position.delisted.title': '持倉因下市平倉',
  'message.position.delisted.body':
    '{name}（{code}）已下市，您的持倉 {orderNo}（{lots} 手）已以最後價格 {price} 平倉。盈虧：{profit} {currency}；{amount} {currency} 已退回您的帳戶。',
  'message.alert.price_above.title': '{code} 已達到您的提醒',
  'message.alert.price_above.body': '{name}（{code}）現價 {price}，已達到或高於您的提醒價 {value}。',
  'message.alert.price_below.title': '{code} 已達到您的提醒',
  'message.alert.price_below.body': '{name}（{code}）現價 {price}，已達到或低於您的提醒價 {value}。',
  'message.alert.change_up.title': '{code} 今日上漲 {changePercent}%',
  'message.alert.change_up.body':
    '{name}（{code}）今日上漲 {changePercent}%，現價 {price}，已達到您設定的 +{percent}% 提醒。',
  'message.alert.change_down.title': '{code} 今日下跌 {changePercent}%',
  'message.alert.change_down.body':
    '{name}（{code}）今日下跌 {changePercent}%，現價 {price}，已達到您設定的 −{percent}% 提醒。',
  'message.security.totp_reset.title': '兩步驟驗證已關閉',
  'message.security.totp_reset.body': '客服已為您關閉兩步驟驗證。',
  'message.security.new_login.title': '您的帳戶有新的登入',
  'message.security.new_login.body':
    '{time} 從 {device}（{ip}）新登入。如果不是您本人，請變更密碼，並在「安全」中結束該工作階段。',
  'message.security.passkey_clone.title': '通行密鑰已被拒絕',
  'message.security.passkey_clone.body': '您帳戶的一個通行密鑰已被拒絕：它可能已被複製。',
  'message.lending.matched.title': '融券出借已成交',
  'message.lending.matched.body': '{product}：已出借 {amount} {currency}，期間自 {startedAt} 至 {endsAt}。',
  'message.lending.failed.title': '融券出借未成交',
  'message.lending.failed.body': '{product}：產品於結算前關閉，{amount} {currency} 已恢復可用。',
  'message.lending.completed.title': '融券出借已完成',
  'message.lending.completed.body':
    '{product}：本金 {amount} {currency} 及利息 {interest} {currency} 已存入您的可用餘額。',
  ...legacy,
  'message.subscription.awaiting_payment.title': '新股已中籤',
  'message.subscription.awaiting_payment.body':
    '{product}：中籤 {allotted} 股。請於 {deadline} 前繳納 {amount} {currency} 以保留配售。',
  'message.subscription.paid.title': '新股已中籤並完成繳款',
  'message.subscription.paid.body':
    '{product}：中籤 {allotted} 股，已從凍結資金扣繳 {amount} {currency}；{released} {currency} 已退回可用餘額。',
  'message.subscription.lost.title': '新股未中籤',
  'message.subscription.lost.body': '{product}：本次未獲配售。{released} {currency} 已退回可用餘額。',
  'message.subscription.payment_failed.title': '新股逾期未繳款',
  'message.subscription.payment_failed.body': '{product}：繳款期限已過且未繳款，配售已失效。',
  'message.subscription.listed.title': '新股已上市',
  'message.subscription.listed.body': '{product} 已上市：您的 {allotted} 股已轉為持倉。',
  'message.block.approved.title': '大宗交易已核准',
  'message.block.approved.body':
    '您以 {price} {currency} 買入 {shares} 股 {code} 的大宗交易已核准，持倉已計入您的投資組合。',
  'message.block.rejected.title': '大宗交易已駁回',
  'message.block.rejected.body': '您 {shares} 股 {code} 的大宗交易已被駁回，凍結金額已退回可用餘額。原因：{reason}',
  'message.copy.ended.title': '跟單已結束',
  'message.copy.ended.body': '{product} 已結束：您的 {payout} {currency} 回款已計入可用餘額。',
  'message.loan.approved.title': '借款已核准',
  'message.loan.approved.body': '您的借款 {orderNo}（{amount} {currency}）已核准，並已存入可用餘額。未償本金按日計息。',
  'message.loan.rejected.title': '借款已駁回',
  'message.loan.rejected.body': '您的借款申請 {orderNo}（{amount} {currency}）已被駁回。原因：{reason}',
  'message.quota.approved.title': '提額已核准',
  'message.quota.approved.body': '您的提額申請已核准：借款額度已提高 {amount} {currency}。',
  'message.quota.rejected.title': '提額已駁回',
  'message.quota.rejected.body': '您提高借款額度 {amount} {currency} 的申請已被駁回。原因：{reason}',
} satisfies MessageDictionary;

const esp = {
  'message.kyc.approved.title': 'Verificación de identidad aprobada',
  'message.kyc.approved.body':
    'Su verificación de identidad como {name} fue aprobada. Ya puede depositar, operar y retirar.',
  'message.kyc.rejected.title': 'Verificación de identidad rechazada',
  'message.kyc.rejected.body': 'Su verificación de identidad fue rechazada. Motivo: {reason}',
  'message.deposit.approved.title': 'Depósito aprobado',
  'message.deposit.approved.body':
    'Su depósito {orderNo} por {amount} {currency} fue aprobado y abonado a su saldo disponible.',
  'message.deposit.rejected.title': 'Depósito rechazado',
  'message.deposit.rejected.body': 'Su depósito {orderNo} por {amount} {currency} fue rechazado. Motivo: {reason}',
  'message.withdraw.approved.title': 'Retiro aprobado',
  'message.withdraw.approved.body': 'Su retiro {orderNo} por {amount} {currency} fue aprobado y pagado.',
  'message.withdraw.rejected.title': 'Retiro rechazado',
  'message.withdraw.rejected.body':
    'Su retiro {orderNo} por {amount} {currency} fue rechazado y el monto vuelve a estar disponible. Motivo: {reason}',
  'message.day_trade.approved.title': 'Day trading activado',
  'message.day_trade.approved.body':
    'Su solicitud de day trading fue aprobada: la regla T+N ya no se aplica a sus cierres. El tiempo mínimo de tenencia sigue aplicándose.',
  'message.day_trade.rejected.title': 'Solicitud de day trading rechazada',
  'message.day_trade.rejected.body': 'Su solicitud de day trading fue rechazada. Motivo: {reason}',
  'message.order.filled.title': 'Orden límite ejecutada',
  'message.order.filled.body':
    'Su orden límite {orderNo} de {lots} lotes de {name} ({code}) se ejecutó a {price} {currency}. La posición está en su cartera.',
  'message.position.take_profit.title': 'Take profit alcanzado',
  'message.position.take_profit.body':
    'Su posición {orderNo} ({lots} lotes de {name}, {code}) alcanzó su take profit y se cerró a {price}. Resultado: {profit} {currency}; {amount} {currency} volvieron a su cuenta.',
  'message.position.stop_loss.title': 'Stop loss alcanzado',
  'message.position.stop_loss.body':
    'Su posición {orderNo} ({lots} lotes de {name}, {code}) alcanzó su stop loss y se cerró a {price}. Resultado: {profit} {currency}; {amount} {currency} volvieron a su cuenta.',
  'message.position.stop_out.title': 'Posición liquidada',
  'message.position.stop_out.body':
    'La pérdida de su posición {orderNo} ({lots} lotes de {name}, {code}) alcanzó el nivel de liquidación, por lo que se cerró a {price}. Resultado: {profit} {currency}; {amount} {currency} volvieron a su cuenta.',
  'message.position.delisted.title': 'Posición cerrada por exclusión de cotización',
  'message.position.delisted.body':
    '{name} ({code}) dejó de cotizar, por lo que su posición {orderNo} ({lots} lotes) se cerró a su último precio {price}. Resultado: {profit} {currency}; {amount} {currency} volvieron a su cuenta.',
  'message.alert.price_above.title': '{code} alcanzó su alerta',
  'message.alert.price_above.body':
    '{name} ({code}) está en {price}, igual o por encima de su nivel de alerta de {value}.',
  'message.alert.price_below.title': '{code} alcanzó su alerta',
  'message.alert.price_below.body':
    '{name} ({code}) está en {price}, igual o por debajo de su nivel de alerta de {value}.',
  'message.alert.change_up.title': '{code} sube {changePercent} % hoy',
  'message.alert.change_up.body':
    '{name} ({code}) sube {changePercent} % hoy, a {price}, y superó su alerta de +{percent} %.',
  'message.alert.change_down.title': '{code} baja {changePercent} % hoy',
  'message.alert.change_down.body':
    '{name} ({code}) baja {changePercent} % hoy, a {price}, y superó su alerta de −{percent} %.',
  'message.security.totp_reset.title': 'Verificación en dos pasos desactivada',
  'message.security.totp_reset.body': 'El servicio de atención al cliente desactivó la verificación en dos pasos.',
  'message.security.new_login.title': 'Nuevo inicio de sesión en su cuenta',
  'message.security.new_login.body':
    'Nuevo inicio de sesión desde {device} ({ip}) el {time}. Si no fue usted, cambie su contraseña y cierre esa sesión en Seguridad.',
  'message.security.passkey_clone.title': 'Llave de acceso rechazada',
  'message.security.passkey_clone.body': 'Se rechazó una llave de acceso de su cuenta: es posible que se haya copiado.',
  'message.lending.matched.title': 'Préstamo de valores asignado',
  'message.lending.matched.body': '{product}: {amount} {currency} prestados del {startedAt} al {endsAt}.',
  'message.lending.failed.title': 'Préstamo de valores no asignado',
  'message.lending.failed.body':
    '{product}: el producto cerró antes de la liquidación; {amount} {currency} vuelven a estar disponibles.',
  'message.lending.completed.title': 'Préstamo de valores completado',
  'message.lending.completed.body':
    '{product}: {amount} {currency} e intereses de {interest} {currency} abonados a su saldo disponible.',
  ...legacy,
  'message.subscription.awaiting_payment.title': 'Nuevas acciones asignadas',
  'message.subscription.awaiting_payment.body':
    '{product}: se le asignaron {allotted} acciones. Pague {amount} {currency} antes del {deadline} para conservarlas.',
  'message.subscription.paid.title': 'Nuevas acciones asignadas y pagadas',
  'message.subscription.paid.body':
    '{product}: se le asignaron {allotted} acciones y se pagaron {amount} {currency} de sus fondos congelados; {released} {currency} vuelven a estar disponibles.',
  'message.subscription.lost.title': 'Nuevas acciones no asignadas',
  'message.subscription.lost.body':
    '{product}: no se le asignó ninguna acción. {released} {currency} vuelven a estar disponibles.',
  'message.subscription.payment_failed.title': 'Pago de nuevas acciones vencido',
  'message.subscription.payment_failed.body': '{product}: el plazo de pago venció sin pago; la asignación ha caducado.',
  'message.subscription.listed.title': 'Nuevas acciones cotizando',
  'message.subscription.listed.body':
    '{product} ya cotiza: sus {allotted} acciones son ahora una posición en su cartera.',
  'message.block.approved.title': 'Operación en bloque aprobada',
  'message.block.approved.body':
    'Su operación en bloque de {shares} {code} a {price} {currency} fue aprobada; la posición está en su cartera.',
  'message.block.rejected.title': 'Operación en bloque rechazada',
  'message.block.rejected.body':
    'Su operación en bloque de {shares} {code} fue rechazada y el importe congelado vuelve a estar disponible. Motivo: {reason}',
  'message.copy.ended.title': 'Copy trading finalizado',
  'message.copy.ended.body': '{product} ha finalizado: su pago de {payout} {currency} está en su saldo disponible.',
  'message.loan.approved.title': 'Préstamo aprobado',
  'message.loan.approved.body':
    'Su préstamo {orderNo} de {amount} {currency} fue aprobado y abonado a su saldo disponible. El capital pendiente devenga intereses diarios.',
  'message.loan.rejected.title': 'Préstamo rechazado',
  'message.loan.rejected.body':
    'Su solicitud de préstamo {orderNo} de {amount} {currency} fue rechazada. Motivo: {reason}',
  'message.quota.approved.title': 'Aumento de crédito aprobado',
  'message.quota.approved.body': 'Su solicitud fue aprobada: su cupo de préstamo aumentó en {amount} {currency}.',
  'message.quota.rejected.title': 'Aumento de crédito rechazado',
  'message.quota.rejected.body':
    'Su solicitud de aumentar su cupo de préstamo en {amount} {currency} fue rechazada. Motivo: {reason}',
} satisfies MessageDictionary;

const kor = {
  'message.kyc.approved.title': '실명 인증 승인',
  'message.kyc.approved.body': '{name} 명의의 실명 인증이 승인되었습니다. 이제 입금, 거래, 출금을 하실 수 있습니다.',
  'message.kyc.rejected.title': '실명 인증 거절',
  'message.kyc.rejected.body': '실명 인증이 거절되었습니다. 사유: {reason}',
  'message.deposit.approved.title': '입금 승인',
  'message.deposit.approved.body': '입금 {orderNo}({amount} {currency})이 승인되어 사용 가능 잔액에 반영되었습니다.',
  'message.deposit.rejected.title': '입금 거절',
  'message.deposit.rejected.body': '입금 {orderNo}({amount} {currency})이 거절되었습니다. 사유: {reason}',
  'message.withdraw.approved.title': '출금 승인',
  'message.withdraw.approved.body': '출금 {orderNo}({amount} {currency})이 승인되어 지급되었습니다.',
  'message.withdraw.rejected.title': '출금 거절',
  'message.withdraw.rejected.body':
    '출금 {orderNo}({amount} {currency})이 거절되어 금액을 다시 사용할 수 있습니다. 사유: {reason}',
  'message.day_trade.approved.title': '데이 트레이딩 활성화됨',
  'message.day_trade.approved.body':
    '데이 트레이딩 신청이 승인되었습니다. 이제 T+N 제한이 청산에 적용되지 않으며, 최소 보유 시간은 계속 적용됩니다.',
  'message.day_trade.rejected.title': '데이 트레이딩 신청 거절',
  'message.day_trade.rejected.body': '데이 트레이딩 신청이 거절되었습니다. 사유: {reason}',
  'message.order.filled.title': '지정가 주문 체결',
  'message.order.filled.body':
    '지정가 주문 {orderNo}({name}({code}) {lots}랏)이 {price} {currency}에 체결되었습니다. 포지션이 포트폴리오에 추가되었습니다.',
  'message.position.take_profit.title': '익절가 도달',
  'message.position.take_profit.body':
    '포지션 {orderNo}({name}({code}) {lots}랏)이 익절가에 도달하여 {price}에 청산되었습니다. 손익: {profit} {currency}, {amount} {currency}가 계좌로 반환되었습니다.',
  'message.position.stop_loss.title': '손절가 도달',
  'message.position.stop_loss.body':
    '포지션 {orderNo}({name}({code}) {lots}랏)이 손절가에 도달하여 {price}에 청산되었습니다. 손익: {profit} {currency}, {amount} {currency}가 계좌로 반환되었습니다.',
  'message.position.stop_out.title': '포지션 강제 청산',
  'message.position.stop_out.body':
    '포지션 {orderNo}({name}({code}) {lots}랏)의 손실이 강제 청산 기준에 도달하여 {price}에 청산되었습니다. 손익: {profit} {currency}, {amount} {currency}가 계좌로 반환되었습니다.',
  'message.position.delisted.title': '상장폐지로 포지션 청산',
  'message.position.delisted.body':
    '{name}({code})이(가) 상장폐지되어 포지션 {orderNo}({lots}랏)이 마지막 가격 {price}에 청산되었습니다. 손익: {profit} {currency}, {amount} {currency}가 계좌로 반환되었습니다.',
  'message.alert.price_above.title': '{code} 알림 도달',
  'message.alert.price_above.body': '{name}({code}) 현재가 {price}, 알림 가격 {value} 이상에 도달했습니다.',
  'message.alert.price_below.title': '{code} 알림 도달',
  'message.alert.price_below.body': '{name}({code}) 현재가 {price}, 알림 가격 {value} 이하에 도달했습니다.',
  'message.alert.change_up.title': '{code} 오늘 {changePercent}% 상승',
  'message.alert.change_up.body':
    '{name}({code})이(가) 오늘 {changePercent}% 상승해 {price}이며, +{percent}% 알림에 도달했습니다.',
  'message.alert.change_down.title': '{code} 오늘 {changePercent}% 하락',
  'message.alert.change_down.body':
    '{name}({code})이(가) 오늘 {changePercent}% 하락해 {price}이며, −{percent}% 알림에 도달했습니다.',
  'message.security.totp_reset.title': '2단계 인증 해제',
  'message.security.totp_reset.body': '고객센터에서 2단계 인증을 해제했습니다.',
  'message.security.new_login.title': '계정에 새로운 로그인',
  'message.security.new_login.body':
    '{time}에 {device}({ip})에서 새로 로그인했습니다. 본인이 아니라면 비밀번호를 변경하고 보안 메뉴에서 해당 세션을 종료하세요.',
  'message.security.passkey_clone.title': '패스키 거부됨',
  'message.security.passkey_clone.body': '계정의 패스키가 거부되었습니다. 복제되었을 수 있습니다.',
  'message.lending.matched.title': '증권 대여 체결',
  'message.lending.matched.body': '{product}: 대여 금액 {amount} {currency}, 기간 {startedAt} ~ {endsAt}.',
  'message.lending.failed.title': '증권 대여 미체결',
  'message.lending.failed.body':
    '{product}: 정산 전에 상품이 마감되었습니다. 다시 사용 가능한 금액: {amount} {currency}.',
  'message.lending.completed.title': '증권 대여 완료',
  'message.lending.completed.body':
    '{product}: 사용 가능 잔액에 입금되었습니다 (원금 {amount} {currency}, 이자 {interest} {currency}).',
  ...legacy,
  'message.subscription.awaiting_payment.title': '신주 배정',
  'message.subscription.awaiting_payment.body':
    '{product}: {allotted}주가 배정되었습니다. 유지하려면 {deadline}까지 {amount} {currency}를 납입하세요.',
  'message.subscription.paid.title': '신주 배정 및 납입 완료',
  'message.subscription.paid.body':
    '{product}: {allotted}주가 배정되어 동결 자금에서 {amount} {currency}가 납입되었습니다. {released} {currency}는 다시 사용 가능합니다.',
  'message.subscription.lost.title': '신주 미배정',
  'message.subscription.lost.body': '{product}: 배정된 주식이 없습니다. {released} {currency}는 다시 사용 가능합니다.',
  'message.subscription.payment_failed.title': '신주 납입 기한 경과',
  'message.subscription.payment_failed.body': '{product}: 납입 기한이 지나 배정이 소멸되었습니다.',
  'message.subscription.listed.title': '신주 상장',
  'message.subscription.listed.body':
    '{product}이(가) 상장되었습니다. 보유하신 {allotted}주가 이제 포트폴리오의 포지션입니다.',
  'message.block.approved.title': '대량매매 승인',
  'message.block.approved.body':
    '{code} {shares}주를 {price} {currency}에 매수하는 대량매매가 승인되었습니다. 포지션이 포트폴리오에 추가되었습니다.',
  'message.block.rejected.title': '대량매매 거절',
  'message.block.rejected.body':
    '{code} {shares}주 대량매매가 거절되어 동결 금액이 다시 사용 가능합니다. 사유: {reason}',
  'message.copy.ended.title': '카피 트레이딩 종료',
  'message.copy.ended.body':
    '{product}이(가) 종료되었습니다. 지급액 {payout} {currency}이(가) 사용 가능 잔액에 입금되었습니다.',
  'message.loan.approved.title': '대출 승인',
  'message.loan.approved.body':
    '대출 {orderNo}({amount} {currency})이(가) 승인되어 사용 가능 잔액에 입금되었습니다. 미상환 원금에 매일 이자가 발생합니다.',
  'message.loan.rejected.title': '대출 거절',
  'message.loan.rejected.body': '대출 신청 {orderNo}({amount} {currency})이(가) 거절되었습니다. 사유: {reason}',
  'message.quota.approved.title': '한도 상향 승인',
  'message.quota.approved.body': '신청이 승인되어 대출 한도가 {amount} {currency} 상향되었습니다.',
  'message.quota.rejected.title': '한도 상향 거절',
  'message.quota.rejected.body': '대출 한도를 {amount} {currency} 상향하는 신청이 거절되었습니다. 사유: {reason}',
} satisfies MessageDictionary;

export const messageTexts: Record<Language, MessageDictionary> = { en, de, zh, esp, kor };

/** Keys that read the same in every language on purpose (an old message's own texts). */
export const untranslatedMessageKeys: readonly string[] = Object.keys(legacy);
